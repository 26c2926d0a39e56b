ALTER TABLE "app_users" ADD COLUMN "time_zone" text;
