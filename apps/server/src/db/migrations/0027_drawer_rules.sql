ALTER TABLE "cash_drawers" DROP CONSTRAINT "cash_drawers_opening_check";--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD COLUMN "added_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "no_drawer_payout" text DEFAULT 'warn' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "drawer_short_payout" text DEFAULT 'block' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_opening_check" CHECK ("cash_drawers"."opening_amount" >= 0 and "cash_drawers"."added_amount" >= 0);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_drawer_rules_check" CHECK ("companies"."no_drawer_payout" in ('warn', 'block') and "companies"."drawer_short_payout" in ('block', 'admin'));