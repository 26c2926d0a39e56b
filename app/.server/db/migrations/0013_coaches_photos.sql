CREATE TABLE "coach_photos" (
	"coach_id" uuid PRIMARY KEY NOT NULL,
	"photo_id" uuid NOT NULL,
	"webp" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coach_photos" ADD CONSTRAINT "coach_photos_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_photos_photo_id_key" ON "coach_photos" USING btree ("photo_id");