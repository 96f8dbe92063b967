import { businessToday, parseReceiptNumber } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { type Actor, adminFor, freshCompany } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedBranchMasters } from './demo-masters.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { seedDemoPledges } from './demo-pledges.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function demoBranch(masterSeed: number, pledges: number): Promise<{ companyId: number; admin: Actor }> {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  await t.database.db.transaction((tx) =>
    seedBranchMasters(
      tx,
      {
        companyId: company.id,
        home: 'Madurai',
        customers: 15,
        seed: masterSeed,
        accountHolder: 'Demo Branch',
        banks: [
          {
            bankName: 'Canara Bank',
            accountNumber: `11872${company.id}`,
            ifscCode: 'CNRB0001187',
            branchName: 'West Masi Street',
            accountType: 'Current',
          },
        ],
      },
      admin.userId,
    ),
  );
  await seedDemoPledges(
    t.database.db,
    { companyId: company.id, pledges, seed: masterSeed + 1 },
    admin.userId,
    businessToday(t.config.businessTimeZone),
  );
  return { companyId: company.id, admin };
}

type Row = Record<string, unknown>;
const query = async <T extends Row>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));

describe('seedDemoPayments', () => {
  it('takes every kind of payment through the services, oldest first, and the books and balances hold', async () => {
    const { companyId, admin } = await demoBranch(31_013, 70);
    const today = businessToday(t.config.businessTimeZone);
    const made = await seedDemoPayments(
      t.database.db,
      { companyId, seed: 5, multiplePayments: 3, reverseLast: true },
      admin.userId,
      today,
    );
    expect(made.single).toBeGreaterThan(10);
    expect(made.multiple).toBeGreaterThanOrEqual(1);
    expect(made.closed).toBeGreaterThan(0);
    // The last receipt is reversed: kept, marked, with its reason, and out of every balance.
    expect(made.reversedReceiptId).toBe(made.receiptIds.at(-1));
    const [reversed] = await query<{ reason: string | null; rows: number; counted: number }>(sql`
      select r.reversal_reason as reason,
             (select count(*)::int from pledge_payments p where p.company_id = r.company_id and p.receipt_id = r.id) as rows,
             (select count(*)::int from pledge_payments p where p.company_id = r.company_id and p.receipt_id = r.id and p.reversed_at is null) as counted
        from payment_receipts r where r.company_id = ${companyId} and r.id = ${made.reversedReceiptId}`);
    expect(reversed!.reason).toBeTruthy();
    expect(reversed!.rows).toBeGreaterThan(0);
    expect(reversed!.counted).toBe(0);

    const rows = await query<{ payment_type: string; payment_method: string; kind: string; n: number }>(sql`
      select p.payment_type, p.payment_method, r.kind, count(*)::int as n
        from pledge_payments p join payment_receipts r on r.company_id = p.company_id and r.id = p.receipt_id
       where p.company_id = ${companyId} group by 1, 2, 3`);
    const has = (pick: (r: (typeof rows)[number]) => string, value: string) =>
      rows.some((r) => pick(r) === value);
    for (const type of ['interest', 'partial_principal', 'full_payment']) {
      expect(
        has((r) => r.payment_type, type),
        type,
      ).toBe(true);
    }
    expect(has((r) => r.payment_method, 'cash')).toBe(true);
    expect(rows.some((r) => r.payment_method !== 'cash')).toBe(true);
    expect(has((r) => r.kind, 'multiple')).toBe(true);

    // Receipts numbered per financial year without gaps, in date order.
    const receipts = await query<{ receipt_no: string; payment_date: string }>(sql`
      select receipt_no, payment_date::text from payment_receipts where company_id = ${companyId} order by id`);
    expect(receipts).toHaveLength(made.single + made.multiple);
    const dates = receipts.map((r) => r.payment_date);
    expect(dates).toEqual([...dates].sort());
    const byYear = new Map<string, number[]>();
    for (const r of receipts) {
      const parsed = parseReceiptNumber(r.receipt_no);
      expect(parsed, r.receipt_no).toBeDefined();
      byYear.set(parsed!.financialYear, [...(byYear.get(parsed!.financialYear) ?? []), parsed!.n]);
    }
    for (const numbers of byYear.values()) expect(numbers).toEqual(numbers.map((_, i) => i + 1));

    // No payment after today; closed pledges are inactive with their close date.
    expect(dates.at(-1)! <= today).toBe(true);
    const [closed] = await query<{ bad: number }>(sql`
      select count(*)::int as bad from pledge_payments p join pledges g on g.company_id = p.company_id and g.id = p.pledge_id
       where p.company_id = ${companyId} and p.closed_pledge and p.reversed_at is null and (g.closed_date is distinct from p.payment_date or g.status <> 'inactive')`);
    expect(closed!.bad).toBe(0);

    const check = await t.app.inject({ method: 'GET', url: '/api/books/check', headers: admin.headers() });
    expect(check.statusCode).toBe(200);
    expect(check.json().ok, check.body).toBe(true);
  }, 240_000);

  it('is deterministic: the same seed on the same day takes the same payments', async () => {
    const shape = async (companyId: number) =>
      query(sql`
        select p.payment_date::text, p.payment_type, p.payment_method, p.amount::text, p.penalty_amount::text,
               p.discount_amount::text, p.balance_amount::text, r.receipt_no
          from pledge_payments p join payment_receipts r on r.company_id = p.company_id and r.id = p.receipt_id
         where p.company_id = ${companyId} order by p.id`);
    const today = businessToday(t.config.businessTimeZone);
    const a = await demoBranch(77, 15);
    const b = await demoBranch(77, 15);
    for (const branch of [a, b]) {
      await seedDemoPayments(
        t.database.db,
        { companyId: branch.companyId, seed: 9, multiplePayments: 2 },
        branch.admin.userId,
        today,
      );
    }
    const first = await shape(a.companyId);
    expect(first.length).toBeGreaterThan(0);
    expect(await shape(b.companyId)).toEqual(first);
  }, 240_000);
});
