-- A coach's agenda link is derived from a server secret, their id and this generation: renewing
-- the link adds one, and every link of an earlier generation stops working.
ALTER TABLE "coaches" ADD COLUMN "agenda_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A coach's time off: whole local days (in the coach's zone) from first_day to last_day, and the
-- instants they cover (computed when it is added), which the free times are checked against.
CREATE TABLE "coach_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_time_off_days" CHECK ("first_day" <= "last_day" AND "starts_at" < "ends_at")
);
--> statement-breakpoint
ALTER TABLE "coach_time_off" ADD CONSTRAINT "coach_time_off_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_time_off_coach_id_starts_at_index" ON "coach_time_off" USING btree ("coach_id","starts_at");
