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
ALTER TABLE "pledge_notices" ADD CONSTRAINT "pledge_notices_superseded_whole" CHECK (("pledge_notices"."superseded_by" is null or "pledge_notices"."superseded_at" is not null));