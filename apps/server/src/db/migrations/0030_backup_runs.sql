CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"folder" text NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"duration_ms" integer,
	"verify_ms" integer,
	"reason_code" text,
	"reason_params" jsonb,
	"counts" jsonb
);
--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");