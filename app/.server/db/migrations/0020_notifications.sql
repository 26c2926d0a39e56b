CREATE TABLE "notification_settings" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"weekly_digest" boolean DEFAULT true NOT NULL,
	"commitment_reminders" boolean DEFAULT false NOT NULL,
	"session_reminders" boolean DEFAULT true NOT NULL,
	"crew_news" boolean DEFAULT false NOT NULL,
	"digest_day" integer DEFAULT 1 NOT NULL,
	"digest_hour" integer DEFAULT 8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_digest_day_check" CHECK ("digest_day" BETWEEN 0 AND 6),
	CONSTRAINT "notification_settings_digest_hour_check" CHECK ("digest_hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "weekly_digests" (
	"member_id" uuid NOT NULL,
	"week" date NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_digests_member_id_week_pk" PRIMARY KEY("member_id","week")
);
--> statement-breakpoint
ALTER TABLE "weekly_digests" ADD CONSTRAINT "weekly_digests_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "member_id" uuid;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "notification_kind" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "unsubscribe_url" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;
