ALTER TABLE "companies" ADD COLUMN "compliance_regime" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "licence_expiry" date;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "interest_ceiling" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "approval_threshold" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rbi_rules" jsonb;--> statement-breakpoint
ALTER TABLE "jewel_designs" ADD COLUMN "is_coin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jewel_types" ADD COLUMN "metal" text DEFAULT 'gold' NOT NULL;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "bullet_repayment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "rate_basis" text;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_compliance_check" CHECK ("companies"."compliance_regime" in ('none', 'tn_pawnbroker', 'rbi')
        and ("companies"."interest_ceiling" is null or ("companies"."interest_ceiling" > 0 and "companies"."interest_ceiling" <= 100))
        and "companies"."approval_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "jewel_types" ADD CONSTRAINT "jewel_types_metal_check" CHECK ("jewel_types"."metal" in ('gold', 'silver'));--> statement-breakpoint
-- Existing masters: a jewel type named or graded as silver is silver; a design named as a coin is a coin.
UPDATE "jewel_types" SET "metal" = 'silver' WHERE "jewel_name" ILIKE '%silver%' OR "purity" ILIKE '%silver%';--> statement-breakpoint
UPDATE "jewel_designs" SET "is_coin" = true WHERE "design_name" ILIKE '%coin%';
