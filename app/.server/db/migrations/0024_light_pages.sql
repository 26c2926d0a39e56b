ALTER TABLE "app_users" ADD COLUMN "light_pages" boolean DEFAULT false NOT NULL;
