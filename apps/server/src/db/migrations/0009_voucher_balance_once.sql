-- One balance check per voucher at commit, not one per line (issue 11). The deferred triggers of
-- 0004 fire once per written row, and each check sums every line of the voucher: n lines cost n²
-- (4,000 lines took 16 s on PGlite). Now the first deferred check of a voucher at commit marks it
-- checked for the rest of the transaction (a transaction-local setting), and the other lines' checks
-- of that voucher return at once. An immediate trigger clears the mark whenever a line or the header
-- is written, so a voucher changed after a check (SET CONSTRAINTS … IMMEDIATE mid-transaction) is
-- checked again.
CREATE OR REPLACE FUNCTION voucher_checked_setting(p_company_id integer, p_voucher_id integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT 'pledge_desk.voucher_checked_' || p_company_id || '_' || p_voucher_id $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION check_voucher_balance_once(p_company_id integer, p_voucher_id integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  setting text := voucher_checked_setting(p_company_id, p_voucher_id);
BEGIN
  IF coalesce(current_setting(setting, true), '') = 'checked' THEN
    RETURN;
  END IF;
  PERFORM check_voucher_balance(p_company_id, p_voucher_id);
  PERFORM set_config(setting, 'checked', true);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION voucher_lines_balance_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM check_voucher_balance_once(OLD.company_id, OLD.voucher_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM check_voucher_balance_once(NEW.company_id, NEW.voucher_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vouchers_balance_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM check_voucher_balance_once(NEW.company_id, NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION voucher_written_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'vouchers' THEN
    PERFORM set_config(voucher_checked_setting(NEW.company_id, NEW.id), '', true);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM set_config(voucher_checked_setting(OLD.company_id, OLD.voucher_id), '', true);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM set_config(voucher_checked_setting(NEW.company_id, NEW.voucher_id), '', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER voucher_lines_written
  AFTER INSERT OR UPDATE OR DELETE ON voucher_lines
  FOR EACH ROW EXECUTE FUNCTION voucher_written_trigger();
--> statement-breakpoint
CREATE TRIGGER vouchers_written
  AFTER INSERT OR UPDATE ON vouchers
  FOR EACH ROW EXECUTE FUNCTION voucher_written_trigger();
