CREATE TABLE "branch_cash_totals" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"cash" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_day_figures" (
	"entry_date" date NOT NULL,
	"company_id" integer NOT NULL,
	"interest" numeric(16, 2) DEFAULT '0' NOT NULL,
	"charges" numeric(16, 2) DEFAULT '0' NOT NULL,
	"cash" numeric(16, 2) DEFAULT '0' NOT NULL,
	"pledges" integer DEFAULT 0 NOT NULL,
	"disbursed" numeric(16, 2) DEFAULT '0' NOT NULL,
	"collected" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "branch_day_figures_pkey" PRIMARY KEY("entry_date","company_id")
);
--> statement-breakpoint
CREATE TABLE "branch_day_pending" (
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"company_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"pledges" integer DEFAULT 0 NOT NULL,
	"disbursed" numeric(16, 2) DEFAULT '0' NOT NULL,
	"collected" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branch_cash_totals" ADD CONSTRAINT "branch_cash_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_day_figures" ADD CONSTRAINT "branch_day_figures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branch_day_figures_company_idx" ON "branch_day_figures" USING btree ("company_id","entry_date");--> statement-breakpoint
CREATE INDEX "branch_day_pending_txid_idx" ON "branch_day_pending" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "pledges_open_due_all_idx" ON "pledges" USING btree ("due_date","id") WHERE "pledges"."closed_date" is null;--> statement-breakpoint
-- Kept per-branch daily figures (issue 32, item 6: the all-branches dashboard at 5,000 branches):
-- branch_day_figures always equals, per company and day, the income (4000; 4100 + 4200) and cash
-- (1000 + 1190) lines summed, the active pledges of that pledge_date (count and loans) and the
-- unreversed receipts of that payment_date (net); branch_cash_totals each branch's cash lines over
-- every day. Kept as account_day_totals is (migration 0018), in the same commit as the change:
-- 1. statement triggers on pledges and payment_receipts (INSERT, DELETE; transition tables) and row
--    triggers on their UPDATEs that change a figure (a WHEN, so a ticket print or a receipt's print
--    count costs nothing) append deltas to branch_day_pending, tagged with the transaction's id, and
--    set the mark of 0018;
-- 2. the lines' share is read from account_day_pending, which the statement triggers of 0018 fill;
-- 3. the deferred apply of 0018 (one function for both pending tables, so one first firing per
--    transaction does all) moves the figures first, then the cash totals, then the account totals,
--    each in key order: every transaction locks its kept rows last, in the same order.
-- The accounts are found by code: 1000, 1190, 4000, 4100 and 4200 are system accounts, whose code
-- cannot change (docs/domain-rules.md §6.1).
CREATE OR REPLACE FUNCTION pledges_day_figures() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO branch_day_pending (company_id, entry_date, pledges, disbursed)
    SELECT company_id, pledge_date, count(*), sum(total_loan_amount)
      FROM new_rows
     WHERE status = 'active'
     GROUP BY company_id, pledge_date;
  ELSE
    INSERT INTO branch_day_pending (company_id, entry_date, pledges, disbursed)
    SELECT company_id, pledge_date, -count(*), -sum(total_loan_amount)
      FROM old_rows
     WHERE status = 'active'
     GROUP BY company_id, pledge_date;
  END IF;
  IF FOUND THEN
    PERFORM set_config('pledge_desk.day_totals_pending', 'yes', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER pledges_day_figures_insert
  AFTER INSERT ON pledges REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pledges_day_figures();
--> statement-breakpoint
CREATE TRIGGER pledges_day_figures_delete
  AFTER DELETE ON pledges REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pledges_day_figures();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pledges_day_figures_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO branch_day_pending (company_id, entry_date, pledges, disbursed)
  SELECT d.company_id, d.entry_date, sum(d.n), sum(d.amount)
    FROM (SELECT OLD.company_id, OLD.pledge_date, -1, -OLD.total_loan_amount WHERE OLD.status = 'active'
          UNION ALL
          SELECT NEW.company_id, NEW.pledge_date, 1, NEW.total_loan_amount WHERE NEW.status = 'active'
         ) d(company_id, entry_date, n, amount)
   GROUP BY d.company_id, d.entry_date
  HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0;
  IF FOUND THEN
    PERFORM set_config('pledge_desk.day_totals_pending', 'yes', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER pledges_day_figures_update
  AFTER UPDATE OF company_id, pledge_date, total_loan_amount, status ON pledges
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.pledge_date IS DISTINCT FROM NEW.pledge_date
        OR OLD.total_loan_amount IS DISTINCT FROM NEW.total_loan_amount
        OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION pledges_day_figures_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_receipts_day_figures() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO branch_day_pending (company_id, entry_date, collected)
    SELECT company_id, payment_date, sum(net_amount)
      FROM new_rows
     WHERE reversed_at IS NULL
     GROUP BY company_id, payment_date;
  ELSE
    INSERT INTO branch_day_pending (company_id, entry_date, collected)
    SELECT company_id, payment_date, -sum(net_amount)
      FROM old_rows
     WHERE reversed_at IS NULL
     GROUP BY company_id, payment_date;
  END IF;
  IF FOUND THEN
    PERFORM set_config('pledge_desk.day_totals_pending', 'yes', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_receipts_day_figures_insert
  AFTER INSERT ON payment_receipts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_receipts_day_figures();
--> statement-breakpoint
CREATE TRIGGER payment_receipts_day_figures_delete
  AFTER DELETE ON payment_receipts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_receipts_day_figures();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_receipts_day_figures_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO branch_day_pending (company_id, entry_date, collected)
  SELECT d.company_id, d.entry_date, sum(d.amount)
    FROM (SELECT OLD.company_id, OLD.payment_date, -OLD.net_amount WHERE OLD.reversed_at IS NULL
          UNION ALL
          SELECT NEW.company_id, NEW.payment_date, NEW.net_amount WHERE NEW.reversed_at IS NULL
         ) d(company_id, entry_date, amount)
   GROUP BY d.company_id, d.entry_date
  HAVING sum(d.amount) <> 0;
  IF FOUND THEN
    PERFORM set_config('pledge_desk.day_totals_pending', 'yes', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_receipts_day_figures_update
  AFTER UPDATE OF company_id, payment_date, net_amount, reversed_at ON payment_receipts
  FOR EACH ROW
  WHEN ((OLD.reversed_at IS NULL) <> (NEW.reversed_at IS NULL)
        OR OLD.payment_date IS DISTINCT FROM NEW.payment_date
        OR OLD.net_amount IS DISTINCT FROM NEW.net_amount
        OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION payment_receipts_day_figures_update();
--> statement-breakpoint
-- The apply of 0018, now for both pending tables: its first firing in the transaction (whichever
-- table's row fired it) moves the branch figures, the cash totals and the account totals, in that
-- order, each statement in key order; later firings return at once.
CREATE OR REPLACE FUNCTION account_day_pending_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('pledge_desk.day_totals_pending', true), '') <> 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('pledge_desk.day_totals_pending', '', true);
  -- 1. The branches' daily figures: the lines' share (income and cash accounts, by code) from the
  --    transaction's account deltas, the pledges' and receipts' from its branch deltas.
  WITH lines AS (
    SELECT p.company_id, p.entry_date,
           coalesce(sum(p.credit - p.debit) FILTER (WHERE a.account_code = '4000'), 0) AS interest,
           coalesce(sum(p.credit - p.debit) FILTER (WHERE a.account_code IN ('4100', '4200')), 0) AS charges,
           coalesce(sum(p.debit - p.credit) FILTER (WHERE a.account_code IN ('1000', '1190')), 0) AS cash
      FROM account_day_pending p
      JOIN chart_accounts a ON a.company_id = p.company_id AND a.id = p.account_id
     WHERE p.txid = txid_current() AND a.account_code IN ('1000', '1190', '4000', '4100', '4200')
     GROUP BY p.company_id, p.entry_date
  ),
  moved AS (
    DELETE FROM branch_day_pending WHERE txid = txid_current()
    RETURNING company_id, entry_date, pledges, disbursed, collected
  ),
  deltas AS (
    SELECT company_id, entry_date, interest, charges, cash,
           0 AS pledges, 0::numeric AS disbursed, 0::numeric AS collected
      FROM lines
    UNION ALL
    SELECT company_id, entry_date, 0, 0, 0, pledges, disbursed, collected
      FROM moved
  )
  INSERT INTO branch_day_figures AS f
         (entry_date, company_id, interest, charges, cash, pledges, disbursed, collected)
  SELECT d.entry_date, d.company_id, sum(d.interest), sum(d.charges), sum(d.cash), sum(d.pledges),
         sum(d.disbursed), sum(d.collected)
    FROM deltas d
   WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = d.company_id)
   GROUP BY d.entry_date, d.company_id
  HAVING sum(d.interest) <> 0 OR sum(d.charges) <> 0 OR sum(d.cash) <> 0 OR sum(d.pledges) <> 0
      OR sum(d.disbursed) <> 0 OR sum(d.collected) <> 0
   ORDER BY d.entry_date, d.company_id
  ON CONFLICT (entry_date, company_id) DO UPDATE
    SET interest = f.interest + excluded.interest, charges = f.charges + excluded.charges,
        cash = f.cash + excluded.cash, pledges = f.pledges + excluded.pledges,
        disbursed = f.disbursed + excluded.disbursed, collected = f.collected + excluded.collected;
  -- 2. Each branch's cash over every day.
  INSERT INTO branch_cash_totals AS t (company_id, cash)
  SELECT p.company_id, sum(p.debit - p.credit)
    FROM account_day_pending p
    JOIN chart_accounts a ON a.company_id = p.company_id AND a.id = p.account_id
   WHERE p.txid = txid_current() AND a.account_code IN ('1000', '1190')
   GROUP BY p.company_id
  HAVING sum(p.debit - p.credit) <> 0
   ORDER BY p.company_id
  ON CONFLICT (company_id) DO UPDATE SET cash = t.cash + excluded.cash;
  -- 3. The account totals (as 0018).
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
CREATE CONSTRAINT TRIGGER branch_day_pending_apply
  AFTER INSERT ON branch_day_pending
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION account_day_pending_apply();
--> statement-breakpoint
-- The figures made again from the rows (the account totals for the lines' share): the backfill here,
-- and after a bulk write with the triggers off (bench/server/pledges-data.ts inBulk).
CREATE OR REPLACE FUNCTION branch_day_figures_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM branch_day_figures;
  DELETE FROM branch_cash_totals;
  INSERT INTO branch_day_figures (entry_date, company_id, interest, charges, cash, pledges, disbursed, collected)
  SELECT d.entry_date, d.company_id, sum(d.interest), sum(d.charges), sum(d.cash), sum(d.pledges),
         sum(d.disbursed), sum(d.collected)
    FROM (SELECT t.entry_date, t.company_id,
                 coalesce(sum(t.credit - t.debit) FILTER (WHERE a.account_code = '4000'), 0) AS interest,
                 coalesce(sum(t.credit - t.debit) FILTER (WHERE a.account_code IN ('4100', '4200')), 0) AS charges,
                 coalesce(sum(t.debit - t.credit) FILTER (WHERE a.account_code IN ('1000', '1190')), 0) AS cash,
                 0::bigint AS pledges, 0::numeric AS disbursed, 0::numeric AS collected
            FROM account_day_totals t
            JOIN chart_accounts a ON a.company_id = t.company_id AND a.id = t.account_id
           WHERE a.account_code IN ('1000', '1190', '4000', '4100', '4200')
           GROUP BY t.entry_date, t.company_id
          UNION ALL
          SELECT pledge_date, company_id, 0, 0, 0, count(*), sum(total_loan_amount), 0
            FROM pledges
           WHERE status = 'active'
           GROUP BY pledge_date, company_id
          UNION ALL
          SELECT payment_date, company_id, 0, 0, 0, 0, 0, sum(net_amount)
            FROM payment_receipts
           WHERE reversed_at IS NULL
           GROUP BY payment_date, company_id) d
   GROUP BY d.entry_date, d.company_id
  HAVING sum(d.interest) <> 0 OR sum(d.charges) <> 0 OR sum(d.cash) <> 0 OR sum(d.pledges) <> 0
      OR sum(d.disbursed) <> 0 OR sum(d.collected) <> 0;
  INSERT INTO branch_cash_totals (company_id, cash)
  SELECT t.company_id, sum(t.debit - t.credit)
    FROM account_day_totals t
    JOIN chart_accounts a ON a.company_id = t.company_id AND a.id = t.account_id
   WHERE a.account_code IN ('1000', '1190')
   GROUP BY t.company_id;
END;
$$;
--> statement-breakpoint
SELECT branch_day_figures_rebuild();
