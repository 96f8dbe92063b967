-- Every voucher balances (docs/domain-rules.md §6.3), enforced by the database itself so that no code path can
-- commit one that does not: at commit, each voucher touched in the transaction must have at least two
-- lines, Σ debit = Σ credit > 0, that sum equal to its total_amount, and every line dated as the voucher.
-- Deferred to commit because a voucher and its lines are written by several statements.
CREATE OR REPLACE FUNCTION check_voucher_balance(p_company_id integer, p_voucher_id integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v record;
  s record;
BEGIN
  SELECT id, voucher_number, total_amount, entry_date INTO v
    FROM vouchers WHERE company_id = p_company_id AND id = p_voucher_id;
  IF NOT FOUND THEN
    RETURN; -- deleted in this transaction, lines with it
  END IF;
  SELECT coalesce(sum(debit), 0) AS debit, coalesce(sum(credit), 0) AS credit, count(*) AS n,
         count(*) FILTER (WHERE entry_date <> v.entry_date) AS misdated
    INTO s
    FROM voucher_lines WHERE company_id = p_company_id AND voucher_id = p_voucher_id;
  IF s.n < 2 OR s.debit <> s.credit OR s.debit <= 0 OR s.debit <> v.total_amount OR s.misdated > 0 THEN
    RAISE EXCEPTION 'voucher % does not balance: % lines, debits %, credits %, total %',
        v.voucher_number, s.n, s.debit, s.credit, v.total_amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'vouchers_balanced';
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION voucher_lines_balance_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM check_voucher_balance(OLD.company_id, OLD.voucher_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM check_voucher_balance(NEW.company_id, NEW.voucher_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vouchers_balance_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM check_voucher_balance(NEW.company_id, NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER voucher_lines_balanced
  AFTER INSERT OR UPDATE OR DELETE ON voucher_lines
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION voucher_lines_balance_trigger();
--> statement-breakpoint
-- A voucher with no lines at all, or whose total or date changed, is checked too.
CREATE CONSTRAINT TRIGGER vouchers_balanced
  AFTER INSERT OR UPDATE ON vouchers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION vouchers_balance_trigger();
