CREATE TABLE "coaching_earlier_time_waits" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coaching_earlier_time_waits" ADD CONSTRAINT "coaching_earlier_time_waits_booking_id_coaching_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."coaching_bookings"("id") ON DELETE cascade ON UPDATE no action;
