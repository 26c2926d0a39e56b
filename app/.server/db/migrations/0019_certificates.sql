CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"member_id" uuid NOT NULL,
	"training_id" uuid NOT NULL,
	"member_name" text NOT NULL,
	"training_title" jsonb NOT NULL,
	"completed_on" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_public_id_key" ON "certificates" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_valid_key" ON "certificates" USING btree ("member_id","training_id") WHERE withdrawn_at is null;
