CREATE TABLE "legacy_customers" (
	"pno" text PRIMARY KEY NOT NULL,
	"name_raw" "bytea" NOT NULL,
	"address_raw" "bytea" NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"phoneno" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"cust_refno" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "legacy_customers_name_trgm_idx" ON "legacy_customers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legacy_customers_address_trgm_idx" ON "legacy_customers" USING gin (lower("address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legacy_customers_phoneno_trgm_idx" ON "legacy_customers" USING gin ("phoneno" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legacy_customers_mobile_trgm_idx" ON "legacy_customers" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legacy_customers_cust_refno_idx" ON "legacy_customers" USING btree ("cust_refno");