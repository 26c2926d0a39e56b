-- The pages French law asks for (legal/): each publication of a page is a new version, kept;
-- which versions a member accepted on registering; and the publisher's details the legal notice
-- (LCEN art. 6) and receipts show, one row.
CREATE TABLE "legal_versions" (
	"page" text NOT NULL,
	"number" integer NOT NULL,
	"body_fr" text NOT NULL,
	"body_en" text NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_versions_page_number_pk" PRIMARY KEY("page","number")
);
--> statement-breakpoint
CREATE TABLE "legal_acceptances" (
	"member_id" uuid NOT NULL,
	"page" text NOT NULL,
	"number" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_acceptances_member_id_page_number_pk" PRIMARY KEY("member_id","page","number")
);
--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_member_id_app_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_page_number_legal_versions_fk" FOREIGN KEY ("page","number") REFERENCES "public"."legal_versions"("page","number") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "legal_publisher" (
	"id" boolean PRIMARY KEY DEFAULT true CONSTRAINT "legal_publisher_one_row" CHECK ("id"),
	"details" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The render cache's data version (migration 0027) rises with every write to these tables too.
CREATE CONSTRAINT TRIGGER "raise_data_version" AFTER INSERT OR UPDATE OR DELETE ON "legal_versions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "raise_data_version_on_truncate" AFTER TRUNCATE ON "legal_versions" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "raise_data_version" AFTER INSERT OR UPDATE OR DELETE ON "legal_acceptances" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "raise_data_version_on_truncate" AFTER TRUNCATE ON "legal_acceptances" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "raise_data_version" AFTER INSERT OR UPDATE OR DELETE ON "legal_publisher" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "raise_data_version_on_truncate" AFTER TRUNCATE ON "legal_publisher" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
