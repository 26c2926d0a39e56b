-- A member's profile photo: the re-encoded WebP itself, in the database so that
-- every app process serves it. `photo_id` is random and new at each upload: it is the photo's URL,
-- so a cached copy never outlives a change, and the coach (who has no account) can be shown it.
CREATE TABLE "member_photos" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"photo_id" uuid NOT NULL,
	"webp" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_photos" ADD CONSTRAINT "member_photos_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_photos_photo_id_key" ON "member_photos" USING btree ("photo_id");
