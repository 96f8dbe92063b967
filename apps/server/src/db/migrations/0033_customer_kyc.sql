-- KYC (issue 33): a customer's ID documents (an Aadhaar kept as its last four digits only), the
-- photograph, the nominee and the Form 60 date; the branch's PAN / Form 60 rule and KYC mode. Every
-- ID-proof image already kept was uploaded before the masking dialog: it is flagged for review.
CREATE TABLE "customer_id_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"kept_number" text NOT NULL,
	"issued_on" date,
	"expires_on" date,
	"front_file_id" integer,
	"back_file_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_id_documents_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "customer_id_documents_customer_kind_key" UNIQUE("company_id","customer_id","kind"),
	CONSTRAINT "customer_id_documents_kind_check" CHECK ("customer_id_documents"."kind" in ('aadhaar', 'pan', 'voter_id', 'passport', 'driving_licence', 'ration_card', 'other')),
	CONSTRAINT "customer_id_documents_number_check" CHECK (length("customer_id_documents"."kept_number") between 4 and 20 and ("customer_id_documents"."kind" <> 'aadhaar' or "customer_id_documents"."kept_number" ~ '^[0-9]{4}$')),
	CONSTRAINT "customer_id_documents_dates_check" CHECK ("customer_id_documents"."expires_on" is null or "customer_id_documents"."issued_on" is null or "customer_id_documents"."expires_on" > "customer_id_documents"."issued_on")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pan_applies" boolean;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pan_threshold" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "kyc_incomplete_mode" text DEFAULT 'warn' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "id_proof_needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "photo_file_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "nominee_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "nominee_relation" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "nominee_mobile" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "form60_declared_on" date;--> statement-breakpoint
ALTER TABLE "customer_id_documents" ADD CONSTRAINT "customer_id_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_id_documents" ADD CONSTRAINT "customer_id_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_id_documents" ADD CONSTRAINT "customer_id_documents_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_id_documents" ADD CONSTRAINT "customer_id_documents_front_fk" FOREIGN KEY ("company_id","front_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE SET NULL ("front_file_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_id_documents" ADD CONSTRAINT "customer_id_documents_back_fk" FOREIGN KEY ("company_id","back_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE SET NULL ("back_file_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_id_documents_number_idx" ON "customer_id_documents" USING btree ("company_id","kind","kept_number");--> statement-breakpoint
CREATE INDEX "customer_id_documents_front_idx" ON "customer_id_documents" USING btree ("company_id","front_file_id") WHERE "customer_id_documents"."front_file_id" is not null;--> statement-breakpoint
CREATE INDEX "customer_id_documents_back_idx" ON "customer_id_documents" USING btree ("company_id","back_file_id") WHERE "customer_id_documents"."back_file_id" is not null;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_photo_fk" FOREIGN KEY ("company_id","photo_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE SET NULL ("photo_file_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_photo_idx" ON "customers" USING btree ("company_id","photo_file_id") WHERE "customers"."photo_file_id" is not null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_kyc_check" CHECK ("companies"."kyc_incomplete_mode" in ('warn', 'block') and ("companies"."pan_threshold" is null or "companies"."pan_threshold" >= 0));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_nominee_check" CHECK (("customers"."nominee_name" is null) = ("customers"."nominee_relation" is null) and ("customers"."nominee_mobile" is null or "customers"."nominee_name" is not null));--> statement-breakpoint
UPDATE "customers" SET "id_proof_needs_review" = true WHERE "id_proof_file_id" IS NOT NULL