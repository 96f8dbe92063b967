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
           case p.id % 5 when 0 then 'bent, "worn"' when 1 then '-scratched' when 2 then '' when 3 then chr(9) || 'tab' end,
           10.125 + (p.id % 5), 9.5, 50000
      from pledges p cross join generate_series(1, 2) k
     where p.company_id = ${c} and p.pledge_no like 'PLAN%' and (k = 1 or p.id % 7 <> 0)`);
  await syncPledgeTotalsWithItems(db, c);
  // A receipt of one or two payment rows (a multiple payment) per PLAN pledge, every eleventh reversed;
  // its kept interest, principal and pledge numbers as a payment writes them (the numbers from the rows).
  await db.execute(sql`
    insert into payment_receipts (company_id, receipt_no, kind, customer_id, payment_date, payment_method,
                                  total_amount, total_penalty, total_discount, net_amount, total_interest,
                                  total_principal, pledge_nos, voucher_id, created_by, reversed_at,
                                  reversal_reason, reversal_voucher_id)
    select p.company_id, 'R/' || p.id, case when n.rows = 2 then 'multiple' else 'single' end, p.customer_id,
           p.pledge_date + 31, case when p.id % 2 = 0 then 'cash' else 'bank' end, 100.25 * n.rows, 1.25 * n.rows,
           0.75 * n.rows, 100.75 * n.rows, 75.25 * n.rows, 25 * n.rows, array['?'], v.id,
           case when p.id % 6 <> 5 then ${admin.userId}::int end,
           case when p.id % 11 = 0 then now() end, case when p.id % 11 = 0 then 'wrong pledge' end,
           case when p.id % 11 = 0 then v.id end
      from (select voucher_id as id from pledges where id = ${made.pledge_id}) v, pledges p
      cross join lateral (
        select case when p.id % 4 = 0 and exists (select 1 from pledges q where q.company_id = p.company_id
                                                     and q.id = p.id + 1) then 2 else 1 end as rows
      ) n
     where p.company_id = ${c} and p.pledge_no like 'PLAN%'`);
  await db.execute(sql`
    insert into pledge_payments (company_id, receipt_id, pledge_id, payment_date, payment_method, payment_type,
                                 amount, interest_amount, principal_amount, penalty_amount, discount_amount,
                                 balance_amount, created_by, reversed_at)
    select r.company_id, r.id, substr(r.receipt_no, 3)::int + k, r.payment_date, r.payment_method,
           case when k = 0 then 'interest' else 'partial_principal' end,
           100.25, 75.25, 25, 1.25, 0.75, 1000, r.created_by, r.reversed_at
      from payment_receipts r cross join generate_series(0, 1) k
     where r.company_id = ${c} and r.receipt_no like 'R/%'
       and (k = 0 or r.kind = 'multiple')`);
  // Awkward text: numbers, names, designs and types that need quoting, neutralising (= + - @ tab CR
  // first), line breaks inside a cell, empty text, Tamil.
  await db.execute(sql`
    update pledges set pledge_no = (array['=', '+', '-', '@', chr(9), chr(13), '"', ''])[1 + id % 8] || pledge_no,
           packet_no = case id % 3 when 0 then null when 1 then '' else 'P,' || id end
     where company_id = ${c} and pledge_no like 'PLAN%' and id % 5 < 2`);
  await db.execute(sql`
    update payment_receipts r set pledge_nos = x.nos
      from (select pp.receipt_id, array_agg(p.pledge_no order by pp.id) as nos from pledge_payments pp
              join pledges p on p.company_id = pp.company_id and p.id = pp.pledge_id
             where pp.company_id = ${c} group by pp.receipt_id) x
     where r.company_id = ${c} and r.id = x.receipt_id`);
  await db.execute(sql`
    update payment_receipts set receipt_no = (array['=HYPERLINK("x")', '-', '@', 'a,b '])[1 + id % 4] || receipt_no
     where company_id = ${c} and id % 3 = 0`);
  const names = [
    TRICKY,
    'Line one\nline two',
    'CR\r\nLF name',
    '+91 Selvi',
    '-Murugan',
    '@home',
    '\tTabbed',
    '\rCR first',
    'முருகன் "கடை", சென்னை',
    '\\.',
    '"',
    ' spaced ',
  ];
  for (const [i, name] of names.entries()) {
    await db.execute(sql`
      insert into customers (company_id, acc_code, customer_name, guardian_name, mobile_number, door_no, street,
                             location, district, pincode)
      values (${c}, ${`AWK${i}`}, ${name}, 'G', ${`90000000${String(i).padStart(2, '0')}`}, '1', 'S', 'L', 'D', '600001')`);
  }
  await db.execute(sql`
    with k as (select id, row_number() over (order by id) - 1 as n from customers
                where company_id = ${c} and acc_code like 'AWK%')
    update pledges p set customer_id = k.id from k
     where p.company_id = ${c} and p.id % 13 = k.n`);
  await db.execute(sql`
    update payment_receipts r set customer_id = p.customer_id from pledges p
     where r.company_id = ${c} and p.company_id = r.company_id and p.id = substr(r.receipt_no, strpos(r.receipt_no, 'R/') + 2)::int`);
  await db.execute(
    sql`update jewel_designs set design_name = ${'=Chain, "long"\nமாலை'} where company_id = ${c} and id = ${made.designId}::int`,
  );
  await db.execute(sql`update jewel_types set jewel_name = ${'@Gold 22"'} where company_id = ${c}`);
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
    const vaultCsv = await csvOf(`/api/registers/vault?as_of=${asOf}&format=csv`, h);
    expect(vaultCsv).toBe(toCsv(vault));
    for (const cell of ['"\'=Chain, ""long""\nமாலை"', '\'@Gold 22"', "'-scratched", '"P,']) {
      expect(vaultCsv).toContain(cell);
    }

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
    const collectionsCsv = await csvOf(`/api/reports/collections?from=${from}&to=${to}&format=csv`, h);
    expect(collectionsCsv).toBe(toCsv(collections));
    // The awkward text is in the file: quoted line breaks, neutralised cells, Tamil, an empty user.
    for (const cell of [
      '"Line one\nline two"',
      '"CR\r\nLF name"',
      "'-Murugan",
      '"\'=HYPERLINK(""x"")',
      '"முருகன் ""கடை"", சென்னை"',
      ',bank,,',
      ',Reversed\r\n',
    ]) {
      expect(collectionsCsv).toContain(cell);
    }

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
