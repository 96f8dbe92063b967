CREATE TABLE "chart_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_code" text NOT NULL,
	"account_name" text NOT NULL,
	"sub_account_of" integer,
	"account_type" text NOT NULL,
	"account_category" text NOT NULL,
	"opening_balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"description" text,
	"status" boolean DEFAULT true NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chart_accounts_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "chart_accounts_not_own_parent" CHECK ("chart_accounts"."sub_account_of" is distinct from "chart_accounts"."id")
);
--> statement-breakpoint
CREATE TABLE "voucher_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"debit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"narration" text,
	CONSTRAINT "voucher_lines_one_side" CHECK ("voucher_lines"."debit" >= 0 and "voucher_lines"."credit" >= 0 and ("voucher_lines"."debit" > 0) <> ("voucher_lines"."credit" > 0))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"voucher_type" text NOT NULL,
	"voucher_number" text NOT NULL,
	"financial_year" text NOT NULL,
	"running_number" integer NOT NULL,
	"entry_date" date NOT NULL,
	"reference_number" text,
	"narration" text NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"source_kind" text DEFAULT 'manual' NOT NULL,
	"source_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "vouchers_company_number_key" UNIQUE("company_id","voucher_number"),
	CONSTRAINT "vouchers_company_sequence_key" UNIQUE("company_id","voucher_type","financial_year","running_number"),
	CONSTRAINT "vouchers_type_check" CHECK ("vouchers"."voucher_type" in ('Journal', 'Receipt', 'Payment', 'Contra')),
	CONSTRAINT "vouchers_total_positive" CHECK ("vouchers"."total_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "chart_accounts" ADD CONSTRAINT "chart_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_accounts" ADD CONSTRAINT "chart_accounts_parent_fk" FOREIGN KEY ("company_id","sub_account_of") REFERENCES "public"."chart_accounts"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."chart_accounts"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chart_accounts_company_code_key" ON "chart_accounts" USING btree ("company_id",lower("account_code"));--> statement-breakpoint
CREATE INDEX "chart_accounts_parent_idx" ON "chart_accounts" USING btree ("company_id","sub_account_of");--> statement-breakpoint
CREATE INDEX "voucher_lines_voucher_idx" ON "voucher_lines" USING btree ("company_id","voucher_id","line_no");--> statement-breakpoint
CREATE INDEX "voucher_lines_account_date_idx" ON "voucher_lines" USING btree ("company_id","account_id","entry_date");--> statement-breakpoint
CREATE INDEX "vouchers_company_date_idx" ON "vouchers" USING btree ("company_id","entry_date","running_number");--> statement-breakpoint
CREATE INDEX "vouchers_company_type_date_idx" ON "vouchers" USING btree ("company_id","voucher_type","entry_date");--> statement-breakpoint
CREATE INDEX "vouchers_source_idx" ON "vouchers" USING btree ("company_id","source_kind","source_id");