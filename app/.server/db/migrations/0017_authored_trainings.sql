CREATE TABLE "content_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_drafts" (
	"slug" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"authored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"training_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_by" uuid,
	"summary" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_submissions" ADD COLUMN "version_id" uuid;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "version_id" uuid;--> statement-breakpoint
ALTER TABLE "training_versions" ADD CONSTRAINT "training_versions_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_versions_training_number_key" ON "training_versions" USING btree ("training_id","number");--> statement-breakpoint
ALTER TABLE "quiz_submissions" ADD CONSTRAINT "quiz_submissions_version_id_training_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."training_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_version_id_training_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."training_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- What was seeded before versions existed becomes each training's version 1 and its draft, and
-- every past quiz submission points at it.
INSERT INTO "content_generation" ("id", "generation") VALUES (1, 1);--> statement-breakpoint
INSERT INTO "training_versions" ("training_id", "number", "content", "summary", "published_at")
  SELECT "id", 1, "content",
    '{"added":{"modules":0,"parts":0,"questions":0},"removed":{"modules":0,"parts":0,"questions":0},"changed":{"modules":0,"parts":0,"questions":0,"training":false}}'::jsonb,
    "updated_at"
  FROM "trainings";--> statement-breakpoint
UPDATE "trainings" SET "version_id" = v."id" FROM "training_versions" v WHERE v."training_id" = "trainings"."id";--> statement-breakpoint
UPDATE "quiz_submissions" SET "version_id" = t."version_id"
  FROM "training_modules" m JOIN "trainings" t ON t."id" = m."training_id"
  WHERE m."id" = "quiz_submissions"."module_id";--> statement-breakpoint
INSERT INTO "training_drafts" ("slug", "content", "revision", "created_at", "updated_at")
  SELECT "slug", "content", 1, "updated_at", "updated_at" FROM "trainings";
