import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';

// Every report aggregates in SQL through voucher_lines_account_date_idx (company, account, date) or
// vouchers_company_date_idx; none loads all lines into memory. Sums come back as numeric text.

export interface AccountTotalsRow {
  id: number;
  code: string;
  name: string;
  type: string;
  opening: string;
  debit: string;
  credit: string;
}

/** Every account of the company with its opening balance and its debits and credits up to a date. */
export async function accountTotalsAsOf(
  db: DbOrTx,
  companyId: number,
  asOf: string,
): Promise<AccountTotalsRow[]> {
  const result = await db.execute(sql`
    select a.id, a.account_code as code, a.account_name as name, a.account_type as type,
           a.opening_balance::text as opening,
           coalesce(m.debit, 0)::text as debit, coalesce(m.credit, 0)::text as credit
      from chart_accounts a
      left join (
        select account_id, sum(debit) as debit, sum(credit) as credit
          from voucher_lines
         where company_id = ${companyId} and entry_date <= ${asOf}
         group by account_id
      ) m on m.account_id = a.id
     where a.company_id = ${companyId}
     order by a.account_code, a.id`);
  return rowsOf<AccountTotalsRow>(result);
}

/** Σ debit and Σ credit of one account strictly before a date (the ledger's brought-forward part). */
export async function accountMovementBefore(
  db: DbOrTx,
  companyId: number,
  accountId: number,
  before: string,
): Promise<{ debit: string; credit: string }> {
  const [row] = rowsOf<{ debit: string; credit: string }>(
    await db.execute(sql`
      select coalesce(sum(debit), 0)::text as debit, coalesce(sum(credit), 0)::text as credit
        from voucher_lines
       where company_id = ${companyId} and account_id = ${accountId} and entry_date < ${before}`),
  );
  return row ?? { debit: '0', credit: '0' };
}

/**
 * A ledger line: date, voucher id, number and type, narration, debit and credit in paise, and the kind and
 * values of the voucher's narration when the line shows it (the line has no narration of its own).
 */
export type LedgerLineTuple = [
  string,
  number,
  string,
  string,
  string,
  number,
  number,
  string | null,
  Record<string, string> | null,
];

/**
 * The lines of one account in a date range, in date then posting order. They come back as one JSON
 * array built in SQL: a busy account's year is 100,000 lines and more, and reading them as one value
 * is several times faster than row by row on PGlite (docs/performance.md, Books).
 */
export async function ledgerLines(
  tx: Tx,
  companyId: number,
  accountId: number,
  from: string,
  to: string,
): Promise<LedgerLineTuple[]> {
  // A busy account's year sorts in memory instead of spilling to disk (4 MB is the default). `set
  // local` needs a transaction: the caller (reports.service accountLedger) opens it.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const [row] = rowsOf<{ lines: string | null }>(
    await tx.execute(sql`
      select json_agg(json_build_array(l.entry_date, v.id, v.voucher_number, v.voucher_type,
                                       coalesce(l.narration, v.narration),
                                       (l.debit * 100)::bigint, (l.credit * 100)::bigint,
                                       case when l.narration is null then v.narration_code end,
                                       case when l.narration is null then v.narration_params end)
                      order by l.entry_date, l.voucher_id, l.line_no)::text as lines
        from voucher_lines l
        join vouchers v on v.company_id = l.company_id and v.id = l.voucher_id
       where l.company_id = ${companyId} and l.account_id = ${accountId}
         and l.entry_date between ${from} and ${to}`),
  );
  return row?.lines ? (JSON.parse(row.lines) as LedgerLineTuple[]) : [];
}

export interface DayBookLineRow {
  voucher_id: number;
  entry_date: string;
  voucher_type: string;
  voucher_number: string;
  reference_number: string | null;
  narration: string;
  narration_code: string | null;
  narration_params: Record<string, string> | null;
  total_amount: string;
  source_kind: string;
  line_no: number;
  account_code: string;
  account_name: string;
  debit: string;
  credit: string;
  line_narration: string | null;
}

/** Every voucher line dated in the range, vouchers in date, type and number order. */
export async function dayBookLines(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
): Promise<DayBookLineRow[]> {
  return rowsOf<DayBookLineRow>(
    await db.execute(sql`
      select v.id as voucher_id, v.entry_date::text as entry_date, v.voucher_type, v.voucher_number,
             v.reference_number, v.narration, v.narration_code, v.narration_params,
             v.total_amount::text as total_amount, v.source_kind,
             l.line_no, a.account_code, a.account_name, l.debit::text as debit, l.credit::text as credit,
             l.narration as line_narration
        from vouchers v
        join voucher_lines l on l.company_id = v.company_id and l.voucher_id = v.id
        join chart_accounts a on a.company_id = l.company_id and a.id = l.account_id
       where v.company_id = ${companyId} and v.entry_date between ${from} and ${to}
       order by v.entry_date, v.voucher_type, v.running_number, v.id, l.line_no`),
  );
}

/** Count and total of the vouchers of each type dated in the range. */
export async function dayBookTotals(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
): Promise<{ voucher_type: string; count: number; total: string }[]> {
  return rowsOf(
    await db.execute(sql`
      select voucher_type, count(*)::int as count, sum(total_amount)::text as total
        from vouchers
       where company_id = ${companyId} and entry_date between ${from} and ${to}
       group by voucher_type
       order by voucher_type`),
  );
}
