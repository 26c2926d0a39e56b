CREATE TABLE "coaching_session_preps" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"topics" text DEFAULT '' NOT NULL,
	"share_goal" boolean DEFAULT false NOT NULL,
	"share_life_gps" boolean DEFAULT false NOT NULL,
	"shared_result" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coaching_session_preps" ADD CONSTRAINT "coaching_session_preps_booking_id_coaching_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."coaching_bookings"("id") ON DELETE cascade ON UPDATE no action;
