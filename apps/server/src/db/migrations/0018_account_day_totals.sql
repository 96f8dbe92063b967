CREATE TABLE "account_day_pending" (
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"debit" numeric(16, 2) NOT NULL,
	"credit" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_day_totals" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"debit" numeric(16, 2) NOT NULL,
	"credit" numeric(16, 2) NOT NULL,
	CONSTRAINT "account_day_totals_pkey" PRIMARY KEY("company_id","account_id","entry_date")
);
--> statement-breakpoint
ALTER TABLE "account_day_totals" ADD CONSTRAINT "account_day_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_day_totals" ADD CONSTRAINT "account_day_totals_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."chart_accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_day_pending_txid_idx" ON "account_day_pending" USING btree ("txid");--> statement-breakpoint
-- Kept per-day account totals (issue 14, "Kept account totals"): account_day_totals always equals the
-- voucher lines summed per company, account and day. Kept in two steps so that no transaction locks a
-- total row before its commit, and every transaction locks its total rows in one order:
-- 1. a statement trigger on voucher_lines appends the statement's deltas (per account and day; a
--    delete's negative) to account_day_pending, tagged with the transaction's id: plain inserts;
-- 2. a deferred constraint trigger on account_day_pending runs at commit: its first firing in the
--    transaction deletes the transaction's pending rows and adds their sums to the total rows in one
--    statement, ordered by (company, account, day); later firings return at once (a transaction-local
--    mark that the statement trigger sets, as 0009 does for the balance check). A company deleted in
--    the transaction has no accounts left, and its deltas are dropped.
CREATE OR REPLACE FUNCTION voucher_lines_day_deltas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_day_pending (company_id, account_id, entry_date, debit, credit)
    SELECT company_id, account_id, entry_date, sum(debit), sum(credit)
      FROM new_lines
     GROUP BY company_id, account_id, entry_date;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO account_day_pending (company_id, account_id, entry_date, debit, credit)
    SELECT company_id, account_id, entry_date, -sum(debit), -sum(credit)
      FROM old_lines
     GROUP BY company_id, account_id, entry_date;
  ELSE
    INSERT INTO account_day_pending (company_id, account_id, entry_date, debit, credit)
    SELECT company_id, account_id, entry_date, sum(debit), sum(credit)
      FROM (SELECT company_id, account_id, entry_date, debit, credit FROM new_lines
            UNION ALL
            SELECT company_id, account_id, entry_date, -debit, -credit FROM old_lines) d
     GROUP BY company_id, account_id, entry_date
    HAVING sum(debit) <> 0 OR sum(credit) <> 0;
  END IF;
  PERFORM set_config('pledge_desk.day_totals_pending', 'yes', true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER voucher_lines_day_totals_insert
  AFTER INSERT ON voucher_lines REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION voucher_lines_day_deltas();
--> statement-breakpoint
CREATE TRIGGER voucher_lines_day_totals_delete
  AFTER DELETE ON voucher_lines REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION voucher_lines_day_deltas();
--> statement-breakpoint
CREATE TRIGGER voucher_lines_day_totals_update
  AFTER UPDATE ON voucher_lines REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION voucher_lines_day_deltas();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_day_pending_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The first firing at commit moves every pending row of the transaction; the others (one per
  -- pending row) return at once instead of each scanning the index over the rows already moved (n²
  -- in a transaction of many vouchers). A write after a SET CONSTRAINTS … IMMEDIATE sets the mark again.
  IF coalesce(current_setting('pledge_desk.day_totals_pending', true), '') <> 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('pledge_desk.day_totals_pending', '', true);
  WITH moved AS (
    DELETE FROM account_day_pending WHERE txid = txid_current()
    RETURNING company_id, account_id, entry_date, debit, credit
  )
  INSERT INTO account_day_totals AS t (company_id, account_id, entry_date, debit, credit)
  SELECT m.company_id, m.account_id, m.entry_date, sum(m.debit), sum(m.credit)
    FROM moved m
   WHERE EXISTS (SELECT 1 FROM chart_accounts a WHERE a.company_id = m.company_id AND a.id = m.account_id)
   GROUP BY m.company_id, m.account_id, m.entry_date
  HAVING sum(m.debit) <> 0 OR sum(m.credit) <> 0
   ORDER BY m.company_id, m.account_id, m.entry_date
  ON CONFLICT (company_id, account_id, entry_date) DO UPDATE
    SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER account_day_pending_apply
  AFTER INSERT ON account_day_pending
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION account_day_pending_apply();
--> statement-breakpoint
-- The totals of the lines already written.
INSERT INTO account_day_totals (company_id, account_id, entry_date, debit, credit)
SELECT company_id, account_id, entry_date, sum(debit), sum(credit)
  FROM voucher_lines
 GROUP BY company_id, account_id, entry_date;
