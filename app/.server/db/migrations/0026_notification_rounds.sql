CREATE TABLE "notification_rounds" (
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" date NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_rounds_member_id_kind_period_pk" PRIMARY KEY("member_id","kind","period")
);
--> statement-breakpoint
ALTER TABLE "notification_rounds" ADD CONSTRAINT "notification_rounds_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "notification_rounds_kind_period_index" ON "notification_rounds" USING btree ("kind","period");
--> statement-breakpoint
INSERT INTO "notification_rounds" ("member_id", "kind", "period", "mail_id", "created_at")
	SELECT "member_id", 'weeklyDigest', "week", "mail_id", "created_at" FROM "weekly_digests";
--> statement-breakpoint
DROP TABLE "weekly_digests";
