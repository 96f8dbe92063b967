import {
  type CollectionReport,
  type CollectionRow,
  type CollectionSums,
  type DisbursementReport,
  type DisbursementRow,
  type DisbursementSums,
  daysOverdue,
  type OverdueList,
  type OverdueRow,
  paiseToRupees,
  percentToBp,
  pledgeBalance,
  rupeesToPaise,
} from '@pledge-desk/domain';
import type { Db, DbOrTx } from '../../db/open-db.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { storedPaymentsOf } from '../payments/pledge-balance.ts';
import { csvBatch } from '../reports/csv.ts';
import {
  type CollectionRowDb,
  copyCollectionCsv,
  type DisbursementRowDb,
  type DisbursementSummaryDb,
  findCollectionCount,
  findCollectionRows,
  findCollectionSummary,
  findCollectionTotals,
  findDisbursementCsvBatch,
  findDisbursementRows,
  findDisbursementSummary,
  findOverdueIds,
  findOverduePledges,
  findOverdueTotals,
  findSchemeNames,
  findShortfallCollections,
  findUsernames,
  type OverdueIdRow,
  type Page,
  type ShortfallCollectionDb,
  type SummaryRowDb,
} from './operations-reports.repository.ts';

const money = (v: string | null | undefined) => (v === null || v === undefined ? 0 : rupeesFromNumeric(v));

// ---------------------------------------------------------------- overdue

/**
 * The overdue rows of the given ids, in their order, each with its balance as of asOf from the domain
 * (docs/domain-rules.md §3–§4; payments after asOf and reversed payments do not count), as the pending
 * pledges and the balance screen compute it.
 */
async function overdueRowsOf(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  ids: readonly OverdueIdRow[],
): Promise<OverdueRow[]> {
  const pledgeIds = ids.map((r) => Number(r.id));
  const [pledges, stored] = await Promise.all([
    findOverduePledges(db, companyId, pledgeIds),
    loadStoredPayments(db, companyId, pledgeIds),
  ]);
  const byId = new Map(pledges.map((p) => [Number(p.id), p]));
  return pledgeIds.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const b = pledgeBalance(
      {
        loanPaise: rupeesToPaise(p.total_loan_amount),
        rateBp: percentToBp(p.interest_rate),
        pledgeDate: p.pledge_date,
        firstMonthInterestPaise: rupeesToPaise(p.first_month_interest),
        payments: storedPaymentsOf(stored, id).parts,
      },
      asOf,
    );
    return [
      {
        pledge_id: id,
        pledge_no: p.pledge_no,
        pledge_date: p.pledge_date,
        customer_id: Number(p.customer_id),
        customer_name: p.customer_name,
        mobile_number: p.mobile_number,
        due_date: p.due_date,
        days_overdue: daysOverdue(p.due_date, asOf),
        loan_amount: rupeesFromNumeric(p.total_loan_amount),
        remaining_principal: paiseToRupees(b.remainingPrincipalPaise),
        remaining_interest: paiseToRupees(b.remainingInterestPaise),
        outstanding: paiseToRupees(b.totalOutstandingPaise),
      },
    ];
  });
}

export async function overdueList(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  page: number,
  pageSize: number,
): Promise<OverdueList> {
  const [ids, totals] = await Promise.all([
    findOverdueIds(db, companyId, asOf, { offset: (page - 1) * pageSize, limit: pageSize }),
    findOverdueTotals(db, companyId, asOf),
  ]);
  return {
    as_of: asOf,
    page,
    page_size: pageSize,
    total_count: totals.count,
    rows: await overdueRowsOf(db, companyId, asOf, ids),
    totals: { count: totals.count, principal_outstanding: money(totals.principal) },
  };
}

/** Every overdue row as of asOf, most overdue first, csvBatch.rows pledges a query (keyset on due date and id). */
export async function* allOverdueRows(
  db: DbOrTx,
  companyId: number,
  asOf: string,
): AsyncGenerator<OverdueRow[]> {
  let after: { dueDate: string; id: number } | null = null;
  for (;;) {
    const ids = await findOverdueIds(db, companyId, asOf, { after, limit: csvBatch.rows });
    if (ids.length === 0) return;
    yield await overdueRowsOf(db, companyId, asOf, ids);
    const last = ids[ids.length - 1]!;
    after = { dueDate: last.due_date, id: Number(last.id) };
    if (ids.length < csvBatch.rows) return;
  }
}

// ---------------------------------------------------------------- collections

function toCollectionRow(r: CollectionRowDb): CollectionRow {
  return {
    receipt_id: Number(r.receipt_id),
    receipt_no: r.receipt_no,
    payment_date: r.payment_date,
    customer_id: Number(r.customer_id),
    customer_name: r.customer_name,
    pledge_nos: pgTextArray(r.pledge_nos),
    payment_method: r.payment_method,
    username: r.username,
    interest: money(r.interest),
    principal: money(r.principal),
    penalty: money(r.penalty),
    discount: money(r.discount),
    net: money(r.net),
    reversed: r.reversed === true || (r.reversed as unknown) === 't',
  };
}

/** A text[] as the driver hands it: an array, or PostgreSQL's literal `{a,b}` when left unparsed. */
function pgTextArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  if (inner === '') return [];
  return inner.split(',').map((s) => s.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1'));
}

function sums(r: SummaryRowDb | undefined): CollectionSums {
  return {
    receipts: Number(r?.receipts ?? 0),
    payments: Number(r?.payments ?? 0),
    interest: money(r?.interest),
    principal: money(r?.principal),
    penalty: money(r?.penalty),
    discount: money(r?.discount),
    net: money(r?.net),
  };
}

/** The range's totals and summaries (not reversed rows), with the reversed receipts counted apart. */
export async function collectionSummary(db: DbOrTx, companyId: number, from: string, to: string) {
  const [summary, count] = await Promise.all([
    findCollectionSummary(db, companyId, from, to),
    findCollectionCount(db, companyId, from, to),
  ]);
  const of = (kind: SummaryRowDb['grouped_by']) => summary.filter((r) => r.grouped_by === kind);
  const userIds = of('user')
    .map((r) => r.user_id)
    .filter((id): id is number => id !== null)
    .map(Number);
  const names = await findUsernames(db, userIds);
  const byNet = <T extends { net: number }>(a: T, b: T) => b.net - a.net;
  return {
    count,
    totals: sums(of('all')[0]),
    reversed: { receipts: count.reversed, net: money(count.reversedNet) },
    by_type: of('type')
      .map((r) => ({ payment_type: r.payment_type ?? '', ...sums(r) }))
      .sort((a, b) => TYPE_ORDER.indexOf(a.payment_type) - TYPE_ORDER.indexOf(b.payment_type)),
    by_method: of('method')
      .map((r) => ({ payment_method: r.payment_method ?? '', ...sums(r) }))
      .sort(byNet),
    by_user: of('user')
      .map((r) => {
        const id = r.user_id === null ? null : Number(r.user_id);
        return { user_id: id, username: id === null ? null : (names.get(id) ?? null), ...sums(r) };
      })
      .sort(byNet),
    by_day: of('day')
      .map((r) => ({ date: r.payment_date ?? '', ...sums(r) }))
      .sort((a, b) => (a.date < b.date ? -1 : 1)),
  };
}

const TYPE_ORDER = ['interest', 'partial_principal', 'full_payment'];

export async function collectionReport(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
  page: number,
  pageSize: number,
): Promise<CollectionReport> {
  const p: Page = { offset: (page - 1) * pageSize, limit: pageSize };
  const [rows, summary, shortfalls] = await Promise.all([
    findCollectionRows(db, companyId, from, to, p),
    collectionSummary(db, companyId, from, to),
    shortfallsCollected(db, companyId, from, to),
  ]);
  const { count, ...rest } = summary;
  return {
    from,
    to,
    page,
    page_size: pageSize,
    total_count: count.count,
    rows: rows.map(toCollectionRow),
    ...rest,
    shortfalls_collected: shortfalls,
    total_collected: paiseToRupees(rupeesToPaise(rest.totals.net) + rupeesToPaise(shortfalls.net)),
  };
}

function toShortfallCollectionRow(r: ShortfallCollectionDb) {
  return {
    settlement_id: Number(r.settlement_id),
    receipt_no: r.receipt_no,
    collected_on: r.collected_on,
    customer_id: Number(r.customer_id),
    customer_name: r.customer_name,
    pledge_no: r.pledge_no,
    payment_method: r.payment_method,
    username: r.username,
    amount: money(r.amount),
  };
}

/**
 * The auction shortfalls collected in the range: cash taken in with a receipt of
 * its own, listed whole (a handful a day) and summed in paise.
 */
export async function shortfallsCollected(db: DbOrTx, companyId: number, from: string, to: string) {
  const rows = await findShortfallCollections(db, companyId, from, to);
  const netPaise = rows.reduce((n, r) => n + rupeesToPaise(r.amount), 0);
  return { rows: rows.map(toShortfallCollectionRow), receipts: rows.length, net: paiseToRupees(netPaise) };
}

/** Every receipt of the range in date order, csvBatch.rows a query (keyset on date and id). */
export async function* allCollectionRows(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
): AsyncGenerator<CollectionRow[]> {
  // Keyset batches (after the last row's date and id), not OFFSET: see After in the repository.
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const rows = await findCollectionRows(db, companyId, from, to, { after, limit: csvBatch.rows });
    if (rows.length > 0) yield rows.map(toCollectionRow);
    if (rows.length < csvBatch.rows) return;
    const last = rows.at(-1)!;
    after = { date: last.payment_date, id: Number(last.receipt_id) };
  }
}

// ---------------------------------------------------------------- disbursements

function toDisbursementRow(r: DisbursementRowDb): DisbursementRow {
  return {
    pledge_id: Number(r.pledge_id),
    pledge_no: r.pledge_no,
    pledge_date: r.pledge_date,
    customer_id: Number(r.customer_id),
    customer_name: r.customer_name,
    scheme_id: Number(r.scheme_id),
    scheme_name: r.scheme_name,
    username: r.username,
    loan: money(r.loan),
    first_month_interest: money(r.first_month_interest),
    document_charges: money(r.document_charges),
    final_amount: money(r.final_amount),
    payout_method: r.payout_method,
    payout_reference: r.payout_reference,
  };
}

function disbursementSums(r: DisbursementSummaryDb | undefined): DisbursementSums {
  return {
    count: Number(r?.count ?? 0),
    loan: money(r?.loan),
    first_month_interest: money(r?.first_month_interest),
    document_charges: money(r?.document_charges),
    final_amount: money(r?.final_amount),
  };
}

export async function disbursementSummary(db: DbOrTx, companyId: number, from: string, to: string) {
  const summary = await findDisbursementSummary(db, companyId, from, to);
  const of = (kind: DisbursementSummaryDb['grouped_by']) => summary.filter((r) => r.grouped_by === kind);
  const idsOf = (rows: DisbursementSummaryDb[], key: 'user_id' | 'scheme_id') =>
    rows
      .map((r) => r[key])
      .filter((id): id is number => id !== null)
      .map(Number);
  const [users, schemes] = await Promise.all([
    findUsernames(db, idsOf(of('user'), 'user_id')),
    findSchemeNames(db, companyId, idsOf(of('scheme'), 'scheme_id')),
  ]);
  const byLoan = <T extends { loan: number }>(a: T, b: T) => b.loan - a.loan;
  return {
    totals: disbursementSums(of('all')[0]),
    by_day: of('day')
      .map((r) => ({ date: r.pledge_date ?? '', ...disbursementSums(r) }))
      .sort((a, b) => (a.date < b.date ? -1 : 1)),
    by_scheme: of('scheme')
      .map((r) => ({
        scheme_id: Number(r.scheme_id),
        scheme_name: schemes.get(Number(r.scheme_id)) ?? '',
        ...disbursementSums(r),
      }))
      .sort(byLoan),
    by_user: of('user')
      .map((r) => {
        const id = r.user_id === null ? null : Number(r.user_id);
        return {
          user_id: id,
          username: id === null ? null : (users.get(id) ?? null),
          ...disbursementSums(r),
        };
      })
      .sort(byLoan),
    by_method: of('method')
      .map((r) => ({ payout_method: r.payout_method ?? '', ...disbursementSums(r) }))
      .sort(byLoan),
  };
}

export async function disbursementReport(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
  page: number,
  pageSize: number,
): Promise<DisbursementReport> {
  const [rows, summary] = await Promise.all([
    findDisbursementRows(db, companyId, from, to, { offset: (page - 1) * pageSize, limit: pageSize }),
    disbursementSummary(db, companyId, from, to),
  ]);
  return {
    from,
    to,
    page,
    page_size: pageSize,
    total_count: summary.totals.count,
    rows: rows.map(toDisbursementRow),
    ...summary,
  };
}

export async function* allDisbursementRows(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
): AsyncGenerator<DisbursementRow[]> {
  // Keyset batches (after the last row's date and id), not OFFSET: see After in the repository.
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const rows = await findDisbursementRows(db, companyId, from, to, { after, limit: csvBatch.rows });
    if (rows.length > 0) yield rows.map(toDisbursementRow);
    if (rows.length < csvBatch.rows) return;
    const last = rows.at(-1)!;
    after = { date: last.pledge_date, id: Number(last.pledge_id) };
  }
}

/** The overdue list's totals alone (the CSV's last line). */
export async function findOverdueTotalsFor(
  db: DbOrTx,
  companyId: number,
  asOf: string,
): Promise<OverdueList['totals']> {
  const t = await findOverdueTotals(db, companyId, asOf);
  return { count: t.count, principal_outstanding: money(t.principal) };
}

// ---------------------------------------------------------------- streamed CSVs

/** The overdue CSV's lines, a batch of csvBatch.rows pledges at a time (each line written by `line`). */
export async function* overdueCsvLines(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  line: (r: OverdueRow) => string,
): AsyncGenerator<string[]> {
  for await (const rows of allOverdueRows(db, companyId, asOf)) yield rows.map(line);
}

/**
 * The collections CSV's lines, written by the database (db/copy-csv.ts) from the figures kept on each
 * receipt: one COPY of the range, streamed as it is written on PostgreSQL, answered whole on PGlite.
 */
export function collectionsCsvBody(
  db: Db,
  companyId: number,
  from: string,
  to: string,
): AsyncGenerator<Buffer> {
  return copyCollectionCsv(db, companyId, from, to);
}

/** The collections CSV's last line: the summary's totals and the reversed receipts' count. */
export async function collectionsCsvTotals(db: DbOrTx, companyId: number, from: string, to: string) {
  const t = await findCollectionTotals(db, companyId, from, to);
  return {
    receipts: Number(t?.receipts ?? 0),
    interest: money(t?.interest),
    principal: money(t?.principal),
    penalty: money(t?.penalty),
    discount: money(t?.discount),
    net: money(t?.net),
    reversed: Number(t?.reversed ?? 0),
  };
}

/** Lines of a CSV and, once they are all read, the sums of the rows they were written from. */
export interface LinesWithTotals<T> extends AsyncIterable<string[]> {
  totals(): T;
}

/**
 * The loans-paid-out CSV's lines, csvBatch.rows pledges a query (keyset on date and id),
 * with the range's totals summed from the rows in integer paise (the rows are exactly the pledges the
 * summary's totals sum, so no second pass over the year).
 */
export function disbursementsCsvLines(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
  line: (r: DisbursementRowDb) => string,
): LinesWithTotals<DisbursementSums> {
  let count = 0;
  let loan = 0;
  let fmi = 0;
  let charges = 0;
  let paid = 0;
  return {
    async *[Symbol.asyncIterator]() {
      let after: { date: string; id: number } | null = null;
      for (;;) {
        const rows = await findDisbursementCsvBatch(db, companyId, from, to, after, csvBatch.rows);
        for (const r of rows) {
          count += 1;
          loan += rupeesToPaise(r.loan);
          fmi += rupeesToPaise(r.first_month_interest);
          charges += rupeesToPaise(r.document_charges);
          paid += rupeesToPaise(r.final_amount);
        }
        if (rows.length > 0) yield rows.map(line);
        if (rows.length < csvBatch.rows) return;
        const last = rows.at(-1)!;
        after = { date: last.pledge_date, id: Number(last.pledge_id) };
      }
    },
    totals: () => ({
      count,
      loan: paiseToRupees(loan),
      first_month_interest: paiseToRupees(fmi),
      document_charges: paiseToRupees(charges),
      final_amount: paiseToRupees(paid),
    }),
  };
}
