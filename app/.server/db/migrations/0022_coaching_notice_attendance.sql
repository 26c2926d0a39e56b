-- How long before a session its member may still move or cancel it themselves
-- (the coach's setting, 24 h unless they change it, 0 to 168 h).
ALTER TABLE "coaches" ADD COLUMN "change_notice_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "coaches" ADD CONSTRAINT "coaches_change_notice_hours_range" CHECK ("change_notice_hours" BETWEEN 0 AND 168);--> statement-breakpoint
-- Once a session has started, its coach marks it attended or missed.
ALTER TABLE "coaching_bookings" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD COLUMN "attendance_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_attendance_kind" CHECK ("attendance" IS NULL OR "attendance" IN ('attended', 'missed'));
