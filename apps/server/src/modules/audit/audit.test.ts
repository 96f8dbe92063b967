import { auditListSchema } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_PLANNER_UPKEEP } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  adminFor,
  FIXTURE_PASSWORD,
  freshCompany,
  pledgeFor,
  uniqueName,
  userFor,
} from '../../test/fixtures.ts';
import { explainText } from '../../test/plans.ts';
import { createTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';
import { auditPageQuery } from './audit.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const bank = (account: string) => ({
  bank_name: 'State Bank of India',
  account_holder_name: 'Sri Lakshmi Jewel Loans',
  account_number: account,
  ifsc_code: 'SBIN0000817',
  branch_name: 'T. Nagar',
  account_type: 'Current',
  status: true,
});

async function trail(headers: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: auditListSchema.parse(res.json()), total: Number(res.headers['x-total-count']) };
}

describe('the audit_events table', () => {
  it('refuses an UPDATE, a DELETE and a TRUNCATE sent as raw SQL', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/bank-details/',
      headers: admin.headers(),
      payload: bank('30012345678'),
    });
    expect(made.statusCode).toBe(201);
    const db = t.database.db;
    const [row] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from audit_events where company_id = ${company.id} and entity = 'bank'`),
    );
    expect(row).toBeDefined();
    await expect(
      db.execute(sql`update audit_events set username = 'someone else' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_events where id = ${row!.id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
    // Still there, unchanged.
    const [still] = rowsOf<{ username: string }>(
      await db.execute(sql`select username from audit_events where id = ${row!.id}`),
    );
    expect(still?.username).toBe(admin.username);
  });
});

describe('GET /api/audit', () => {
  it('lists a create, an update and a delete newest first, with who, the record before and after, and the request', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bank-details/',
      headers: { ...admin.headers(), 'x-request-id': 'req-audit-create-1' },
      payload: bank('30012345678'),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/bank-details/${id}`,
      headers: admin.headers(),
      payload: { ...bank('30012345678'), branch_name: 'Mylapore' },
    });
    expect(changed.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/bank-details/${id}`,
      headers: admin.headers(),
    });
    expect(gone.statusCode).toBe(204);

    const { rows, total } = await trail(admin.headers(), '?entity=bank');
    expect(total).toBe(3);
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    const [del, upd, cre] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    expect(cre).toMatchObject({
      company_id: company.id,
      user_id: admin.userId,
      username: admin.username,
      entity: 'bank',
      entity_id: String(id),
      before: null,
      request_id: 'req-audit-create-1',
      route: 'POST /api/bank-details/',
    });
    expect(cre.after).toMatchObject({ id, branch_name: 'T. Nagar', account_number: '30012345678' });
    expect(upd.before).toMatchObject({ branch_name: 'T. Nagar' });
    expect(upd.after).toMatchObject({ branch_name: 'Mylapore' });
    expect(del.before).toMatchObject({ id, branch_name: 'Mylapore' });
    expect(del.after).toBeNull();
    // A deleted record stays readable whole in its own history.
    const history = await trail(admin.headers(), `?entity=bank&entity_id=${id}`);
    expect(history.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('puts a change made outside a request (the demo seed, a tool) in the branch of its record, by the system', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    // The fixture calls the pledge service directly, as the demo seed does.
    const made = await pledgeFor(t, company.id);
    const { rows } = await trail(admin.headers(), `?entity=pledge&entity_id=${made.pledge_id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      company_id: company.id,
      user_id: null,
      username: null,
      request_id: null,
    });
  });

  it('leaves no row for a write that was refused', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bank-details/',
      headers: admin.headers(),
      payload: { ...bank('30012345678'), bank_name: ' ' },
    });
    expect(res.statusCode).toBe(422);
    const dup1 = await t.app.inject({
      method: 'POST',
      url: '/api/bank-details/',
      headers: admin.headers(),
      payload: bank('30055555555'),
    });
    expect(dup1.statusCode).toBe(201);
    const dup2 = await t.app.inject({
      method: 'POST',
      url: '/api/bank-details/',
      headers: admin.headers(),
      payload: bank('30055555555'),
    });
    expect(dup2.statusCode).toBe(422);
    expect((await trail(admin.headers(), '?entity=bank')).total).toBe(1);
  });

  it('records sign-ins, failed sign-ins and sign-outs; a name nobody has goes under no branch', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const clerk = await userFor(t, company.id);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: clerk.username, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    const nobody = uniqueName('nobody');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: nobody, password: FIXTURE_PASSWORD },
    });
    expect(unknown.statusCode).toBe(401);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: clerk.headers() });
    expect(out.statusCode).toBe(204);

    const clerks = await trail(admin.headers(), `?user_id=${clerk.userId}`);
    // userFor signed the clerk in; then the wrong password; then the sign-out.
    expect(clerks.rows.map((r) => r.action)).toEqual(['sign_out', 'sign_in_failed', 'sign_in']);
    expect(clerks.rows.every((r) => r.entity === 'session' && r.username === clerk.username)).toBe(true);
    expect(clerks.rows[1]!.after).toMatchObject({ refused: 'wrong password' });
    expect(JSON.stringify(clerks.rows)).not.toContain('not-the-password');

    const none = await trail(admin.headers(), '?company=none&action=sign_in_failed');
    const mine = none.rows.filter((r) => r.username === nobody);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ company_id: null, user_id: null, after: { refused: 'no such user' } });
  });

  it('filters by business day, and refuses a range that ends before it starts', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/bank-details/',
      headers: admin.headers(),
      payload: bank('30012345678'),
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect((await trail(admin.headers(), `?from=${today}&to=${today}&entity=bank`)).total).toBe(1);
    expect((await trail(admin.headers(), '?from=2020-01-01&to=2020-01-31&entity=bank')).total).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/audit?from=2026-02-01&to=2026-01-01',
      headers: admin.headers(),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toMatchObject(['query', 'from']);
    const badEntity = await t.app.inject({
      method: 'GET',
      url: '/api/audit?entity=Bank;drop',
      headers: admin.headers(),
    });
    expect(badEntity.statusCode).toBe(422);
  });

  it('is for admins only, and shows a branch only its own events', async () => {
    const company = await freshCompany(t);
    const other = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const clerk = await userFor(t, company.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/bank-details/',
      headers: admin.headers(),
      payload: bank('30012345678'),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/audit', headers: clerk.headers() })).statusCode,
    ).toBe(403);
    expect((await trail(admin.headers(other.id), '?entity=bank')).total).toBe(0);
  });

  it('reads a page through an index, never the whole trail', async () => {
    const company = await freshCompany(t);
    const other = await freshCompany(t);
    const db = t.database.db;
    // 20,000 events over two branches, a hundred records and ten users, a month apart.
    await db.execute(sql`
      insert into audit_events (at, company_id, user_id, username, action, entity, entity_id)
      select timestamptz '2026-01-01' + g * interval '2 minutes',
             case when g % 2 = 0 then ${company.id}::int else ${other.id}::int end,
             g % 10, 'user' || g % 10, 'update', case when g % 3 = 0 then 'pledge' else 'customer' end,
             (g % 100)::text
        from generate_series(1, 20000) g`);
    await db.execute(
      sql.raw(testDbKind === 'postgres' ? 'vacuum analyze audit_events' : PGLITE_PLANNER_UPKEEP),
    );
    const filters = [
      { companyId: company.id, timeZone: 'Asia/Kolkata' },
      { companyId: company.id, timeZone: 'Asia/Kolkata', entity: 'pledge', entityId: '7' },
      { companyId: company.id, timeZone: 'Asia/Kolkata', userId: 3, from: '2026-01-01', to: '2026-01-31' },
      { companyId: company.id, timeZone: 'Asia/Kolkata', from: '2026-01-10', to: '2026-01-10' },
      { companyId: null, timeZone: 'Asia/Kolkata' },
    ];
    for (const f of filters) {
      const plan = await explainText(db, auditPageQuery(f));
      expect(plan, JSON.stringify(f)).toMatch(/audit_events_(company_at|record|user)_idx/);
      expect(plan, JSON.stringify(f)).not.toMatch(/Seq Scan on audit_events/);
    }
  });
});
