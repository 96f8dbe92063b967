import { addDays, auditListSchema, businessToday, KEPT_WEIGHT_MESSAGES } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import {
  adminFor,
  designFor,
  FIXTURE_PASSWORD,
  freshCompany,
  pledgeFor,
  userFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectBooksClean } from '../payments/payments-test-helpers.ts';
import { RENEWAL_SERVER_MESSAGES } from './renewal-plan.ts';

// A kept article weighed again at a renewal: gold does not gain weight. A weight
// above what the pledge stored (beyond the scale's 10 mg) needs a reason and an admin's approval,
// recorded on the renewal and in the audit trail; lighter is fine; the net never above the gross.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staffCanHandlePledges: true });
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

const today = () => businessToday(t.config.businessTimeZone);

/**
 * A counter with a clerk and an admin, and a pledge of 10 g (net 10 g) at Rs. 6,000 a gram, 75 %
 * lendable (eligible 45,000), a loan of 40,000 taken 45 days ago.
 */
async function counter() {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const clerk = await userFor(t, company.id);
  const design = await designFor(t, admin);
  const pledge = await pledgeFor(t, company.id, {
    actor: admin,
    designId: design.id,
    body: {
      pledge_date: addDays(today(), -45),
      items: [{ jewell_design_id: design.id, gross_weight: 10, net_weight: 10 }],
    },
  });
  const itemId = pledge.items[0]!.pledge_item_id;
  return { company, admin, clerk, pledge, itemId };
}
type Counter = Awaited<ReturnType<typeof counter>>;

function renew(headers: Record<string, string>, c: Counter, payload: object, preview = false) {
  return t.app.inject({
    method: 'POST',
    url: `/api/pledges/${c.pledge.pledge_id}/renew${preview ? '/preview' : ''}`,
    headers,
    payload: { cash_limit_confirmed: true, ...payload },
  });
}

const keep = (c: Counter, gross?: number, net?: number) => ({
  items: {
    keep: [
      {
        pledge_item_id: c.itemId,
        ...(gross === undefined ? {} : { gross_weight: gross }),
        ...(net === undefined ? {} : { net_weight: net }),
      },
    ],
  },
});

function fields(body: string): [string, string][] {
  const detail = JSON.parse(body).detail as { loc: (string | number)[]; msg: string }[];
  return detail.map((d) => [d.loc.join('.'), d.msg]);
}

async function renewalsOf(companyId: number) {
  return rowsOf<{ reason: string | null; approved_by: number | null; new_loan: string }>(
    await t.database.db.execute(sql`
      select weight_increase_reason as reason, weight_increase_approved_by as approved_by,
             new_loan::text as new_loan
        from pledge_renewals where company_id = ${companyId} order by id`),
  );
}

describe('a kept article weighed heavier than its pledge stored', () => {
  it('10 g kept as 500 g: the preview lists it, the save is refused under both weights naming 10.000 g until the admin gives a reason; then recorded', async () => {
    const c = await counter();
    const h = c.admin.headers();
    // Without weighing again, 1,00,000 is above the eligible 45,000.
    const plain = await renew(h, c, { ...keep(c), total_loan_amount: 100000 }, true);
    expect(plain.statusCode).toBe(422);
    expect(fields(plain.body).map(([loc]) => loc)).toEqual(['body.total_loan_amount']);

    const body = { ...keep(c, 500, 500), total_loan_amount: 2000000 };
    const preview = await renew(h, c, body, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().weight_increases).toEqual([
      {
        pledge_item_id: c.itemId,
        stored_gross_weight: 10,
        stored_net_weight: 10,
        gross_weight: 500,
        net_weight: 500,
      },
    ]);

    const refused = await renew(h, c, body);
    expect(refused.statusCode).toBe(422);
    // The admin approves it themselves, but the reason is wanted.
    expect(fields(refused.body)).toEqual([
      ['body.items.keep.0.gross_weight', KEPT_WEIGHT_MESSAGES.heavier(10_000)],
      ['body.items.keep.0.net_weight', KEPT_WEIGHT_MESSAGES.heavier(10_000)],
      ['body.weight_increase_reason', KEPT_WEIGHT_MESSAGES.reason],
    ]);
    const blank = await renew(h, c, { ...body, weight_increase_reason: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(await renewalsOf(c.company.id)).toEqual([]);

    const reason = 'Old ticket written as 10 g by mistake; weighed 500 g on the shop scale';
    const saved = await renew(h, c, { ...body, weight_increase_reason: reason });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().new_pledge).toMatchObject({ net_weight: 500, total_loan_amount: 2000000 });
    expect(await renewalsOf(c.company.id)).toEqual([
      { reason, approved_by: c.admin.userId, new_loan: '2000000.00' },
    ]);
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=pledge&entity_id=${c.pledge.pledge_id}&action=renew`,
      headers: h,
    });
    const [event] = auditListSchema.parse(trail.json());
    expect(event!.after).toMatchObject({
      weight_increase_reason: reason,
      weight_increase_approved_by: c.admin.userId,
    });
    await expectBooksClean(t);
  });

  it("a clerk's renewal needs an admin's name and password besides the reason; a wrong one or a clerk's is refused", async () => {
    const c = await counter();
    const h = c.clerk.headers();
    const body = { ...keep(c, 12, 11.5), total_loan_amount: 50000 };
    const missing = await renew(h, c, { ...body, weight_increase_reason: 'Weighed on the new scale' });
    expect(missing.statusCode).toBe(422);
    expect(fields(missing.body)).toEqual([
      ['body.items.keep.0.gross_weight', KEPT_WEIGHT_MESSAGES.heavier(10_000)],
      ['body.items.keep.0.net_weight', KEPT_WEIGHT_MESSAGES.heavier(10_000)],
      ['body.approver', KEPT_WEIGHT_MESSAGES.approver],
    ]);
    const wrong = await renew(h, c, {
      ...body,
      weight_increase_reason: 'Weighed on the new scale',
      approver: { username: c.admin.username, password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail[0].loc).toMatchObject(['body', 'approver', 'password']);
    const otherClerk = await userFor(t, c.company.id);
    const notAdmin = await renew(h, c, {
      ...body,
      weight_increase_reason: 'Weighed on the new scale',
      approver: { username: otherClerk.username, password: FIXTURE_PASSWORD },
    });
    expect(notAdmin.statusCode).toBe(422);
    expect(await renewalsOf(c.company.id)).toEqual([]);

    const approved = await renew({ ...h, 'idempotency-key': `weights-${c.pledge.pledge_id}` }, c, {
      ...body,
      weight_increase_reason: 'Weighed on the new scale',
      approver: { username: c.admin.username, password: FIXTURE_PASSWORD },
    });
    expect(approved.statusCode, approved.body).toBe(201);
    expect(await renewalsOf(c.company.id)).toEqual([
      { reason: 'Weighed on the new scale', approved_by: c.admin.userId, new_loan: '50000.00' },
    ]);
  });

  it("checks a clerk's approver in the renewal's transaction once the pledge is locked, and keeps a refused one in the audit trail", async () => {
    const c = await counter();
    const h = c.clerk.headers();
    const body = {
      ...keep(c, 12, 11.5),
      total_loan_amount: 50000,
      weight_increase_reason: 'Weighed on the new scale',
      approver: { username: c.admin.username, password: 'not-it' },
    };
    // The pledge is looked for (and locked) before the approver is checked.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/pledges/2000000000/renew',
      headers: h,
      payload: { cash_limit_confirmed: true, ...body },
    });
    expect(unknown.statusCode).toBe(404);
    const wrong = await renew(h, c, body);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail[0].loc).toMatchObject(['body', 'approver', 'password']);
    expect(await renewalsOf(c.company.id)).toEqual([]);
    // The refusal wrote nothing of the renewal, but the failed approval stays kept.
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/audit?action=approval_failed',
      headers: c.admin.headers(),
    });
    expect(failed.json()).toEqual([
      expect.objectContaining({
        entity: 'approval',
        username: c.clerk.username,
        after: { approver_username: c.admin.username, refused: 'wrong name or password' },
      }),
    ]);
  });

  it("within the scale's 10 mg, or lighter, no approval is asked; 20 mg more is", async () => {
    const c = await counter();
    const h = c.clerk.headers();
    const within = await renew(h, c, { ...keep(c, 10.01, 10.01), total_loan_amount: 40000 }, true);
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json().weight_increases).toEqual([]);
    const over = await renew(h, c, { ...keep(c, 10.02, 10), total_loan_amount: 40000 });
    expect(over.statusCode).toBe(422);
    expect(fields(over.body).map(([loc]) => loc)).toEqual([
      'body.items.keep.0.gross_weight',
      'body.weight_increase_reason',
      'body.approver',
    ]);
    const lighter = await renew(h, c, { ...keep(c, 9.8, 9.5), total_loan_amount: 40000 });
    expect(lighter.statusCode, lighter.body).toBe(201);
    expect(lighter.json().new_pledge).toMatchObject({ gross_weight: 9.8, net_weight: 9.5 });
    expect(await renewalsOf(c.company.id)).toEqual([
      { reason: null, approved_by: null, new_loan: '40000.00' },
    ]);
  });

  it('a net weight above the gross is refused, the stored gross standing for one not weighed again', async () => {
    const c = await counter();
    const h = c.admin.headers();
    for (const preview of [true, false]) {
      const res = await renew(h, c, { ...keep(c, undefined, 10.5), total_loan_amount: 40000 }, preview);
      expect(res.statusCode).toBe(422);
      expect(fields(res.body)).toEqual([
        ['body.items.keep.0.net_weight', RENEWAL_SERVER_MESSAGES.netAboveGross],
      ]);
    }
    const both = await renew(h, c, { ...keep(c, 9, 9.5), total_loan_amount: 40000 });
    expect(both.statusCode).toBe(422);
    expect(fields(both.body).map(([loc]) => loc)).toEqual(['body.items.keep.0.net_weight']);
    expect(await renewalsOf(c.company.id)).toEqual([]);
  });
});
