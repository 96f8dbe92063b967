CREATE TABLE "business_day_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_day_events_action_check" CHECK ("business_day_events"."action" in ('close', 'reopen'))
);
--> statement-breakpoint
CREATE TABLE "business_days" (
	"company_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"status" text NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"reopened_at" timestamp with time zone,
	"reopened_by" integer,
	"reopen_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_days_status_check" CHECK ("business_days"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "cash_drawers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opening_denominations" jsonb NOT NULL,
	"opening_amount" numeric(14, 2) NOT NULL,
	"opening_remarks" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expected_amount" numeric(14, 2),
	"counted_denominations" jsonb,
	"counted_amount" numeric(14, 2),
	"difference_amount" numeric(14, 2),
	"difference_voucher_id" integer,
	"approved_by" integer,
	"close_remarks" text,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_drawers_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "cash_drawers_status_check" CHECK ("cash_drawers"."status" in ('open', 'closed')),
	CONSTRAINT "cash_drawers_opening_check" CHECK ("cash_drawers"."opening_amount" >= 0),
	CONSTRAINT "cash_drawers_closed_check" CHECK (("cash_drawers"."status" = 'closed') = ("cash_drawers"."closed_at" is not null) and ("cash_drawers"."status" = 'open' or ("cash_drawers"."expected_amount" is not null and "cash_drawers"."counted_amount" is not null and "cash_drawers"."counted_amount" >= 0 and "cash_drawers"."difference_amount" = "cash_drawers"."counted_amount" - "cash_drawers"."expected_amount")))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cash_limit" numeric(14, 2) DEFAULT '20000' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cash_limit_mode" text DEFAULT 'warn' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD COLUMN "cash_limit_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "payout_method" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "cash_limit_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_day_events" ADD CONSTRAINT "business_day_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_day_events" ADD CONSTRAINT "business_day_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_days" ADD CONSTRAINT "business_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_days" ADD CONSTRAINT "business_days_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_days" ADD CONSTRAINT "business_days_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_difference_voucher_fk" FOREIGN KEY ("company_id","difference_voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_day_events_day_idx" ON "business_day_events" USING btree ("company_id","business_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_days_pkey_idx" ON "business_days" USING btree ("company_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_drawers_user_date_key" ON "cash_drawers" USING btree ("company_id","user_id","business_date");--> statement-breakpoint
CREATE INDEX "cash_drawers_company_date_idx" ON "cash_drawers" USING btree ("company_id","business_date");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_cash_limit_check" CHECK ("companies"."cash_limit" > 0 and "companies"."cash_limit_mode" in ('warn', 'block'));--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_payout_method_check" CHECK ("pledges"."payout_method" in ('cash', 'bank_transfer', 'online', 'cheque'));