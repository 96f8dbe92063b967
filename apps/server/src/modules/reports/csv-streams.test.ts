import { formatIndianDate, registerCsvHeadings } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, freshCompany, pledgeFor } from '../../test/fixtures.ts';
import { insertPlanPledges, syncPledgeTotalsWithItems } from '../../test/plans.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  allCollectionRows,
  allDisbursementRows,
  allOverdueRows,
  collectionSummary,
  disbursementSummary,
  findOverdueTotalsFor,
} from '../operations-reports/operations-reports.service.ts';
import { readVaultRows, readVaultTotals } from '../registers/registers.repository.ts';
import { type CsvRow, csvBatch, toCsv } from './csv.ts';

// The registers' and reports' CSVs are streamed a batch at a time from their own queries, with cells
// written straight from the database's text ("Registers' and reports' CSVs" in docs/performance.md). Each
// must be byte for byte the file the earlier path built: every row read through the JSON rows (the readers
// the screens use), formatted as before and joined by toCsv. The book crosses batch boundaries (batches of
// 7 here), has reversed receipts, and names that need quoting, neutralising and UTF-8.

const PLEDGES = 240;
const TRICKY = '=Kumar, "Raja" மீனாட்சி';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Batches of 7 rows, so this small book crosses dozens of batch boundaries (a pledge's articles too).
  csvBatch.rows = 7;
});
afterAll(async () => {
  csvBatch.rows = 5000;
  await t.close();
});

async function book() {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const made = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: '2024-01-01' } });
  const db = t.database.db;
  const c = company.id;
  await insertPlanPledges(db, c, made.pledge_id, PLEDGES);
  await db.execute(sql`update pledges set created_by = ${admin.userId}::int where company_id = ${c}`);
  // Two articles for most pledges, one for every seventh; a comma and a quote in some conditions.
  await db.execute(sql`
    insert into pledge_items (company_id, pledge_id, jewell_design_id, jewell_condition, gross_weight, net_weight, net_value)
    select p.company_id, p.id, ${made.designId}::int,
           case when p.id % 3 = 0 then 'bent, "worn"' when p.id % 3 = 1 then '-scratched' end,
           10.125 + (p.id % 5), 9.5, 50000
      from pledges p cross join generate_series(1, 2) k
     where p.company_id = ${c} and p.pledge_no like 'PLAN%' and (k = 1 or p.id % 7 <> 0)`);
  await syncPledgeTotalsWithItems(db, c);
  // A receipt of one or two payment rows (a multiple payment) per PLAN pledge, every eleventh reversed.
  await db.execute(sql`
    insert into payment_receipts (company_id, receipt_no, kind, customer_id, payment_date, payment_method,
                                  total_amount, total_penalty, total_discount, net_amount, voucher_id,
                                  created_by, reversed_at, reversal_reason, reversal_voucher_id)
    select p.company_id, 'R/' || p.id, case when p.id % 4 = 0 then 'multiple' else 'single' end, p.customer_id, p.pledge_date + 31,
           case when p.id % 2 = 0 then 'cash' else 'bank' end, 150.5, 1.25, 0.75, 151, v.id, ${admin.userId}::int,
           case when p.id % 11 = 0 then now() end, case when p.id % 11 = 0 then 'wrong pledge' end,
           case when p.id % 11 = 0 then v.id end
      from (select voucher_id as id from pledges where id = ${made.pledge_id}) v, pledges p where p.company_id = ${c} and p.pledge_no like 'PLAN%'`);
  await db.execute(sql`
    insert into pledge_payments (company_id, receipt_id, pledge_id, payment_date, payment_method, payment_type,
                                 amount, interest_amount, principal_amount, penalty_amount, discount_amount,
                                 balance_amount, created_by, reversed_at)
    select r.company_id, r.id, substr(r.receipt_no, 3)::int + k, r.payment_date, r.payment_method,
           case when k = 0 then 'interest' else 'partial_principal' end,
           100.25, 75.25, 25, 1.25, 0.75, 1000, r.created_by, r.reversed_at
      from payment_receipts r cross join generate_series(0, 1) k
     where r.company_id = ${c} and r.receipt_no like 'R/%'
       and (k = 0 or substr(r.receipt_no, 3)::int % 4 = 0)
       and exists (select 1 from pledges q where q.company_id = r.company_id and q.id = substr(r.receipt_no, 3)::int + k)`);
  await db.execute(
    sql`update customers set customer_name = ${TRICKY} where company_id = ${c} and id = ${made.customer_id}::int`,
  );
  return { c, admin };
}

async function csvOf(url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return res.body;
}

const grams = (g: number) => g.toFixed(3);
const dmy = formatIndianDate;

async function collect<T>(batches: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const batch of batches) out.push(...batch);
  return out;
}

describe('the streamed CSVs', () => {
  it('are byte for byte the files the earlier path built', { timeout: 120_000 }, async () => {
    const { c, admin } = await book();
    const db = t.database.db;
    const h = admin.headers();

    // The vault as of a day when some pledges were open and some since closed (both halves).
    const asOf = '2024-01-08';
    const vaultRows = await readVaultRows(db, c, asOf, null);
    const vaultTotals = await readVaultTotals(db, c, asOf);
    expect(vaultRows.length).toBeGreaterThan(50);
    const vault: CsvRow[] = [
      // The headings are pinned word for word in the registers' and operations reports' tests.
      registerCsvHeadings('vault'),
      ...vaultRows.map((r) => [
        r.pledge_no,
        r.packet_no,
        dmy(r.pledge_date),
        r.customer_name,
        r.jewel_type,
        r.description,
        r.condition,
        String(r.count),
        grams(r.gross_weight),
        grams(r.net_weight),
      ]),
      ...vaultTotals.by_jewel_type.map((v) => [
        '',
        '',
        '',
        `Total ${v.jewel_type ?? ''}`.trim(),
        v.jewel_type,
        `${v.pledges} pledges`,
        '',
        String(v.items),
        grams(v.gross_weight),
        grams(v.net_weight),
      ]),
      [
        '',
        '',
        '',
        'Total',
        '',
        `${vaultTotals.overall.pledges} pledges`,
        '',
        String(vaultTotals.overall.items),
        grams(vaultTotals.overall.gross_weight),
        grams(vaultTotals.overall.net_weight),
      ],
    ];
    expect(await csvOf(`/api/registers/vault?as_of=${asOf}&format=csv`, h)).toBe(toCsv(vault));

    // Overdue as of a day when most open pledges are past due.
    const overdueAsOf = '2025-01-10';
    const overdueRows = await collect(allOverdueRows(db, c, overdueAsOf));
    expect(overdueRows.length).toBeGreaterThan(50);
    const ot = await findOverdueTotalsFor(db, c, overdueAsOf);
    const overdue: CsvRow[] = [
      // The headings are pinned word for word in the registers' and operations reports' tests.
      registerCsvHeadings('overdue'),
      ...overdueRows.map((r) => [
        r.pledge_no,
        dmy(r.pledge_date),
        r.customer_name,
        r.mobile_number,
        dmy(r.due_date),
        String(r.days_overdue),
        r.loan_amount,
        r.remaining_principal,
        r.remaining_interest,
        r.outstanding,
      ]),
      ['Total', '', `${ot.count} pledges`, '', '', '', null, ot.principal_outstanding, null, null],
    ];
    expect(await csvOf(`/api/registers/overdue?as_of=${overdueAsOf}&format=csv`, h)).toBe(toCsv(overdue));

    // A year of receipts and of loans paid out.
    const [from, to] = ['2024-01-01', '2024-12-31'];
    const receipts = await collect(allCollectionRows(db, c, from, to));
    expect(receipts.length).toBeGreaterThan(50);
    const s = await collectionSummary(db, c, from, to);
    expect(s.reversed.receipts).toBeGreaterThan(0);
    const collections: CsvRow[] = [
      // The headings are pinned word for word in the registers' and operations reports' tests.
      registerCsvHeadings('collections'),
      ...receipts.map((r) => [
        dmy(r.payment_date),
        r.receipt_no,
        r.customer_name,
        r.pledge_nos.join(' '),
        r.payment_method,
        r.username ?? '',
        r.interest,
        r.principal,
        r.penalty,
        r.discount,
        r.net,
        r.reversed ? 'Reversed' : '',
      ]),
      [
        'Total',
        `${s.totals.receipts} receipts`,
        '',
        '',
        '',
        '',
        s.totals.interest,
        s.totals.principal,
        s.totals.penalty,
        s.totals.discount,
        s.totals.net,
        s.reversed.receipts > 0 ? `${s.reversed.receipts} reversed, not counted` : '',
      ],
    ];
    expect(await csvOf(`/api/reports/collections?from=${from}&to=${to}&format=csv`, h)).toBe(
      toCsv(collections),
    );

    const pledges = await collect(allDisbursementRows(db, c, from, to));
    expect(pledges.length).toBeGreaterThan(50);
    const d = await disbursementSummary(db, c, from, to);
    const disbursements: CsvRow[] = [
      // The headings are pinned word for word in the registers' and operations reports' tests.
      registerCsvHeadings('disbursements'),
      ...pledges.map((r) => [
        dmy(r.pledge_date),
        r.pledge_no,
        r.customer_name,
        r.scheme_name,
        r.username ?? '',
        r.loan,
        r.first_month_interest,
        r.document_charges,
        r.final_amount,
        r.payout_method,
        r.payout_reference ?? '',
      ]),
      [
        'Total',
        `${d.totals.count} pledges`,
        '',
        '',
        '',
        d.totals.loan,
        d.totals.first_month_interest,
        d.totals.document_charges,
        d.totals.final_amount,
        '',
        '',
      ],
    ];
    expect(await csvOf(`/api/reports/disbursements?from=${from}&to=${to}&format=csv`, h)).toBe(
      toCsv(disbursements),
    );
  });
});
