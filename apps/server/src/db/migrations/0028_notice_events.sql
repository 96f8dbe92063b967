ALTER TABLE "pledge_notices" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD COLUMN "superseded_by" integer;--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD CONSTRAINT "pledge_notices_superseded_by_fk" FOREIGN KEY ("company_id","superseded_by") REFERENCES "public"."pledge_notices"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Backfill: a pledge with several notices (a retry after a lost answer made a second legal notice
-- for the same pledge) keeps open the one that counts, the one sent last (the notice an auction lot
-- goes by), else the newest; the others are superseded by it.
WITH "ranked" AS (
  SELECT "id", "company_id", "pledge_id",
         first_value("id") OVER (PARTITION BY "company_id", "pledge_id"
                                 ORDER BY ("sent_on" IS NOT NULL) DESC, "sent_on" DESC NULLS LAST, "id" DESC) AS "kept"
    FROM "pledge_notices"
)
UPDATE "pledge_notices" n
   SET "superseded_at" = now(), "superseded_by" = r."kept"
  FROM "ranked" r
 WHERE n."id" = r."id" AND r."id" <> r."kept";--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_notices_open_key" ON "pledge_notices" USING btree ("company_id","pledge_id") WHERE "pledge_notices"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "pledge_notices_superseded_by_idx" ON "pledge_notices" USING btree ("company_id","superseded_by") WHERE "pledge_notices"."superseded_by" is not null;--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD CONSTRAINT "pledge_notices_superseded_whole" CHECK (("pledge_notices"."superseded_by" is null or "pledge_notices"."superseded_at" is not null));--> statement-breakpoint
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