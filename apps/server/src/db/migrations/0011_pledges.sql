CREATE TABLE "pledge_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"jewell_design_id" integer NOT NULL,
	"jewell_condition" text,
	"gross_weight" numeric(10, 3) NOT NULL,
	"net_weight" numeric(10, 3) NOT NULL,
	"net_value" numeric(14, 2) NOT NULL,
	"remarks" text,
	"image_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_items_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pledge_items_weights" CHECK ("pledge_items"."gross_weight" > 0 and "pledge_items"."net_weight" > 0 and "pledge_items"."net_weight" <= "pledge_items"."gross_weight" and "pledge_items"."net_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pledges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pledge_no" text NOT NULL,
	"customer_id" integer NOT NULL,
	"scheme_id" integer NOT NULL,
	"pledge_date" date NOT NULL,
	"due_date" date NOT NULL,
	"closed_date" date,
	"rate_per_gram" numeric(12, 2) NOT NULL,
	"interest_rate" numeric(5, 2) NOT NULL,
	"loan_allowed_percent" numeric(5, 2) NOT NULL,
	"slippage_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"duration" integer NOT NULL,
	"total_valuation" numeric(14, 2) NOT NULL,
	"eligible_loan" numeric(14, 2) NOT NULL,
	"total_loan_amount" numeric(14, 2) NOT NULL,
	"first_month_interest" numeric(14, 2) NOT NULL,
	"document_charges" numeric(14, 2) NOT NULL,
	"final_amount" numeric(14, 2) NOT NULL,
	"gross_weight" numeric(10, 3) NOT NULL,
	"net_weight" numeric(10, 3) NOT NULL,
	"item_count" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_move_to_bank" boolean DEFAULT false NOT NULL,
	"remarks" text,
	"voucher_id" integer,
	"ticket_prints" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledges_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pledges_status_check" CHECK ("pledges"."status" in ('active', 'inactive')),
	CONSTRAINT "pledges_amounts" CHECK ("pledges"."total_loan_amount" > 0 and "pledges"."first_month_interest" >= 0 and "pledges"."document_charges" >= 0 and "pledges"."final_amount" > 0 and "pledges"."total_loan_amount" <= "pledges"."eligible_loan" and "pledges"."rate_per_gram" > 0),
	CONSTRAINT "pledges_weights" CHECK ("pledges"."net_weight" > 0 and "pledges"."net_weight" <= "pledges"."gross_weight" and "pledges"."item_count" > 0),
	CONSTRAINT "pledges_dates" CHECK ("pledges"."due_date" > "pledges"."pledge_date" and ("pledges"."closed_date" is null or "pledges"."closed_date" >= "pledges"."pledge_date"))
);
--> statement-breakpoint
ALTER TABLE "pledge_items" ADD CONSTRAINT "pledge_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_items" ADD CONSTRAINT "pledge_items_pledge_fk" FOREIGN KEY ("company_id","pledge_id") REFERENCES "public"."pledges"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_items" ADD CONSTRAINT "pledge_items_design_fk" FOREIGN KEY ("company_id","jewell_design_id") REFERENCES "public"."jewel_designs"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_items" ADD CONSTRAINT "pledge_items_image_fk" FOREIGN KEY ("company_id","image_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_scheme_fk" FOREIGN KEY ("company_id","scheme_id") REFERENCES "public"."schemes"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pledge_items_pledge_idx" ON "pledge_items" USING btree ("company_id","pledge_id","id");--> statement-breakpoint
CREATE INDEX "pledge_items_design_idx" ON "pledge_items" USING btree ("company_id","jewell_design_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledges_company_no_key" ON "pledges" USING btree ("company_id",lower("pledge_no"));--> statement-breakpoint
CREATE INDEX "pledges_company_newest_idx" ON "pledges" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pledges_no_trgm_idx" ON "pledges" USING gin (lower("pledge_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pledges_customer_idx" ON "pledges" USING btree ("company_id","customer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pledges_scheme_idx" ON "pledges" USING btree ("company_id","scheme_id");--> statement-breakpoint
CREATE INDEX "pledges_open_due_idx" ON "pledges" USING btree ("company_id","due_date") WHERE "pledges"."closed_date" is null;