ALTER TABLE "vouchers" ADD COLUMN "narration_code" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "narration_params" jsonb;