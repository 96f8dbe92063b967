ALTER TABLE "bank_repledges" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD COLUMN "sent_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD COLUMN "delivered_recorded_at" timestamp with time zone;--> statement-breakpoint
-- Backfill: a return was recorded when its voucher was written; a notice's date sent and date
-- delivered when the notice was last changed (the nearest time kept).
UPDATE "bank_repledges" b
   SET "returned_at" = coalesce(
         (SELECT v."created_at" FROM "vouchers" v WHERE v."company_id" = b."company_id" AND v."id" = b."return_voucher_id"),
         b."updated_at")
 WHERE b."returned_on" IS NOT NULL;--> statement-breakpoint
UPDATE "pledge_notices"
   SET "sent_recorded_at" = CASE WHEN "sent_on" IS NULL THEN NULL ELSE "updated_at" END,
       "delivered_recorded_at" = CASE WHEN "delivered_on" IS NULL THEN NULL ELSE "updated_at" END
 WHERE "sent_on" IS NOT NULL OR "delivered_on" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_repledges" ADD CONSTRAINT "bank_repledges_returned_at" CHECK (("bank_repledges"."returned_on" is null) = ("bank_repledges"."returned_at" is null));--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD CONSTRAINT "pledge_notices_recorded_at" CHECK (("pledge_notices"."sent_on" is null) = ("pledge_notices"."sent_recorded_at" is null)
        and ("pledge_notices"."delivered_on" is null) = ("pledge_notices"."delivered_recorded_at" is null));