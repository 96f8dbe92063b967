ALTER TABLE "companies" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_default_language_check" CHECK ("companies"."default_language" in ('en', 'ta'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'ta'));