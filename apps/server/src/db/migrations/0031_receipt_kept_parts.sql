ALTER TABLE "payment_receipts" ADD COLUMN "total_interest" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD COLUMN "total_principal" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD COLUMN "pledge_nos" text[];--> statement-breakpoint
-- Backfill: each receipt keeps the sums of its payment rows and their pledges' numbers in row order
-- (a receipt's rows never change once written; a reversal only marks them), as every payment writes
-- them from now on (receipt.service.ts). The daily collection's lines then read the receipt alone.
UPDATE "payment_receipts" r
   SET "total_interest" = x."interest", "total_principal" = x."principal", "pledge_nos" = x."pledge_nos"
  FROM (
    SELECT pp."company_id", pp."receipt_id", sum(pp."interest_amount") AS "interest",
           sum(pp."principal_amount") AS "principal",
           array_agg(p."pledge_no" ORDER BY pp."id") AS "pledge_nos"
      FROM "pledge_payments" pp
      JOIN "pledges" p ON p."company_id" = pp."company_id" AND p."id" = pp."pledge_id"
     GROUP BY pp."company_id", pp."receipt_id"
  ) x
 WHERE r."company_id" = x."company_id" AND r."id" = x."receipt_id";--> statement-breakpoint
ALTER TABLE "payment_receipts" ALTER COLUMN "total_interest" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_receipts" ALTER COLUMN "total_principal" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_receipts" ALTER COLUMN "pledge_nos" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_kept_parts" CHECK ("payment_receipts"."total_interest" >= 0 and "payment_receipts"."total_principal" >= 0 and "payment_receipts"."total_interest" + "payment_receipts"."total_principal" = "payment_receipts"."total_amount" and cardinality("payment_receipts"."pledge_nos") >= 1);
