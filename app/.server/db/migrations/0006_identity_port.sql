CREATE TABLE "identity_flows" (
	"flow_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"identity_id" uuid,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_users" DROP CONSTRAINT "app_users_identity_id_identities_id_fk";
--> statement-breakpoint
ALTER TABLE "self_service_codes" DROP CONSTRAINT "self_service_codes_identity_id_identities_id_fk";
--> statement-breakpoint
CREATE INDEX "identity_flows_identity_id_kind_index" ON "identity_flows" USING btree ("identity_id","kind");