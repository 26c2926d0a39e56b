ALTER TABLE "commitments" ADD COLUMN "repeat_weekdays" smallint;--> statement-breakpoint
ALTER TABLE "commitments" ADD COLUMN "repeat_every_days" smallint;--> statement-breakpoint
ALTER TABLE "commitments" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_one_repeat" CHECK ("repeat_weekdays" IS NULL OR "repeat_every_days" IS NULL);--> statement-breakpoint
CREATE TABLE "commitment_occurrences" (
	"commitment_id" uuid NOT NULL,
	"day" date NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commitment_occurrences_commitment_id_day_pk" PRIMARY KEY("commitment_id","day")
);
--> statement-breakpoint
CREATE TABLE "commitment_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"commitment_id" uuid,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commitment_occurrences" ADD CONSTRAINT "commitment_occurrences_commitment_id_commitments_id_fk" FOREIGN KEY ("commitment_id") REFERENCES "public"."commitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitment_pauses" ADD CONSTRAINT "commitment_pauses_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitment_pauses" ADD CONSTRAINT "commitment_pauses_commitment_id_commitments_id_fk" FOREIGN KEY ("commitment_id") REFERENCES "public"."commitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commitment_pauses_member_id_ends_on_index" ON "commitment_pauses" USING btree ("member_id","ends_on");
