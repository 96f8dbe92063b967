ALTER TABLE "customers" ADD COLUMN "needs_completion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Customers migrated before this kept the literal '(missing)' in required fields the old system did not
-- have: empty them and flag the record for completion instead (issue 10).
UPDATE "customers" SET "needs_completion" = true
 WHERE "legacy_pno" IS NOT NULL
   AND '(missing)' IN ("customer_name", "guardian_name", "mobile_number", "door_no", "street", "location", "district", "pincode");--> statement-breakpoint
UPDATE "customers" SET
  "customer_name" = CASE WHEN "customer_name" = '(missing)' THEN '' ELSE "customer_name" END,
  "guardian_name" = CASE WHEN "guardian_name" = '(missing)' THEN '' ELSE "guardian_name" END,
  "mobile_number" = CASE WHEN "mobile_number" = '(missing)' THEN '' ELSE "mobile_number" END,
  "door_no" = CASE WHEN "door_no" = '(missing)' THEN '' ELSE "door_no" END,
  "street" = CASE WHEN "street" = '(missing)' THEN '' ELSE "street" END,
  "location" = CASE WHEN "location" = '(missing)' THEN '' ELSE "location" END,
  "district" = CASE WHEN "district" = '(missing)' THEN '' ELSE "district" END,
  "pincode" = CASE WHEN "pincode" = '(missing)' THEN '' ELSE "pincode" END
 WHERE "needs_completion" AND "legacy_pno" IS NOT NULL;
