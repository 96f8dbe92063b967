CREATE TABLE "payment_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"receipt_no" text NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_date" date NOT NULL,
	"payment_method" text NOT NULL,
	"bank_reference" text,
	"total_amount" numeric(14, 2) NOT NULL,
	"total_penalty" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_discount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"net_amount" numeric(14, 2) NOT NULL,
	"discount_reason" text,
	"penalty_reason" text,
	"approve_discount" boolean DEFAULT false NOT NULL,
	"approve_penalty" boolean DEFAULT false NOT NULL,
	"remarks" text,
	"voucher_id" integer NOT NULL,
	"receipt_prints" integer DEFAULT 0 NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	"reversal_reason" text,
	"reversal_voucher_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_receipts_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "payment_receipts_kind_check" CHECK ("payment_receipts"."kind" in ('single', 'multiple')),
	CONSTRAINT "payment_receipts_method_check" CHECK (payment_method in ('cash', 'bank', 'online', 'cheque', 'bank_transfer', 'renewal')),
	CONSTRAINT "payment_receipts_amounts" CHECK ("payment_receipts"."total_amount" > 0 and "payment_receipts"."total_penalty" >= 0 and "payment_receipts"."total_discount" >= 0 and "payment_receipts"."net_amount" >= 0 and "payment_receipts"."net_amount" = "payment_receipts"."total_amount" + "payment_receipts"."total_penalty" - "payment_receipts"."total_discount"),
	CONSTRAINT "payment_receipts_reversal" CHECK (("payment_receipts"."reversed_at" is null) = ("payment_receipts"."reversal_reason" is null) and ("payment_receipts"."reversed_at" is null) = ("payment_receipts"."reversal_voucher_id" is null))
);
--> statement-breakpoint
CREATE TABLE "pledge_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"receipt_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"payment_date" date NOT NULL,
	"payment_method" text NOT NULL,
	"payment_type" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"interest_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"principal_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"penalty_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_reason" text,
	"penalty_reason" text,
	"remarks" text,
	"balance_amount" numeric(14, 2) NOT NULL,
	"closed_pledge" boolean DEFAULT false NOT NULL,
	"reversed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_payments_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pledge_payments_type_check" CHECK ("pledge_payments"."payment_type" in ('interest', 'partial_principal', 'full_payment')),
	CONSTRAINT "pledge_payments_method_check" CHECK (payment_method in ('cash', 'bank', 'online', 'cheque', 'bank_transfer', 'renewal')),
	CONSTRAINT "pledge_payments_amounts" CHECK ("pledge_payments"."amount" > 0 and "pledge_payments"."interest_amount" >= 0 and "pledge_payments"."principal_amount" >= 0 and "pledge_payments"."amount" = "pledge_payments"."interest_amount" + "pledge_payments"."principal_amount" and "pledge_payments"."penalty_amount" >= 0 and "pledge_payments"."discount_amount" >= 0 and "pledge_payments"."discount_amount" <= "pledge_payments"."amount" + "pledge_payments"."penalty_amount" and "pledge_payments"."balance_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_reversal_voucher_fk" FOREIGN KEY ("company_id","reversal_voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_payments" ADD CONSTRAINT "pledge_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_payments" ADD CONSTRAINT "pledge_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_payments" ADD CONSTRAINT "pledge_payments_receipt_fk" FOREIGN KEY ("company_id","receipt_id") REFERENCES "public"."payment_receipts"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_payments" ADD CONSTRAINT "pledge_payments_pledge_fk" FOREIGN KEY ("company_id","pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_company_no_key" ON "payment_receipts" USING btree ("company_id",lower("receipt_no"));--> statement-breakpoint
CREATE INDEX "payment_receipts_customer_idx" ON "payment_receipts" USING btree ("company_id","customer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pledge_payments_pledge_idx" ON "pledge_payments" USING btree ("company_id","pledge_id","id");--> statement-breakpoint
CREATE INDEX "pledge_payments_date_idx" ON "pledge_payments" USING btree ("company_id","payment_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pledge_payments_receipt_idx" ON "pledge_payments" USING btree ("company_id","receipt_id");