-- btree_gist lets one exclusion constraint compare the coach id (=) and the time range (&&).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "coaches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"photo" text NOT NULL,
	"bio" jsonb NOT NULL,
	"languages" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"weekly" jsonb NOT NULL,
	"session_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"content_hash" text NOT NULL,
	CONSTRAINT "coaches_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "coaching_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"coach_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"lang" text DEFAULT 'fr' NOT NULL,
	"meeting_url" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"coach_token_hash" text NOT NULL,
	"reminder_mail_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_path" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coaching_bookings_member_id_starts_at_index" ON "coaching_bookings" USING btree ("member_id","starts_at");--> statement-breakpoint
CREATE INDEX "coaching_bookings_coach_id_starts_at_index" ON "coaching_bookings" USING btree ("coach_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_bookings_coach_token_key" ON "coaching_bookings" USING btree ("coach_token_hash");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express it): no two confirmed sessions of one coach overlap,
-- buffer included, even when the requests arrive at the same moment.
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_no_overlap" EXCLUDE USING gist ("coach_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&) WHERE ("status" = 'confirmed');--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_times_check" CHECK ("starts_at" < "ends_at" AND "ends_at" <= "blocked_until");
