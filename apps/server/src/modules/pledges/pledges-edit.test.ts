import { auditListSchema, businessToday, type PledgeView, pledgeSavedSchema } from '@pledge-desk/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import {
  type Actor,
  designFor,
  freshCompany,
  jewelRateFor,
  jewelTypeFor,
  type PledgeMade,
  pledgeFor,
  schemeFor,
  userFor,
} from '../../test/fixtures.ts';
import { PNG_1PX } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertFile } from '../files/files.repository.ts';
import { PLEDGE_SERVER_MESSAGES } from './pledge-messages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PLEDGE_DATE = '2026-04-10';
const today = () => businessToday(t.config.businessTimeZone);

/** A pledge of a new company, dated PLEDGE_DATE: one item of 10.5 g gross, 10 g net at Rs. 6,000/g, loan 40,000. */
async function made(): Promise<PledgeMade> {
  const company = await freshCompany(t);
  return pledgeFor(t, company.id, { body: { pledge_date: PLEDGE_DATE } });
}

/** The edit body that changes nothing: every item kept. */
function unchanged(p: PledgeView) {
  return {
    customer_id: p.customer_id,
    scheme_id: p.scheme_id,
    pledge_date: p.pledge_date,
    total_loan_amount: p.total_loan_amount,
    cash_limit_confirmed: true,
    document_charges: p.document_charges,
    status: p.status,
    is_move_to_bank: p.is_move_to_bank,
    remarks: p.remarks,
    items: p.items.map((i) => ({
      pledge_item_id: i.pledge_item_id,
      action: 'keep' as const,
      jewell_design_id: i.jewell_design_id,
      gross_weight: i.gross_weight,
      net_weight: i.net_weight,
      jewell_condition: i.jewell_condition,
      remarks: i.remarks,
    })),
    delete_item_ids: [] as number[],
  };
}

function put(actor: Actor, id: number, payload: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/pledges/${id}/with-items`,
    headers: actor.headers(),
    payload,
  });
}

/** The updates of one record in the audit trail, newest first, as an admin reads it (GET /api/audit). */
async function trailOf(actor: Actor, entity: string, id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/audit?entity=${entity}&entity_id=${id}&action=update`,
    headers: actor.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json());
}

const detailOf = (res: { json(): unknown }) =>
  (res.json() as { detail: { loc: (string | number)[]; msg: string }[] }).detail.map((d) => [d.loc, d.msg]);

async function vouchersOf(actor: Actor, date: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/daybook-entries?from=${date}&to=${date}`,
    headers: actor.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json() as {
      voucher_number: string;
      voucher_type: string;
      source: string;
      narration: string;
      daybook_details: { account_code: string; debit_amount: number; credit_amount: number }[];
    }[]
  ).map((v) => ({
    voucher_number: v.voucher_number,
    voucher_type: v.voucher_type,
    source: v.source,
    narration: v.narration,
    lines: v.daybook_details
      .map((d) => [d.account_code, d.debit_amount, d.credit_amount] as const)
      .sort((a, b) => a[0].localeCompare(b[0])),
  }));
}

describe('PUT /api/pledges/{id}/with-items', () => {
  it('changes status and remarks without touching the voucher; Move to Bank is its own step (409)', async () => {
    const p = await made();
    const moved = await put(p.actor, p.pledge_id, { ...unchanged(p), is_move_to_bank: true });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('USE_BANK_STEPS');
    const res = await put(p.actor, p.pledge_id, {
      ...unchanged(p),
      status: 'inactive',
      remarks: 'Customer asked to hold',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = pledgeSavedSchema.parse(res.json());
    expect(saved).toMatchObject({
      status: 'inactive',
      remarks: 'Customer asked to hold',
      is_move_to_bank: false,
      pledge_no: p.pledge_no,
      voucher_number: p.voucher_number,
      total_loan_amount: 40000,
      warnings: [],
    });
    expect(await vouchersOf(p.actor, today())).toEqual([]);
  });

  it('reverses the payout and posts a new one, dated the edit’s business day, when the amounts change', async () => {
    const p = await made();
    const res = await put(p.actor, p.pledge_id, {
      ...unchanged(p),
      total_loan_amount: 45000,
      document_charges: 150,
      first_month_interest: 675,
      final_amount: 44175,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = pledgeSavedSchema.parse(res.json());
    expect(saved).toMatchObject({
      pledge_no: p.pledge_no,
      total_loan_amount: 45000,
      first_month_interest: 675,
      document_charges: 150,
      final_amount: 44175,
      eligible_loan: 45000,
      due_date: '2027-04-10',
    });
    // 45,000 is the whole eligible loan: above 90 % of it.
    expect(saved.warnings.map((w) => w.code)).toEqual(['LOAN_NEAR_ELIGIBLE']);
    const [original] = await vouchersOf(p.actor, PLEDGE_DATE);
    expect(original).toMatchObject({ voucher_number: p.voucher_number, source: 'pledge' });
    const todays = await vouchersOf(p.actor, today());
    expect(todays.map((v) => [v.voucher_type, v.source])).toEqual(
      expect.arrayContaining([
        ['Journal', 'pledge-reversal'],
        ['Payment', 'pledge'],
      ]),
    );
    expect(todays).toHaveLength(2);
    const reversal = todays.find((v) => v.source === 'pledge-reversal')!;
    const payout = todays.find((v) => v.source === 'pledge')!;
    expect(reversal.lines).toEqual([
      ['1000', 39300, 0],
      ['1200', 0, 40000],
      ['4000', 600, 0],
      ['4100', 100, 0],
    ]);
    expect(reversal.narration).toBe(`Pledge ${p.pledge_no} edited: its earlier payout reversed`);
    expect(payout.lines).toEqual([
      ['1000', 0, 44175],
      ['1200', 45000, 0],
      ['4000', 0, 675],
      ['4100', 0, 150],
    ]);
    expect(saved.voucher_number).toBe(payout.voucher_number);
  });

  it('records the edit with the pledge and its items before and after in the audit trail', async () => {
    const p = await made();
    const res = await put(p.actor, p.pledge_id, {
      ...unchanged(p),
      total_loan_amount: 45000,
      document_charges: 150,
      first_month_interest: 675,
      final_amount: 44175,
      remarks: 'Loan raised',
    });
    expect(res.statusCode, res.body).toBe(200);
    // A refused edit leaves no row.
    expect((await put(p.actor, p.pledge_id, { ...unchanged(p), total_loan_amount: 90000 })).statusCode).toBe(
      422,
    );
    const rows = await trailOf(p.actor, 'pledge', p.pledge_id);
    expect(rows).toHaveLength(1);
    const [event] = rows;
    expect(event).toMatchObject({
      action: 'update',
      entity: 'pledge',
      entity_id: String(p.pledge_id),
      user_id: p.actor.userId,
      route: 'PUT /api/pledges/:id/with-items',
    });
    type Snapshot = { items: { id: number; net_weight: number }[] } & Record<string, unknown>;
    const before = event!.before as Snapshot;
    const after = event!.after as Snapshot;
    expect(before).toMatchObject({
      id: p.pledge_id,
      total_loan_amount: 40000,
      document_charges: 100,
      final_amount: 39300,
      remarks: null,
    });
    expect(after).toMatchObject({
      id: p.pledge_id,
      pledge_no: p.pledge_no,
      total_loan_amount: 45000,
      document_charges: 150,
      first_month_interest: 675,
      final_amount: 44175,
      remarks: 'Loan raised',
    });
    expect(after.voucher_id).not.toBe(before.voucher_id);
    expect(before.items.map((i) => [i.id, i.net_weight])).toEqual([[p.items[0]!.pledge_item_id, 10]]);
    expect(after.items.map((i) => [i.id, i.net_weight])).toEqual([[p.items[0]!.pledge_item_id, 10]]);
  });

  it('updates, adds and deletes items and recomputes every figure', async () => {
    const p = await made();
    const ring = await designFor(t, p.actor);
    const twoItems = await put(p.actor, p.pledge_id, {
      ...unchanged(p),
      items: [
        ...unchanged(p).items,
        { action: 'add', jewell_design_id: ring.id, gross_weight: 5.2, net_weight: 5, remarks: 'Stone' },
      ],
    });
    expect(twoItems.statusCode, twoItems.body).toBe(200);
    const two = pledgeSavedSchema.parse(twoItems.json());
    expect(two.items.map((i) => [i.design_name, i.net_weight, i.net_value, i.remarks])).toEqual([
      [p.items[0]!.design_name, 10, 60000, null],
      [ring.design_name, 5, 30000, 'Stone'],
    ]);
    expect(two).toMatchObject({ item_count: 2, gross_weight: 15.7, net_weight: 15, total_valuation: 90000 });
    // The loan did not move, so the payout stands.
    expect(two.voucher_number).toBe(p.voucher_number);

    const [chain, stone] = two.items;
    const res = await put(p.actor, p.pledge_id, {
      ...unchanged(two),
      items: [
        {
          pledge_item_id: stone!.pledge_item_id,
          action: 'update',
          jewell_design_id: ring.id,
          gross_weight: 8,
          net_weight: 7.75,
          net_value: 46500,
        },
      ],
      delete_item_ids: [chain!.pledge_item_id],
      total_loan_amount: 30000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const one = pledgeSavedSchema.parse(res.json());
    expect(one.items.map((i) => [i.pledge_item_id, i.net_weight, i.net_value, i.remarks])).toEqual([
      [stone!.pledge_item_id, 7.75, 46500, null],
    ]);
    expect(one).toMatchObject({
      item_count: 1,
      gross_weight: 8,
      net_weight: 7.75,
      total_valuation: 46500,
      eligible_loan: 34875,
      total_loan_amount: 30000,
      first_month_interest: 450,
      final_amount: 29450,
    });
  });

  it('shows an item photo as a signed link, and deletes the photo with its item', async () => {
    const p = await made();
    const db = t.database.db;
    const fileId = await db.transaction((tx) =>
      insertFile(tx, {
        companyId: p.actor.companyId,
        kind: 'pledge_item',
        mime: 'image/png',
        data: PNG_1PX,
        createdBy: null,
      }),
    );
    const itemId = p.items[0]!.pledge_item_id;
    await db.execute(sql`update pledge_items set image_file_id = ${fileId} where id = ${itemId}`);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${p.pledge_id}`,
      headers: p.actor.headers(),
    });
    const link = read.json().items[0].image as string;
    expect(link).toMatch(new RegExp(`^/api/files/${fileId}\\?exp=\\d+&sig=`));
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    const design = await designFor(t, p.actor);
    const res = await put(p.actor, p.pledge_id, {
      ...unchanged(p),
      items: [{ action: 'add', jewell_design_id: design.id, gross_weight: 10.5, net_weight: 10 }],
      delete_item_ids: [itemId],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { image: string | null }) => i.image)).toEqual([null]);
    expect(await db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
  });

  it("refuses item ids that are not this pledge's, naming the field", async () => {
    const p = await made();
    const other = await made();
    const foreign = other.items[0]!.pledge_item_id;
    const res = await put(p.actor, p.pledge_id, {
      ...unchanged(p),
      items: [{ ...unchanged(p).items[0]!, pledge_item_id: foreign, action: 'update' }],
      delete_item_ids: [foreign],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res)).toMatchObject([
      [['body', 'delete_item_ids', 0], PLEDGE_SERVER_MESSAGES.notThisPledge],
      [['body', 'items', 0, 'pledge_item_id'], PLEDGE_SERVER_MESSAGES.notThisPledge],
    ]);
    const own = p.items[0]!.pledge_item_id;
    const both = await put(p.actor, p.pledge_id, { ...unchanged(p), delete_item_ids: [own] });
    expect(both.statusCode, both.body).toBe(422);
    expect(detailOf(both)).toMatchObject([
      [['body', 'items', 0, 'pledge_item_id'], PLEDGE_SERVER_MESSAGES.keptAndDeleted],
    ]);
  });

  it('names a figure that differs from the server’s and a loan above the eligible loan', async () => {
    const p = await made();
    const res = await put(p.actor, p.pledge_id, { ...unchanged(p), final_amount: 39300.01 });
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res)).toMatchObject([[['body', 'final_amount'], 'Final amount must be Rs. 39,300.00']]);
    const above = await put(p.actor, p.pledge_id, { ...unchanged(p), total_loan_amount: 45000.01 });
    expect(detailOf(above)).toMatchObject([
      [['body', 'total_loan_amount'], 'Loan amount cannot exceed the eligible loan of Rs. 45,000.00'],
    ]);
  });

  it('moves a pledge to another scheme at its terms and the rate on the pledge date, keeping the number', async () => {
    const p = await made();
    const silver = await jewelTypeFor(t, p.actor);
    const scheme = await schemeFor(t, p.actor, silver.id, {
      duration_in_months: 6,
      interest_rate_per_month: 2,
      loan_eligibility_percentage: 70,
    });
    await jewelRateFor(t, p.actor, silver.id, '2026-04-01', { rate_per_gram: 5000 });
    const res = await put(p.actor, p.pledge_id, {
      ...unchanged(p),
      scheme_id: scheme.id,
      total_loan_amount: 35000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      pledge_no: p.pledge_no,
      scheme_id: scheme.id,
      scheme_name: scheme.scheme_name,
      rate_per_gram: 5000,
      interest_rate: 2,
      loan_allowed_percent: 70,
      duration: 6,
      due_date: '2026-10-10',
      total_valuation: 50000,
      eligible_loan: 35000,
      first_month_interest: 700,
    });
    expect(res.json().items[0].net_value).toBe(50000);
    const inactive = await schemeFor(t, p.actor, silver.id, { status: false });
    const refused = await put(p.actor, p.pledge_id, { ...unchanged(p), scheme_id: inactive.id });
    expect(detailOf(refused)).toMatchObject([[['body', 'scheme_id'], PLEDGE_SERVER_MESSAGES.inactiveScheme]]);
  });

  it('refuses a pledge date after today and warns of a back-dated one', async () => {
    const p = await made();
    const next = new Date(`${today()}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const future = await put(p.actor, p.pledge_id, {
      ...unchanged(p),
      pledge_date: next.toISOString().slice(0, 10),
    });
    expect(detailOf(future)).toMatchObject([[['body', 'pledge_date'], PLEDGE_SERVER_MESSAGES.futureDate]]);
    const earlier = await put(p.actor, p.pledge_id, { ...unchanged(p), pledge_date: '2026-04-09' });
    // No rate is in force on 9 April (the fixture's rate starts on 10 April).
    expect(detailOf(earlier)).toMatchObject([[['body', 'scheme_id'], PLEDGE_SERVER_MESSAGES.noRate]]);
    const later = await put(p.actor, p.pledge_id, { ...unchanged(p), pledge_date: '2026-04-20' });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ pledge_date: '2026-04-20', due_date: '2027-04-20' });
    expect(later.json().warnings).toEqual([
      { code: 'BACKDATED', message: 'The pledge is dated 20/04/2026, before today.' },
    ]);
  });

  it('refuses amount and item changes on a closed pledge (409), and still takes its remarks', async () => {
    const p = await made();
    await t.database.db.execute(
      sql`update pledges set closed_date = pledge_date, closed_by = 'payment', status = 'inactive' where id = ${p.pledge_id}`,
    );
    const res = await put(p.actor, p.pledge_id, { ...unchanged(p), total_loan_amount: 30000 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ detail: PLEDGE_SERVER_MESSAGES.closed, code: 'PLEDGE_CLOSED' });
    const remarks = await put(p.actor, p.pledge_id, {
      ...unchanged(p),
      status: 'inactive',
      remarks: 'Closed',
    });
    expect(remarks.statusCode, remarks.body).toBe(200);
    expect(remarks.json()).toMatchObject({ remarks: 'Closed', total_loan_amount: 40000 });
  });

  it('keeps the packet number when it is left out, changes it on a closed pledge, clears it when empty', async () => {
    const company = await freshCompany(t);
    const p = await pledgeFor(t, company.id, { body: { pledge_date: PLEDGE_DATE, packet_no: ' PKT-0042 ' } });
    expect(p.packet_no).toBe('PKT-0042');
    // An older client that does not know the field leaves it as it was.
    const kept = await put(p.actor, p.pledge_id, unchanged(p));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ packet_no: 'PKT-0042' });
    await t.database.db.execute(
      sql`update pledges set closed_date = pledge_date, closed_by = 'payment', status = 'inactive' where id = ${p.pledge_id}`,
    );
    // A note: it changes even after the pledge is closed.
    const moved = await put(p.actor, p.pledge_id, {
      ...unchanged(p),
      status: 'inactive',
      packet_no: 'PKT-0099',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ packet_no: 'PKT-0099' });
    const cleared = await put(p.actor, p.pledge_id, { ...unchanged(p), status: 'inactive', packet_no: '' });
    expect(cleared.json()).toMatchObject({ packet_no: null });
    const tooLong = await put(p.actor, p.pledge_id, { ...unchanged(p), packet_no: 'P'.repeat(51) });
    expect(tooLong.statusCode).toBe(422);
    expect(detailOf(tooLong)).toMatchObject([
      [['body', 'packet_no'], 'Packet No. must be at most 50 characters'],
    ]);
  });

  it("answers 404 for another company's pledge and 403 for a plain user", async () => {
    const p = await made();
    const stranger = await made();
    const res = await put(stranger.actor, p.pledge_id, unchanged(p));
    expect(res.statusCode, res.body).toBe(404);
    const clerk = await userFor(t, p.actor.companyId);
    expect((await put(clerk, p.pledge_id, unchanged(p))).statusCode).toBe(403);
  });
});
