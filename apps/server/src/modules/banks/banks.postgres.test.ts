import type { InjectOptions, Response as LightMyRequestResponse } from 'light-my-request';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, freshCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Two saves of one account at once (PostgreSQL only: PGlite runs one request at a time). A separate
 * connection locks the company row, so every save passes the "already recorded" check and then waits
 * inside its INSERT (the company foreign key, or the first one's index entry). Released together, all
 * but one hit the unique index, which must answer like the check does.
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

describe('POST /api/bank-details/ racing itself', () => {
  it('records one of 5 simultaneous saves of an account and refuses the others on account_number', async () => {
    const companyId = (await freshCompany(t)).id;
    const admin = await adminFor(t, companyId);
    await blocker.query('begin');
    await blocker.query('select id from companies where id = $1 for update', [companyId]);
    const answers = Array.from({ length: 5 }, (_, i) =>
      send({
        method: 'POST',
        url: '/api/bank-details/',
        headers: admin.headers(),
        payload: {
          bank_name: 'Canara Bank',
          account_holder_name: 'Sri Lakshmi Jewel Loans',
          account_number: '1187201004562',
          ifsc_code: i % 2 ? 'CNRB0001187' : 'cnrb0001187',
          branch_name: 'West Masi Street',
          account_type: 'Current',
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
      expect(a.json().detail[0]).toMatchObject({
        loc: ['body', 'account_number'],
        msg: 'This account is already recorded.',
      });
    }
  });
});
