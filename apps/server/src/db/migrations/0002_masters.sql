CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc_code" text NOT NULL,
	"branch_name" text NOT NULL,
	"account_type" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banks_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "banks_company_account_key" UNIQUE("company_id","account_number","ifsc_code")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"acc_code" text NOT NULL,
	"customer_name" text NOT NULL,
	"guardian_name" text NOT NULL,
	"mobile_number" text NOT NULL,
	"alt_mobile_number" text,
	"door_no" text NOT NULL,
	"street" text NOT NULL,
	"location" text NOT NULL,
	"district" text NOT NULL,
	"pincode" text NOT NULL,
	"id_proof_file_id" integer,
	"legacy_pno" text,
	"status" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "customers_company_acc_code_key" UNIQUE("company_id","acc_code")
);
--> statement-breakpoint
CREATE TABLE "gold_silver_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"date" date NOT NULL,
	"gold_rate_per_gram" numeric(12, 2) NOT NULL,
	"silver_rate_per_gram" numeric(12, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gold_silver_rates_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "gold_silver_rates_company_date_key" UNIQUE("company_id","date"),
	CONSTRAINT "gold_silver_rates_positive" CHECK ("gold_silver_rates"."gold_rate_per_gram" > 0 and "gold_silver_rates"."silver_rate_per_gram" > 0)
);
--> statement-breakpoint
CREATE TABLE "jewel_designs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"design_name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jewel_designs_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "jewel_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"jewel_type_id" integer NOT NULL,
	"rate_per_gram" numeric(12, 2) NOT NULL,
	"market_price" numeric(12, 2) NOT NULL,
	"selling_price" numeric(12, 2) NOT NULL,
	"effective_date" date NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jewel_rates_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "jewel_rates_amounts" CHECK ("jewel_rates"."rate_per_gram" > 0 and "jewel_rates"."market_price" >= 0 and "jewel_rates"."selling_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jewel_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"jewel_name" text NOT NULL,
	"description" text,
	"purity" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jewel_types_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "schemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"jewel_type_id" integer NOT NULL,
	"scheme_name" text NOT NULL,
	"short_name" text NOT NULL,
	"prefix" text NOT NULL,
	"duration_in_months" integer NOT NULL,
	"interest_rate_per_month" numeric(5, 2) NOT NULL,
	"loan_eligibility_percentage" numeric(5, 2) NOT NULL,
	"slippage_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schemes_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "schemes_duration" CHECK ("schemes"."duration_in_months" between 1 and 120),
	CONSTRAINT "schemes_percents" CHECK ("schemes"."interest_rate_per_month" between 0 and 100 and "schemes"."loan_eligibility_percentage" > 0 and "schemes"."loan_eligibility_percentage" <= 100 and "schemes"."slippage_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_id_proof_fk" FOREIGN KEY ("company_id","id_proof_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE SET NULL ("id_proof_file_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gold_silver_rates" ADD CONSTRAINT "gold_silver_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gold_silver_rates" ADD CONSTRAINT "gold_silver_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jewel_designs" ADD CONSTRAINT "jewel_designs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jewel_designs" ADD CONSTRAINT "jewel_designs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jewel_rates" ADD CONSTRAINT "jewel_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jewel_rates" ADD CONSTRAINT "jewel_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jewel_rates" ADD CONSTRAINT "jewel_rates_jewel_type_fk" FOREIGN KEY ("company_id","jewel_type_id") REFERENCES "public"."jewel_types"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jewel_types" ADD CONSTRAINT "jewel_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_jewel_type_fk" FOREIGN KEY ("company_id","jewel_type_id") REFERENCES "public"."jewel_types"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_legacy_pno_key" ON "customers" USING btree ("company_id","legacy_pno") WHERE "customers"."legacy_pno" is not null;--> statement-breakpoint
CREATE INDEX "customers_company_created_idx" ON "customers" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_mobile_trgm_idx" ON "customers" USING gin ("mobile_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "jewel_designs_company_name_key" ON "jewel_designs" USING btree ("company_id",lower("design_name"));--> statement-breakpoint
CREATE INDEX "jewel_designs_name_trgm_idx" ON "jewel_designs" USING gin (lower("design_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jewel_rates_type_date_idx" ON "jewel_rates" USING btree ("company_id","jewel_type_id","effective_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "jewel_types_company_name_key" ON "jewel_types" USING btree ("company_id",lower("jewel_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "schemes_company_name_key" ON "schemes" USING btree ("company_id",lower("scheme_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "schemes_company_prefix_key" ON "schemes" USING btree ("company_id",lower("prefix"));