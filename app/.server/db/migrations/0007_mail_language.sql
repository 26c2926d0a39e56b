ALTER TABLE "mail_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "vars" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lang" text;