CREATE TABLE "auction_lot_pledges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_lot_pledges_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "auction_lot_pledges_withdrawn_whole" CHECK (("auction_lot_pledges"."withdrawn_at" is null) = ("auction_lot_pledges"."withdrawn_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "auction_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"lot_no" text NOT NULL,
	"auction_date" date NOT NULL,
	"venue" text,
	"auctioneer" text,
	"status" text DEFAULT 'open' NOT NULL,
	"remarks" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_lots_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "auction_lots_status_check" CHECK ("auction_lots"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "auction_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"sale_date" date NOT NULL,
	"auctioneer" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text,
	"sale_price" numeric(14, 2) NOT NULL,
	"principal_due" numeric(14, 2) NOT NULL,
	"interest_due" numeric(14, 2) NOT NULL,
	"outstanding" numeric(14, 2) NOT NULL,
	"surplus" numeric(14, 2) DEFAULT '0' NOT NULL,
	"shortfall" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payment_method" text DEFAULT 'cash' NOT NULL,
	"payment_reference" text,
	"voucher_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_sales_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "auction_sales_pledge_key" UNIQUE("company_id","pledge_id"),
	CONSTRAINT "auction_sales_method_check" CHECK (payment_method in ('cash', 'bank', 'online', 'cheque', 'bank_transfer')),
	CONSTRAINT "auction_sales_amounts" CHECK ("auction_sales"."sale_price" > 0 and "auction_sales"."principal_due" >= 0 and "auction_sales"."interest_due" >= 0
        and "auction_sales"."outstanding" = "auction_sales"."principal_due" + "auction_sales"."interest_due"
        and "auction_sales"."surplus" >= 0 and "auction_sales"."shortfall" >= 0 and ("auction_sales"."surplus" = 0 or "auction_sales"."shortfall" = 0)
        and "auction_sales"."sale_price" - "auction_sales"."outstanding" = "auction_sales"."surplus" - "auction_sales"."shortfall")
);
--> statement-breakpoint
CREATE TABLE "auction_shortfall_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"shortfall_id" integer NOT NULL,
	"kind" text NOT NULL,
	"settled_on" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" text,
	"reference" text,
	"reason" text,
	"approved_by" integer,
	"voucher_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_shortfall_settlements_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "auction_shortfall_settlements_kind_check" CHECK ("auction_shortfall_settlements"."kind" in ('collected', 'written_off')),
	CONSTRAINT "auction_shortfall_settlements_amount" CHECK ("auction_shortfall_settlements"."amount" > 0),
	CONSTRAINT "auction_shortfall_settlements_method" CHECK (("auction_shortfall_settlements"."kind" = 'collected' and "auction_shortfall_settlements"."method" in ('cash', 'bank', 'online', 'cheque', 'bank_transfer'))
        or ("auction_shortfall_settlements"."kind" = 'written_off' and "auction_shortfall_settlements"."method" is null and "auction_shortfall_settlements"."approved_by" is not null and "auction_shortfall_settlements"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "auction_shortfalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"collected" numeric(14, 2) DEFAULT '0' NOT NULL,
	"written_off" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_shortfalls_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "auction_shortfalls_sale_key" UNIQUE("company_id","sale_id"),
	CONSTRAINT "auction_shortfalls_amounts" CHECK ("auction_shortfalls"."amount" > 0 and "auction_shortfalls"."collected" >= 0 and "auction_shortfalls"."written_off" >= 0 and "auction_shortfalls"."collected" + "auction_shortfalls"."written_off" <= "auction_shortfalls"."amount")
);
--> statement-breakpoint
CREATE TABLE "auction_surpluses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"settled_kind" text,
	"settled_on" date,
	"settled_to" text,
	"settled_method" text,
	"settled_reference" text,
	"settled_voucher_id" integer,
	"settled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_surpluses_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "auction_surpluses_sale_key" UNIQUE("company_id","sale_id"),
	CONSTRAINT "auction_surpluses_amount" CHECK ("auction_surpluses"."amount" > 0),
	CONSTRAINT "auction_surpluses_settled_whole" CHECK (("auction_surpluses"."settled_kind" is null) = ("auction_surpluses"."settled_on" is null)
        and ("auction_surpluses"."settled_kind" is null) = ("auction_surpluses"."settled_voucher_id" is null)
        and ("auction_surpluses"."settled_kind" is null or "auction_surpluses"."settled_kind" in ('paid', 'deposited'))
        and ("auction_surpluses"."settled_method" is null or "auction_surpluses"."settled_method" in ('cash', 'bank', 'online', 'cheque', 'bank_transfer')))
);
--> statement-breakpoint
CREATE TABLE "bank_repledges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"bank_id" integer NOT NULL,
	"pledged_on" date NOT NULL,
	"amount_borrowed" numeric(14, 2) NOT NULL,
	"bank_reference" text NOT NULL,
	"received_by" text DEFAULT 'bank' NOT NULL,
	"voucher_id" integer NOT NULL,
	"returned_on" date,
	"bank_interest" numeric(14, 2),
	"paid_by" text,
	"return_reference" text,
	"return_voucher_id" integer,
	"returned_by" integer,
	"remarks" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_repledges_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "bank_repledges_received_by_check" CHECK ("bank_repledges"."received_by" in ('bank', 'cash')),
	CONSTRAINT "bank_repledges_amount" CHECK ("bank_repledges"."amount_borrowed" > 0),
	CONSTRAINT "bank_repledges_return_whole" CHECK (("bank_repledges"."returned_on" is null) = ("bank_repledges"."return_voucher_id" is null)
        and ("bank_repledges"."returned_on" is null) = ("bank_repledges"."bank_interest" is null)
        and ("bank_repledges"."returned_on" is null) = ("bank_repledges"."paid_by" is null)
        and ("bank_repledges"."paid_by" is null or "bank_repledges"."paid_by" in ('bank', 'cash'))
        and ("bank_repledges"."bank_interest" is null or "bank_repledges"."bank_interest" >= 0)
        and ("bank_repledges"."returned_on" is null or "bank_repledges"."returned_on" >= "bank_repledges"."pledged_on"))
);
--> statement-breakpoint
CREATE TABLE "notice_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"notice_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_batches_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "pledge_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"notice_no" text NOT NULL,
	"notice_date" date NOT NULL,
	"principal_due" numeric(14, 2) NOT NULL,
	"interest_due" numeric(14, 2) NOT NULL,
	"amount_due" numeric(14, 2) NOT NULL,
	"sale_after" date NOT NULL,
	"sent_on" date,
	"tracking_no" text,
	"delivered_on" date,
	"prints" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_notices_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pledge_notices_amounts" CHECK ("pledge_notices"."principal_due" >= 0 and "pledge_notices"."interest_due" >= 0 and "pledge_notices"."amount_due" = "pledge_notices"."principal_due" + "pledge_notices"."interest_due"),
	CONSTRAINT "pledge_notices_dates" CHECK ("pledge_notices"."sale_after" >= "pledge_notices"."notice_date" and ("pledge_notices"."sent_on" is null or "pledge_notices"."sent_on" >= "pledge_notices"."notice_date")
        and ("pledge_notices"."delivered_on" is null or ("pledge_notices"."sent_on" is not null and "pledge_notices"."delivered_on" >= "pledge_notices"."sent_on")))
);
--> statement-breakpoint
CREATE TABLE "pledge_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"released_on" date NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"receiver_kind" text NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_id_proof" text,
	"proof_reference" text,
	"proof_file_id" integer,
	"handed_over_by" integer NOT NULL,
	"remarks" text,
	"slip_prints" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_releases_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pledge_releases_pledge_key" UNIQUE("company_id","pledge_id"),
	CONSTRAINT "pledge_releases_receiver_kind_check" CHECK (receiver_kind in ('pawner', 'agent', 'legal_heir', 'transferee', 'lost_ticket')),
	CONSTRAINT "pledge_releases_proof_check" CHECK ("pledge_releases"."receiver_kind" = 'pawner' or "pledge_releases"."proof_reference" is not null)
);
--> statement-breakpoint
CREATE TABLE "pledge_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"channel" text NOT NULL,
	"reminded_on" date NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_reminders_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pledge_reminders_channel_check" CHECK ("pledge_reminders"."channel" in ('whatsapp', 'call', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "pledge_renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"old_pledge_id" integer NOT NULL,
	"new_pledge_id" integer NOT NULL,
	"renewal_date" date NOT NULL,
	"old_principal" numeric(14, 2) NOT NULL,
	"old_interest" numeric(14, 2) NOT NULL,
	"old_penalty" numeric(14, 2) DEFAULT '0' NOT NULL,
	"old_outstanding" numeric(14, 2) NOT NULL,
	"new_loan" numeric(14, 2) NOT NULL,
	"new_final_amount" numeric(14, 2) NOT NULL,
	"cash_to_customer" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cash_from_customer" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payment_method" text DEFAULT 'cash' NOT NULL,
	"payment_reference" text,
	"receipt_id" integer NOT NULL,
	"cash_limit_confirmed" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_renewals_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pledge_renewals_old_key" UNIQUE("company_id","old_pledge_id"),
	CONSTRAINT "pledge_renewals_new_key" UNIQUE("company_id","new_pledge_id"),
	CONSTRAINT "pledge_renewals_method_check" CHECK (payment_method in ('cash', 'bank', 'online', 'cheque', 'bank_transfer')),
	CONSTRAINT "pledge_renewals_amounts" CHECK ("pledge_renewals"."old_outstanding" > 0 and "pledge_renewals"."old_outstanding" = "pledge_renewals"."old_principal" + "pledge_renewals"."old_interest" + "pledge_renewals"."old_penalty"
        and "pledge_renewals"."new_loan" > 0 and "pledge_renewals"."new_final_amount" > 0 and "pledge_renewals"."cash_to_customer" >= 0 and "pledge_renewals"."cash_from_customer" >= 0
        and ("pledge_renewals"."cash_to_customer" = 0 or "pledge_renewals"."cash_from_customer" = 0)
        and "pledge_renewals"."new_final_amount" - "pledge_renewals"."old_outstanding" = "pledge_renewals"."cash_to_customer" - "pledge_renewals"."cash_from_customer"),
	CONSTRAINT "pledge_renewals_two_pledges" CHECK ("pledge_renewals"."old_pledge_id" <> "pledge_renewals"."new_pledge_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "overdue_grace_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "release_wait_working_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "notice_wait_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "surplus_hold_months" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "pledge_items" ADD COLUMN "renewed_from_item_id" integer;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "closed_by" text;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "released_on" date;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "renewed_from_pledge_id" integer;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "renewed_to_pledge_id" integer;--> statement-breakpoint
-- Pledges closed before issue 15 closed by a payment, and had no separate release step: their articles
-- went home on the closing day (docs/decisions.md, "The end of a pledge").
UPDATE "pledges" SET "closed_by" = 'payment', "released_on" = "closed_date" WHERE "closed_date" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "auction_lot_pledges" ADD CONSTRAINT "auction_lot_pledges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lot_pledges" ADD CONSTRAINT "auction_lot_pledges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lot_pledges" ADD CONSTRAINT "auction_lot_pledges_lot_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."auction_lots"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lot_pledges" ADD CONSTRAINT "auction_lot_pledges_pledge_fk" FOREIGN KEY ("company_id","pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lot_pledges" ADD CONSTRAINT "auction_lot_pledges_notice_fk" FOREIGN KEY ("company_id","notice_id") REFERENCES "public"."pledge_notices"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_sales" ADD CONSTRAINT "auction_sales_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_sales" ADD CONSTRAINT "auction_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_sales" ADD CONSTRAINT "auction_sales_lot_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."auction_lots"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_sales" ADD CONSTRAINT "auction_sales_pledge_fk" FOREIGN KEY ("company_id","pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_sales" ADD CONSTRAINT "auction_sales_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_shortfall_settlements" ADD CONSTRAINT "auction_shortfall_settlements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_shortfall_settlements" ADD CONSTRAINT "auction_shortfall_settlements_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_shortfall_settlements" ADD CONSTRAINT "auction_shortfall_settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_shortfall_settlements" ADD CONSTRAINT "auction_shortfall_settlements_shortfall_fk" FOREIGN KEY ("company_id","shortfall_id") REFERENCES "public"."auction_shortfalls"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_shortfall_settlements" ADD CONSTRAINT "auction_shortfall_settlements_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_shortfalls" ADD CONSTRAINT "auction_shortfalls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_shortfalls" ADD CONSTRAINT "auction_shortfalls_sale_fk" FOREIGN KEY ("company_id","sale_id") REFERENCES "public"."auction_sales"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_shortfalls" ADD CONSTRAINT "auction_shortfalls_pledge_fk" FOREIGN KEY ("company_id","pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_shortfalls" ADD CONSTRAINT "auction_shortfalls_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_surpluses" ADD CONSTRAINT "auction_surpluses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_surpluses" ADD CONSTRAINT "auction_surpluses_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_surpluses" ADD CONSTRAINT "auction_surpluses_sale_fk" FOREIGN KEY ("company_id","sale_id") REFERENCES "public"."auction_sales"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_surpluses" ADD CONSTRAINT "auction_surpluses_pledge_fk" FOREIGN KEY ("company_id","pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_surpluses" ADD CONSTRAINT "auction_surpluses_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_surpluses" ADD CONSTRAINT "auction_surpluses_voucher_fk" FOREIGN KEY ("company_id","settled_voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_repledges" ADD CONSTRAINT "bank_repledges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_repledges" ADD CONSTRAINT "bank_repledges_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_repledges" ADD CONSTRAINT "bank_repledges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_repledges" ADD CONSTRAINT "bank_repledges_pledge_fk" FOREIGN KEY ("company_id","pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_repledges" ADD CONSTRAINT "bank_repledges_bank_fk" FOREIGN KEY ("company_id","bank_id") REFERENCES "public"."banks"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_repledges" ADD CONSTRAINT "bank_repledges_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_repledges" ADD CONSTRAINT "bank_repledges_return_voucher_fk" FOREIGN KEY ("company_id","return_voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_batches" ADD CONSTRAINT "notice_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_batches" ADD CONSTRAINT "notice_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD CONSTRAINT "pledge_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD CONSTRAINT "pledge_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD CONSTRAINT "pledge_notices_batch_fk" FOREIGN KEY ("company_id","batch_id") REFERENCES "public"."notice_batches"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD CONSTRAINT "pledge_notices_pledge_fk" FOREIGN KEY ("company_id","pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_releases" ADD CONSTRAINT "pledge_releases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_releases" ADD CONSTRAINT "pledge_releases_handed_over_by_users_id_fk" FOREIGN KEY ("handed_over_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_releases" ADD CONSTRAINT "pledge_releases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_releases" ADD CONSTRAINT "pledge_releases_pledge_fk" FOREIGN KEY ("company_id","pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_releases" ADD CONSTRAINT "pledge_releases_proof_file_fk" FOREIGN KEY ("company_id","proof_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_reminders" ADD CONSTRAINT "pledge_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_reminders" ADD CONSTRAINT "pledge_reminders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_reminders" ADD CONSTRAINT "pledge_reminders_pledge_fk" FOREIGN KEY ("company_id","pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_renewals" ADD CONSTRAINT "pledge_renewals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_renewals" ADD CONSTRAINT "pledge_renewals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_renewals" ADD CONSTRAINT "pledge_renewals_old_fk" FOREIGN KEY ("company_id","old_pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_renewals" ADD CONSTRAINT "pledge_renewals_new_fk" FOREIGN KEY ("company_id","new_pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_renewals" ADD CONSTRAINT "pledge_renewals_receipt_fk" FOREIGN KEY ("company_id","receipt_id") REFERENCES "public"."payment_receipts"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_lot_pledges_live_key" ON "auction_lot_pledges" USING btree ("company_id","pledge_id") WHERE "auction_lot_pledges"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "auction_lot_pledges_lot_idx" ON "auction_lot_pledges" USING btree ("company_id","lot_id","id");--> statement-breakpoint
CREATE INDEX "auction_lot_pledges_notice_idx" ON "auction_lot_pledges" USING btree ("company_id","notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_lots_company_no_key" ON "auction_lots" USING btree ("company_id",lower("lot_no"));--> statement-breakpoint
CREATE INDEX "auction_lots_date_idx" ON "auction_lots" USING btree ("company_id","auction_date");--> statement-breakpoint
CREATE INDEX "auction_sales_lot_idx" ON "auction_sales" USING btree ("company_id","lot_id");--> statement-breakpoint
CREATE INDEX "auction_sales_date_idx" ON "auction_sales" USING btree ("company_id","sale_date","id");--> statement-breakpoint
CREATE INDEX "auction_sales_voucher_idx" ON "auction_sales" USING btree ("company_id","voucher_id");--> statement-breakpoint
CREATE INDEX "auction_shortfall_settlements_shortfall_idx" ON "auction_shortfall_settlements" USING btree ("company_id","shortfall_id","id");--> statement-breakpoint
CREATE INDEX "auction_shortfall_settlements_voucher_idx" ON "auction_shortfall_settlements" USING btree ("company_id","voucher_id");--> statement-breakpoint
CREATE INDEX "auction_shortfalls_pledge_idx" ON "auction_shortfalls" USING btree ("company_id","pledge_id");--> statement-breakpoint
CREATE INDEX "auction_shortfalls_customer_idx" ON "auction_shortfalls" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "auction_surpluses_owed_idx" ON "auction_surpluses" USING btree ("company_id","id") WHERE "auction_surpluses"."settled_kind" is null;--> statement-breakpoint
CREATE INDEX "auction_surpluses_pledge_idx" ON "auction_surpluses" USING btree ("company_id","pledge_id");--> statement-breakpoint
CREATE INDEX "auction_surpluses_customer_idx" ON "auction_surpluses" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "auction_surpluses_voucher_idx" ON "auction_surpluses" USING btree ("company_id","settled_voucher_id") WHERE "auction_surpluses"."settled_voucher_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_repledges_open_key" ON "bank_repledges" USING btree ("company_id","pledge_id") WHERE "bank_repledges"."returned_on" is null;--> statement-breakpoint
CREATE INDEX "bank_repledges_pledge_idx" ON "bank_repledges" USING btree ("company_id","pledge_id","id");--> statement-breakpoint
CREATE INDEX "bank_repledges_bank_idx" ON "bank_repledges" USING btree ("company_id","bank_id","pledged_on");--> statement-breakpoint
CREATE INDEX "bank_repledges_voucher_idx" ON "bank_repledges" USING btree ("company_id","voucher_id");--> statement-breakpoint
CREATE INDEX "bank_repledges_return_voucher_idx" ON "bank_repledges" USING btree ("company_id","return_voucher_id") WHERE "bank_repledges"."return_voucher_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_notices_company_no_key" ON "pledge_notices" USING btree ("company_id",lower("notice_no"));--> statement-breakpoint
CREATE INDEX "pledge_notices_pledge_idx" ON "pledge_notices" USING btree ("company_id","pledge_id","id");--> statement-breakpoint
CREATE INDEX "pledge_notices_batch_idx" ON "pledge_notices" USING btree ("company_id","batch_id");--> statement-breakpoint
CREATE INDEX "pledge_notices_date_idx" ON "pledge_notices" USING btree ("company_id","notice_date");--> statement-breakpoint
CREATE INDEX "pledge_releases_proof_file_idx" ON "pledge_releases" USING btree ("company_id","proof_file_id") WHERE "pledge_releases"."proof_file_id" is not null;--> statement-breakpoint
CREATE INDEX "pledge_releases_date_idx" ON "pledge_releases" USING btree ("company_id","released_on");--> statement-breakpoint
CREATE INDEX "pledge_reminders_pledge_idx" ON "pledge_reminders" USING btree ("company_id","pledge_id","id");--> statement-breakpoint
CREATE INDEX "pledge_reminders_date_idx" ON "pledge_reminders" USING btree ("company_id","reminded_on");--> statement-breakpoint
CREATE INDEX "pledge_renewals_receipt_idx" ON "pledge_renewals" USING btree ("company_id","receipt_id");--> statement-breakpoint
CREATE INDEX "pledge_renewals_date_idx" ON "pledge_renewals" USING btree ("company_id","renewal_date");--> statement-breakpoint
ALTER TABLE "pledge_items" ADD CONSTRAINT "pledge_items_renewed_from_fk" FOREIGN KEY ("company_id","renewed_from_item_id") REFERENCES "public"."pledge_items"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_renewed_from_fk" FOREIGN KEY ("company_id","renewed_from_pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_renewed_to_fk" FOREIGN KEY ("company_id","renewed_to_pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pledge_items_renewed_from_idx" ON "pledge_items" USING btree ("company_id","renewed_from_item_id") WHERE "pledge_items"."renewed_from_item_id" is not null;--> statement-breakpoint
CREATE INDEX "pledges_renewed_from_idx" ON "pledges" USING btree ("company_id","renewed_from_pledge_id") WHERE "pledges"."renewed_from_pledge_id" is not null;--> statement-breakpoint
CREATE INDEX "pledges_renewed_to_idx" ON "pledges" USING btree ("company_id","renewed_to_pledge_id") WHERE "pledges"."renewed_to_pledge_id" is not null;--> statement-breakpoint
CREATE INDEX "pledges_unreleased_idx" ON "pledges" USING btree ("company_id","id") WHERE "pledges"."released_on" is null;--> statement-breakpoint
CREATE INDEX "pledges_awaiting_release_idx" ON "pledges" USING btree ("company_id","closed_date") WHERE "pledges"."closed_date" is not null and "pledges"."released_on" is null;--> statement-breakpoint
CREATE INDEX "pledges_released_on_idx" ON "pledges" USING btree ("company_id","released_on") WHERE "pledges"."released_on" is not null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_end_of_pledge_check" CHECK ("companies"."overdue_grace_days" between 0 and 3650 and "companies"."release_wait_working_days" between 0 and 3650
        and "companies"."notice_wait_days" between 0 and 3650 and "companies"."surplus_hold_months" between 0 and 120);--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_closed_by_check" CHECK (("pledges"."closed_date" is null) = ("pledges"."closed_by" is null) and ("pledges"."closed_by" is null or "pledges"."closed_by" in ('payment', 'renewal', 'auction')));--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_released_check" CHECK ("pledges"."released_on" is null or ("pledges"."closed_date" is not null and "pledges"."released_on" >= "pledges"."closed_date"));