-- Wrong codes at sign-in's second step in a row, whatever their spacing: at the ceiling the app's
-- codes stop and only a recovery code or a password reset by mail opens the account again.
ALTER TABLE "app_users" ADD COLUMN "wrong_second_factor_codes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Browsers remembered at the second step before this moment are not any more (a password changed
-- or reset, every session ended).
ALTER TABLE "app_users" ADD COLUMN "devices_forgotten_at" timestamp with time zone;
