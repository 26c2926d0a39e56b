CREATE TABLE "security_event_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" bigint NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_event_reports" ADD CONSTRAINT "security_event_reports_event_id_security_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."security_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_event_reports" ADD CONSTRAINT "security_event_reports_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "security_event_reports_token_hash_key" ON "security_event_reports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "security_event_reports_member_id_index" ON "security_event_reports" USING btree ("member_id");