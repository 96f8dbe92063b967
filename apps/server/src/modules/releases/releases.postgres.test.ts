import { addDays, businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { adminFor, freshCompany, paymentFor, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectBooksClean } from '../payments/payments-test-helpers.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

describe('releases racing each other and a reversal', () => {
  it('10 simultaneous releases of one pledge: exactly one is made, the others 409', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const today = businessToday(t.config.businessTimeZone);
    const p = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: addDays(today, -20) } });
    await paymentFor(t, company.id, p, { payment_type: 'full_payment', payment_date: addDays(today, -2) });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/pledges/${p.pledge_id}/release`,
          headers: admin.headers(),
          payload: { receiver_kind: 'pawner', remarks: `try ${i}` },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from pledge_releases where pledge_id = ${p.pledge_id}`,
      ),
    );
    expect(row?.n).toBe(1);
  });

  it('a release and the reversal of the closing payment at once: one wins, the pledge stays whole', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const today = businessToday(t.config.businessTimeZone);
    const p = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: addDays(today, -20) } });
    const closing = await paymentFor(t, company.id, p, { payment_type: 'full_payment', payment_date: today });
    const [rel, rev] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/pledges/${p.pledge_id}/release`,
        headers: admin.headers(),
        payload: { receiver_kind: 'pawner' },
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/pledge-payments/${closing.id}/reverse`,
        headers: admin.headers(),
        payload: { reason: 'race' },
      }),
    ]);
    const released = rel!.statusCode === 201;
    const reversed = rev!.statusCode === 200;
    expect(released !== reversed, `${rel!.body} ${rev!.body}`).toBe(true);
    const [row] = rowsOf<{ closed_date: string | null; released_on: string | null }>(
      await t.database.db.execute(
        sql`select closed_date::text, released_on::text from pledges where id = ${p.pledge_id}`,
      ),
    );
    if (released) expect(row).toEqual({ closed_date: today, released_on: today });
    else expect(row).toEqual({ closed_date: null, released_on: null });
  });
});
