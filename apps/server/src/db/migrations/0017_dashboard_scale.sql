DROP INDEX "voucher_lines_account_date_idx";--> statement-breakpoint
CREATE INDEX "payment_receipts_company_date_idx" ON "payment_receipts" USING btree ("company_id","payment_date","net_amount") WHERE "payment_receipts"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "voucher_lines_account_date_idx" ON "voucher_lines" USING btree ("company_id","account_id","entry_date","debit","credit");--> statement-breakpoint
DROP INDEX "pledges_closed_idx";
