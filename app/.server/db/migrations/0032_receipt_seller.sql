-- A receipt keeps the seller's details as they stood when it was paid: the publisher's details
-- may change later (a move, a new company form) and an issued receipt must not. Receipts issued
-- before this column take the details saved today, the closest record there is.
ALTER TABLE "payments" ADD COLUMN "seller" jsonb;
--> statement-breakpoint
UPDATE "payments" SET "seller" = (SELECT "details" FROM "legal_publisher" LIMIT 1) WHERE "receipt_number" IS NOT NULL;
