import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bigPledge } from '../payments/payments-test-helpers.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('notice batches racing each other', () => {
  it('8 simultaneous batches of one company, some refused: the numbers taken are 1..n without gaps or repeats', async () => {
    // 12-month pledges of 2025-01-01 are due 2026-01-01: overdue on 2026-02-01.
    const first = await bigPledge(t, '2025-01-01');
    const pledges = [first];
    for (let i = 0; i < 3; i++) {
      pledges.push(
        await bigPledge(t, `2025-01-0${i + 2}`, { companyId: first.companyId, actor: first.actor }),
      );
    }
    const notYet = await bigPledge(t, '2025-06-01', { companyId: first.companyId, actor: first.actor });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/notices',
          headers: first.actor.headers(),
          payload: {
            notice_date: '2026-02-01',
            // Fresh notices each time: the batches supersede each other's notices as they queue.
            renew: true,
            // Every third batch holds a pledge that is not overdue and is refused whole.
            pledge_ids:
              i % 3 === 2
                ? [pledges[i % 4]!.pledge_id, notYet.pledge_id]
                : [pledges[i % 4]!.pledge_id, pledges[(i + 1) % 4]!.pledge_id],
          },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 201, 409, 409]);
    const numbers = rowsOf<{ notice_no: string }>(
      await t.database.db.execute(
        sql`select notice_no from pledge_notices where company_id = ${first.companyId} order by notice_no`,
      ),
    ).map((r) => r.notice_no);
    expect(numbers).toEqual(
      Array.from({ length: 12 }, (_, i) => `N/2025-26/${String(i + 1).padStart(4, '0')}`),
    );
    // However they queued, each pledge is left with one open notice, every other one superseded by a
    // later notice of the same pledge.
    const open = rowsOf<{ pledge_id: number; open: number; chained: number }>(
      await t.database.db.execute(sql`
        select n.pledge_id, count(*) filter (where n.superseded_at is null)::int as open,
               count(*) filter (where s.pledge_id = n.pledge_id and s.id > n.id)::int as chained
          from pledge_notices n left join pledge_notices s on s.id = n.superseded_by
         where n.company_id = ${first.companyId} group by n.pledge_id`),
    );
    for (const r of open) {
      expect(r.open).toBe(1);
    }
    const total = open.reduce((sum, r) => sum + Number(r.chained) + 1, 0);
    expect(total).toBe(12);
  });

  it('two batches for one pledge at once without renew: one notice, the other refused (409)', async () => {
    const p = await bigPledge(t, '2025-01-01');
    const answers = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/notices',
          headers: p.actor.headers(),
          payload: { notice_date: '2026-02-01', pledge_ids: [p.pledge_id] },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from pledge_notices where company_id = ${p.companyId}`,
      ),
    );
    expect(Number(row!.n)).toBe(1);
  });
});
