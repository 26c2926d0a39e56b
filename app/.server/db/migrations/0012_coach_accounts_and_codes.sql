CREATE TABLE "access_code_uses" (
	"code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_code_uses_code_member_id_pk" PRIMARY KEY("code","member_id")
);
--> statement-breakpoint
ALTER TABLE "coaches" ALTER COLUMN "content_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "min_notice_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "horizon_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "meeting_url_template" text;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "access_code_uses" ADD CONSTRAINT "access_code_uses_code_access_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."access_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_uses" ADD CONSTRAINT "access_code_uses_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_code_uses_member_id_index" ON "access_code_uses" USING btree ("member_id");--> statement-breakpoint
ALTER TABLE "coaches" ADD CONSTRAINT "coaches_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaches" ADD CONSTRAINT "coaches_member_id_unique" UNIQUE("member_id");