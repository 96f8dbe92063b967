CREATE INDEX "cash_drawers_difference_voucher_idx" ON "cash_drawers" USING btree ("company_id","difference_voucher_id") WHERE "cash_drawers"."difference_voucher_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_id_proof_idx" ON "customers" USING btree ("company_id","id_proof_file_id") WHERE "customers"."id_proof_file_id" is not null;--> statement-breakpoint
CREATE INDEX "schemes_jewel_type_idx" ON "schemes" USING btree ("company_id","jewel_type_id");--> statement-breakpoint
CREATE INDEX "payment_receipts_voucher_idx" ON "payment_receipts" USING btree ("company_id","voucher_id");--> statement-breakpoint
CREATE INDEX "payment_receipts_reversal_voucher_idx" ON "payment_receipts" USING btree ("company_id","reversal_voucher_id") WHERE "payment_receipts"."reversal_voucher_id" is not null;--> statement-breakpoint
CREATE INDEX "pledge_items_image_idx" ON "pledge_items" USING btree ("company_id","image_file_id") WHERE "pledge_items"."image_file_id" is not null;--> statement-breakpoint
CREATE INDEX "pledges_voucher_idx" ON "pledges" USING btree ("company_id","voucher_id") WHERE "pledges"."voucher_id" is not null;