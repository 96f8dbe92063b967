ALTER TABLE "pledges" ADD COLUMN "packet_no" text;--> statement-breakpoint
CREATE INDEX "pledges_open_idx" ON "pledges" USING btree ("company_id","id") WHERE "pledges"."closed_date" is null;--> statement-breakpoint
CREATE INDEX "pledges_closed_date_idx" ON "pledges" USING btree ("company_id","closed_date") WHERE "pledges"."closed_date" is not null;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_packet_no_length" CHECK (char_length("pledges"."packet_no") <= 50);