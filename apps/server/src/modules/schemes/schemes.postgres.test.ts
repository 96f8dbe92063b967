import { SCHEME_MESSAGES } from '@pledge-desk/domain';
import type { InjectOptions, Response as LightMyRequestResponse } from 'light-my-request';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jewelTypes } from '../../db/schema/index.ts';
import { adminFor, freshCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Two saves of one scheme name at once (PostgreSQL only: PGlite runs one request at a time). A separate
 * connection locks the jewel type row, so every save passes the duplicate check (nothing is committed
 * yet) and then waits inside its INSERT, at the foreign-key check or behind the first one's index entry.
 * Released together, all but one hit the unique index, which must answer like the check does.
 */
let t: TestApp;
let blocker: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  const config = t.config.database;
  if (config.kind !== 'postgres') throw new Error('this file runs on PostgreSQL only');
  blocker = new pg.Client({ connectionString: config.url });
  await blocker.connect();
});
afterAll(async () => {
  await blocker.end();
  await t.close();
});

/** Starts a request now (inject's answer is lazy: it runs when first awaited). */
const send = (options: InjectOptions): Promise<LightMyRequestResponse> =>
  t.app.inject(options).then((r) => r);

async function untilWaiting(n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await blocker.query('select pg_stat_clear_snapshot()');
    const { rows } = await blocker.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and state = 'active' and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) >= n) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0]?.waiting} saves waited`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('POST /api/schemes/ racing itself', () => {
  it('keeps one of 5 simultaneous saves of a name and answers the others with the spec message', async () => {
    const companyId = (await freshCompany(t)).id;
    const admin = await adminFor(t, companyId);
    const [row] = await t.database.db
      .insert(jewelTypes)
      .values({ companyId, jewelName: 'Gold 22K', purity: '916' })
      .returning({ id: jewelTypes.id });
    const goldId = row!.id;
    await blocker.query('begin');
    await blocker.query('select id from jewel_types where id = $1 for update', [goldId]);
    const answers = Array.from({ length: 5 }, (_, i) =>
      send({
        method: 'POST',
        url: '/api/schemes/',
        headers: admin.headers(),
        // The same name in another case each time, a prefix of its own: only the name can clash.
        payload: {
          jewel_type_id: goldId,
          scheme_name: i % 2 ? 'GOLD LOAN RACE' : 'gold loan race',
          short_name: 'Race',
          prefix: `R${'ABCDE'[i]}`,
          duration_in_months: 12,
          interest_rate_per_month: 1.5,
          loan_eligibility_percentage: 75,
          status: true,
        },
      }),
    );
    try {
      await untilWaiting(5);
    } finally {
      await blocker.query('commit');
    }
    const done = await Promise.all(answers);
    expect(done.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const a of done.filter((x) => x.statusCode === 422)) {
      expect(a.json().detail).toMatchObject([
        expect.objectContaining({ loc: ['body', 'scheme_name'], msg: SCHEME_MESSAGES.duplicateName }),
      ]);
    }
  });
});
