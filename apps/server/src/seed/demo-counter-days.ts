import {
  addDays,
  businessToday,
  closeCashDrawerSchema,
  createPledgeSchema,
  type DenominationsInput,
  openCashDrawerSchema,
  pledgePaymentSchema,
  renewPledgeSchema,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/open-db.ts';
import {
  auctionLotPledges,
  customers,
  jewelDesigns,
  pledgeItems,
  pledgeNotices,
  pledges,
  schemes,
} from '../db/schema/index.ts';
import { findUserDrawerRecord } from '../modules/branch-day/branch-day.repository.ts';
import { closeDay } from '../modules/branch-day/day-close.service.ts';
import { closeDrawer, openDrawer } from '../modules/branch-day/drawer.service.ts';
import { loadFileLinks } from '../modules/files/file-links.ts';
import { readPledgeBalance } from '../modules/payments/payment-reads.service.ts';
import { takeSinglePayment } from '../modules/payments/payment-single.service.ts';
import { createPledge } from '../modules/pledges/pledge-create.service.ts';
import { previewRenewal } from '../modules/renewal/renewal-preview.service.ts';
import { renewPledge } from '../modules/renewal/renewal-renew.service.ts';
import { drawerHeldPaise, findCashMovements } from '../modules/vouchers/drawer-guard.ts';
import { pick, type Rng, seededRandom } from './sample-people.ts';

// The demo's counter days (the demo shows every state): yesterday, the admin at the
// counter opened the cash drawer with a counted float, paid out a pledge weighed to the milligram,
// took an interest payment and part of a loan, renewed a pledge with a top-up, counted the drawer by
// denomination at the close (₹50 short, which the admin approves as an admin) and closed the day.
// Today the drawer is open with the morning's float, a payment and a pledge. Every step goes through
// the module's service, so the drawer's figures are the books'. (Staff handle pledges only with
// STAFF_CAN_HANDLE_PLEDGES, off by default: the demo's counter is the admin's.)

/** The shortage at yesterday's close, in paise. */
export const DEMO_DRAWER_SHORT_PAISE = 5_000;
/** Pledges the counter days add to a branch's book: yesterday's new one and its renewal, today's. */
export const DEMO_COUNTER_DAY_PLEDGES = 3;

export interface DemoCounterDaysMade {
  closedDay: string;
  closedDrawerId: number;
  openDrawerId: number;
  renewedPledgeId: number;
  newPledgeIds: number[];
}

const FLOAT_YESTERDAY: DenominationsInput = {
  '500': 300,
  '200': 100,
  '100': 100,
  '50': 40,
  '20': 50,
  '10': 30,
  coins: 0,
};
const FLOAT_TODAY: DenominationsInput = { '500': 400, '200': 150, '100': 200, coins: 0 };

/** A count of `paise` as the clerk would make it: the largest notes first, the rest in coins. */
export function countOf(paise: number): DenominationsInput {
  let left = paise;
  const count: Record<string, number> = {};
  for (const note of [500, 200, 100, 50, 20, 10]) {
    count[String(note)] = Math.floor(left / (note * 100));
    left -= count[String(note)]! * note * 100;
  }
  return { ...count, coins: left / 100 };
}

/**
 * The branch's counter on the day before the business day (closed) and on the business day (open).
 * Needs the branch's pledges, payments and end of pledge first: the pledges it pays on and renews
 * are open, in the vault and without a notice. Deterministic for a seed and a business day.
 */
export async function seedDemoCounterDays(
  db: Db,
  branch: { companyId: number; seed: number },
  adminId: number,
  today: string = businessToday(),
): Promise<DemoCounterDaysMade> {
  const { companyId } = branch;
  const rng = seededRandom(branch.seed);
  const writer = { companyId, userId: adminId, today, idempotency: null };
  const actor = { companyId, userId: adminId, role: 'admin', today };
  const yesterday = addDays(today, -1);

  const designs = new Map(
    (
      await db
        .select({ id: jewelDesigns.id, name: jewelDesigns.designName })
        .from(jewelDesigns)
        .where(eq(jewelDesigns.companyId, companyId))
    ).map((d) => [d.name, d.id]),
  );
  const [gold] = await db
    .select({ id: schemes.id })
    .from(schemes)
    .where(and(eq(schemes.companyId, companyId), eq(schemes.prefix, 'GL')));
  const people = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .orderBy(asc(customers.id));
  if (!gold || people.length === 0)
    throw new Error('demo seed: the counter days need the GL scheme and customers');

  // Pledges the counter may take money on: open, in the vault, never noticed nor in a lot, paid before yesterday.
  const noticed = new Set(
    [
      ...(await db
        .select({ id: pledgeNotices.pledgeId })
        .from(pledgeNotices)
        .where(eq(pledgeNotices.companyId, companyId))),
      ...(await db
        .select({ id: auctionLotPledges.pledgeId })
        .from(auctionLotPledges)
        .where(eq(auctionLotPledges.companyId, companyId))),
    ].map((r) => r.id),
  );
  const open = (
    await db
      .select({ id: pledges.id, pledgeDate: pledges.pledgeDate, schemeId: pledges.schemeId })
      .from(pledges)
      .where(
        and(
          eq(pledges.companyId, companyId),
          isNull(pledges.closedDate),
          eq(pledges.status, 'active'),
          eq(pledges.isMoveToBank, false),
        ),
      )
      .orderBy(asc(pledges.id))
  ).filter((p) => !noticed.has(p.id) && p.pledgeDate <= addDays(yesterday, -45));
  const usable: number[] = [];
  for (const p of open) {
    const b = await readPledgeBalance(db, companyId, p.id, yesterday);
    if (b.last_payment_date === null || b.last_payment_date < yesterday) usable.push(p.id);
    if (usable.length >= 12) break;
  }
  const take = (r: Rng) => {
    const id = pick(r, usable);
    usable.splice(usable.indexOf(id), 1);
    return id;
  };
  const cash = (pledgeId: number, date: string, type: string, amountPaise: number) =>
    takeSinglePayment(
      db,
      writer,
      pledgePaymentSchema.parse({
        pledge_id: pledgeId,
        payment_date: date,
        payment_type: type,
        amount: amountPaise / 100,
        payment_method: 'cash',
        cash_limit_confirmed: true,
      }),
    );
  const interestDue = async (pledgeId: number, date: string) =>
    rupeesToPaise((await readPledgeBalance(db, companyId, pledgeId, date)).remaining_interest);

  // Yesterday: the drawer opened with its counted float.
  await openDrawer(
    db,
    actor,
    openCashDrawerSchema.parse({
      business_date: yesterday,
      denominations: FLOAT_YESTERDAY,
      remarks: 'Float from the safe',
    }),
  );
  const newPledgeIds: number[] = [];
  // A walk-in pledges a chain and a ring, weighed to the milligram, paid out in cash.
  const created = await createPledge(
    db,
    writer,
    createPledgeSchema.parse({
      customer_id: pick(rng, people).id,
      scheme_id: gold.id,
      pledge_date: yesterday,
      total_loan_amount: 52_480.5,
      document_charges: 100,
      payout_method: 'cash',
      cash_limit_confirmed: true,
      remarks: 'Chain clasp repaired; ring hallmarked',
      items: [
        {
          jewell_design_id: designs.get('Chain')!,
          jewell_condition: 'Good',
          gross_weight: 12.345,
          net_weight: 11.872,
        },
        {
          jewell_design_id: designs.get('Ring')!,
          jewell_condition: 'Worn',
          gross_weight: 3.456,
          net_weight: 3.398,
        },
      ],
    }),
  );
  newPledgeIds.push(created.pledgeId);
  // The month's interest on one pledge, part of the loan (and its interest) on another.
  const interestOn = take(rng);
  const interest = await interestDue(interestOn, yesterday);
  if (interest > 0) await cash(interestOn, yesterday, 'interest', interest);
  const partOn = take(rng);
  const partInterest = await interestDue(partOn, yesterday);
  if (partInterest > 0) await cash(partOn, yesterday, 'interest', partInterest);
  await cash(partOn, yesterday, 'partial_principal', 5_000_00);

  // A renewal with a top-up: every article kept as stored, the new loan about nine tenths of what it may be.
  const renewedPledgeId = take(rng);
  const kept = await db
    .select({ id: pledgeItems.id })
    .from(pledgeItems)
    .where(and(eq(pledgeItems.companyId, companyId), inArray(pledgeItems.pledgeId, [renewedPledgeId])))
    .orderBy(asc(pledgeItems.id));
  const request = (loanRupees: number) =>
    renewPledgeSchema.parse({
      renewal_date: yesterday,
      items: { keep: kept.map((k) => ({ pledge_item_id: k.id })), add: [] },
      total_loan_amount: loanRupees,
      document_charges: 100,
      payment_method: 'cash',
      cash_limit_confirmed: true,
      remarks: 'Renewed at the counter with a top-up',
    });
  const owed = rupeesToPaise(
    (await readPledgeBalance(db, companyId, renewedPledgeId, yesterday)).total_outstanding,
  );
  const first = await previewRenewal(
    db,
    writer,
    renewedPledgeId,
    request(Math.ceil(owed / 10_000) * 100 + 1_000),
  );
  const loan = Math.max(
    Math.floor((first.new_pledge.eligible_loan * 0.9) / 100) * 100,
    first.new_pledge.total_loan_amount,
  );
  const preview = await previewRenewal(db, writer, renewedPledgeId, request(loan));
  const renewed = await renewPledge(db, await loadFileLinks(db), writer, renewedPledgeId, {
    ...request(loan),
    expected_cash_to_customer: preview.cash_to_customer,
    expected_cash_from_customer: preview.cash_from_customer,
  });
  newPledgeIds.push(renewed.new_pledge_view.id);

  // The close: counted by denomination, ₹50 short of what the drawer should hold; the day closed.
  const drawer = await findUserDrawerRecord(db, companyId, adminId, yesterday);
  if (!drawer) throw new Error('demo seed: yesterday’s drawer is missing');
  const expected = drawerHeldPaise(drawer, await findCashMovements(db, companyId, yesterday, adminId));
  await closeDrawer(
    db,
    actor,
    closeCashDrawerSchema.parse({
      business_date: yesterday,
      denominations: countOf(expected - DEMO_DRAWER_SHORT_PAISE),
      remarks: 'Short by ₹50; counted twice',
    }),
    null,
  );
  await closeDay(db, actor, yesterday, 'All counters closed and counted');

  // Today: the drawer open with the morning's float, an interest payment and a new pledge.
  const openDrawerId = await openDrawer(
    db,
    actor,
    openCashDrawerSchema.parse({ denominations: FLOAT_TODAY, remarks: 'Float from the safe' }),
  );
  const payingToday = take(rng);
  const todayInterest = await interestDue(payingToday, today);
  if (todayInterest > 0) await cash(payingToday, today, 'interest', todayInterest);
  const todays = await createPledge(
    db,
    writer,
    createPledgeSchema.parse({
      customer_id: pick(rng, people).id,
      scheme_id: gold.id,
      pledge_date: today,
      total_loan_amount: 61_250,
      document_charges: 100,
      payout_method: 'cash',
      cash_limit_confirmed: true,
      items: [
        {
          jewell_design_id: designs.get('Bangle')!,
          jewell_condition: 'Good',
          gross_weight: 18.765,
          net_weight: 18.102,
        },
      ],
    }),
  );
  newPledgeIds.push(todays.pledgeId);
  return { closedDay: yesterday, closedDrawerId: drawer.id, openDrawerId, renewedPledgeId, newPledgeIds };
}
