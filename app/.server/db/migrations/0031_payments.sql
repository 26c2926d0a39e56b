-- Payments (payments/): a payable training's price with its VAT rate; each Stripe Checkout session
-- and what became of it, with the amount and buyer copied in; one unbroken receipt sequence.
CREATE TABLE "training_prices" (
	"training_id" uuid PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_prices" ADD CONSTRAINT "training_prices_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "payments" (
	"checkout_session_id" text PRIMARY KEY NOT NULL,
	"member_id" uuid,
	"training_id" uuid,
	"training_title" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"lang" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"receipt_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payments_status_check" CHECK ("status" in ('pending', 'paid', 'refunded', 'disputed', 'mismatch'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_key" ON "payments" USING btree ("receipt_number");
--> statement-breakpoint
CREATE INDEX "payments_member_idx" ON "payments" USING btree ("member_id","created_at");
--> statement-breakpoint
CREATE INDEX "payments_payment_intent_idx" ON "payments" USING btree ("payment_intent_id");
--> statement-breakpoint
CREATE TABLE "receipt_counter" (
	"id" boolean PRIMARY KEY DEFAULT true CONSTRAINT "receipt_counter_one_row" CHECK ("id"),
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Kept pages follow them (migration 0029): a price is the catalogue's, a payment its buyer's.
SELECT page_versions_follow('training_prices', 'subject:catalogue');
--> statement-breakpoint
SELECT page_versions_follow('payments', 'member:member_id');
