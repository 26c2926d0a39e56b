-- Issue 28 item 7: how long before a session its member may still move or cancel it themselves
-- (the coach's setting, 24 h unless they change it, 0 to 168 h).
ALTER TABLE "coaches" ADD COLUMN "change_notice_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "coaches" ADD CONSTRAINT "coaches_change_notice_hours_range" CHECK ("change_notice_hours" BETWEEN 0 AND 168);--> statement-breakpoint
-- Issue 28 item 8: once a session has started, its coach marks it attended or missed.
ALTER TABLE "coaching_bookings" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD COLUMN "attendance_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_attendance_kind" CHECK ("attendance" IS NULL OR "attendance" IN ('attended', 'missed'));--> statement-breakpoint
-- Issue 28 item 9: a member waiting for an earlier time with the coach of their booked session
-- (one wish per session), and the single-use offers mailed when a time frees up.
CREATE TABLE "coaching_earlier_wishes" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"coach_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_offered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coaching_earlier_wishes" ADD CONSTRAINT "coaching_earlier_wishes_booking_id_coaching_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."coaching_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_earlier_wishes" ADD CONSTRAINT "coaching_earlier_wishes_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coaching_earlier_wishes_coach_id_index" ON "coaching_earlier_wishes" USING btree ("coach_id");--> statement-breakpoint
CREATE TABLE "coaching_earlier_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coaching_earlier_offers_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "coaching_earlier_offers" ADD CONSTRAINT "coaching_earlier_offers_booking_id_coaching_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."coaching_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coaching_earlier_offers_booking_id_index" ON "coaching_earlier_offers" USING btree ("booking_id");
