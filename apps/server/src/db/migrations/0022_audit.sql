CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"username" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"request_id" text,
	"route" text,
	CONSTRAINT "audit_events_action_check" CHECK (length("audit_events"."action") between 1 and 40),
	CONSTRAINT "audit_events_entity_check" CHECK (length("audit_events"."entity") between 1 and 40)
);
--> statement-breakpoint
CREATE INDEX "audit_events_company_at_idx" ON "audit_events" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_record_idx" ON "audit_events" USING btree ("company_id","entity","entity_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("company_id","user_id","at","id");--> statement-breakpoint
-- The audit trail is append-only at the database level (issue 16 item 4): UPDATE, DELETE and TRUNCATE
-- are refused by triggers, whoever sends them (the server, a script, an admin at psql). A superuser can
-- still drop the triggers; that is a change of schema, outside what the application or its users do.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit trail cannot be changed: % on audit_events is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
