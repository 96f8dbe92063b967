import {
  addDays,
  businessToday,
  daysBetween,
  multiplePledgePaymentSchema,
  paiseToRupees,
  pledgePaymentSchema,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/open-db.ts';
import { pledgePayments, pledges } from '../db/schema/index.ts';
import { reversePayment } from '../modules/payment-history/payment-history.service.ts';
import { takeMultiplePayment } from '../modules/payments/payment-multiple.service.ts';
import { readPledgeBalance } from '../modules/payments/payment-reads.service.ts';
import { takeSinglePayment } from '../modules/payments/payment-single.service.ts';
import { between, pick, type Rng, seededRandom } from './sample-people.ts';

// The demo's payments: interest payments, partial principal, full closes (some
// with a penalty or a discount), by cash, bank and online, and multiple payments over several pledges of
// one customer, every one through the real payment services, so balances, receipts and books hold.

export interface DemoPaymentBranch {
  companyId: number;
  seed: number;
  /** How many customers with two or more open pledges pay them together at the end. */
  multiplePayments: number;
  /** Reverse the last receipt (an admin's reversal with its reason). */
  reverseLast?: boolean;
}

export interface DemoPaymentsMade {
  single: number;
  multiple: number;
  closed: number;
  /** Receipt ids in the order taken (the last is the latest). */
  receiptIds: number[];
  /** The receipt reversed, if any. */
  reversedReceiptId: number | null;
}

type Step = 'interest' | 'principal' | 'close';
interface Event {
  date: string;
  pledgeId: number;
  step: Step;
  /** Principal part of a 'principal' step, a share of the loan in percent. */
  share: number;
  method: 'cash' | 'bank' | 'online';
  penalty: boolean;
  discount: boolean;
}

/** Single payments end a week before today; the multiple payments come in the last days after them. */
const SINGLE_BEFORE = 7;

const METHODS = ['cash', 'cash', 'cash', 'cash', 'online', 'bank'] as const;

function referenceFor(rng: Rng, method: string): string | null {
  if (method === 'cash') return null;
  return method === 'online'
    ? `UPI${String(between(rng, 100_000_000, 999_999_999))}`
    : `NEFT${String(between(rng, 10_000_000, 99_999_999))}`;
}

/** A pledge's life of payments: interest month by month, sometimes part of the principal, some closes. */
function planFor(rng: Rng, pledge: { id: number; pledgeDate: string }, today: string): Event[] {
  const age = daysBetween(pledge.pledgeDate, today);
  if (age < 35) return [];
  const roll = rng();
  const events: Event[] = [];
  const method = () => pick(rng, METHODS);
  // Interest every one to three months for about half of the pledges.
  if (roll < 0.55) {
    let day = between(rng, 30, 75);
    while (day < age - SINGLE_BEFORE) {
      const principal = rng() < 0.12;
      events.push({
        date: addDays(pledge.pledgeDate, day),
        pledgeId: pledge.id,
        step: principal ? 'principal' : 'interest',
        share: principal ? pick(rng, [10, 20, 25]) : 0,
        method: method(),
        penalty: false,
        discount: false,
      });
      day += between(rng, 30, 95);
    }
  }
  // About a quarter of the older pledges are closed, after whatever they paid before.
  if (age > 60 && rng() < 0.3) {
    const last = events.at(-1)?.date ?? pledge.pledgeDate;
    const from = daysBetween(pledge.pledgeDate, last) + 1;
    const closeDay = between(rng, Math.max(from, 45), Math.max(from, age - SINGLE_BEFORE));
    if (closeDay <= age - SINGLE_BEFORE) {
      const late = closeDay > 365;
      events.push({
        date: addDays(pledge.pledgeDate, closeDay),
        pledgeId: pledge.id,
        step: 'close',
        share: 0,
        method: method(),
        penalty: late && rng() < 0.5,
        discount: !late && rng() < 0.2,
      });
    }
  }
  return events;
}

/**
 * Payments over a branch's demo pledge book (after seedDemoPledges), oldest first so receipt and
 * voucher numbers rise with the date. Deterministic for a seed and a business day.
 */
export async function seedDemoPayments(
  db: Db,
  branch: DemoPaymentBranch,
  createdBy: number,
  today: string = businessToday(),
): Promise<DemoPaymentsMade> {
  const { companyId } = branch;
  if (!(branch.multiplePayments >= 0 && branch.multiplePayments < SINGLE_BEFORE)) {
    throw new RangeError(
      `demo seed: at most ${SINGLE_BEFORE - 1} multiple payments, one a day after the single ones`,
    );
  }
  const rng = seededRandom(branch.seed);
  const open = await db
    .select({ id: pledges.id, pledgeDate: pledges.pledgeDate, customerId: pledges.customerId })
    .from(pledges)
    .where(
      and(
        eq(pledges.companyId, companyId),
        isNull(pledges.closedDate),
        eq(pledges.status, 'active'),
        eq(pledges.isMoveToBank, false),
      ),
    )
    .orderBy(asc(pledges.id));
  const events = open
    .flatMap((p) => planFor(rng, p, today))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.pledgeId - b.pledgeId));

  const writer = { companyId, userId: createdBy, today, idempotency: null };
  const made: DemoPaymentsMade = {
    single: 0,
    multiple: 0,
    closed: 0,
    receiptIds: [],
    reversedReceiptId: null,
  };
  const pay = async (input: Record<string, unknown>) => {
    const saved = await takeSinglePayment(db, writer, pledgePaymentSchema.parse(input));
    made.single += 1;
    made.receiptIds.push(saved.receipt_id);
    if (saved.closed_pledge) made.closed += 1;
  };
  for (const e of events) {
    const balance = await readPledgeBalance(db, companyId, e.pledgeId, e.date);
    const common = {
      pledge_id: e.pledgeId,
      payment_date: e.date,
      payment_method: e.method,
      bank_reference: referenceFor(rng, e.method),
      // The clerk confirms a cash receipt over the company's cash limit (warn mode).
      cash_limit_confirmed: true,
    };
    if (e.step === 'close') {
      const outstanding = rupeesToPaise(balance.total_outstanding);
      if (outstanding <= 0) continue;
      await pay({
        ...common,
        payment_type: 'full_payment',
        amount: paiseToRupees(outstanding),
        // A month's interest as penalty on a pledge kept past its year; a small round-off discount.
        penalty_amount: e.penalty ? paiseToRupees(Math.round(outstanding / 100 / 100) * 100) : 0,
        discount_amount: e.discount ? paiseToRupees(Math.min(outstanding % 10_000, outstanding)) : 0,
        remarks: e.penalty ? 'Penalty for keeping the pledge past its term' : null,
      });
      continue;
    }
    const interest = rupeesToPaise(balance.remaining_interest);
    if (interest > 0) {
      await pay({ ...common, payment_type: 'interest', amount: paiseToRupees(interest) });
    }
    if (e.step === 'principal') {
      const principal = rupeesToPaise(balance.remaining_principal);
      const part = Math.floor((principal * e.share) / 100 / 10_000) * 10_000;
      if (part > 0 && part < principal) {
        await pay({
          ...common,
          bank_reference: referenceFor(rng, e.method),
          payment_type: 'partial_principal',
          amount: paiseToRupees(part),
          remarks: 'Part of the loan repaid',
        });
      }
    }
  }

  // Customers with two or more open pledges pay them together in the last days: interest on each,
  // and the oldest closed in full; the first one with a small discount approved at the counter.
  const stillOpen = await db
    .select({ id: pledges.id, customerId: pledges.customerId, pledgeDate: pledges.pledgeDate })
    .from(pledges)
    .where(
      and(
        eq(pledges.companyId, companyId),
        isNull(pledges.closedDate),
        eq(pledges.status, 'active'),
        eq(pledges.isMoveToBank, false),
      ),
    )
    .orderBy(asc(pledges.id));
  const byCustomer = new Map<number, number[]>();
  const pledgeDates = new Map(stillOpen.map((p) => [p.id, p.pledgeDate]));
  for (const p of stillOpen) byCustomer.set(p.customerId, [...(byCustomer.get(p.customerId) ?? []), p.id]);
  const groups = [...byCustomer.entries()]
    .filter(([, ids]) => ids.length >= 2)
    .slice(0, branch.multiplePayments);
  for (const [index, [customerId, ids]] of groups.entries()) {
    const date = addDays(today, -(groups.length - index));
    const parts: {
      pledge_id: number;
      payment_amount: number;
      interest_amount: number;
      principal_amount: number;
      discount_amount: number;
    }[] = [];
    for (const [i, pledgeId] of ids.slice(0, 3).entries()) {
      if ((pledgeDates.get(pledgeId) ?? date) > date) continue;
      const b = await readPledgeBalance(db, companyId, pledgeId, date);
      if (b.last_payment_date !== null && b.last_payment_date > date) continue;
      const interest = rupeesToPaise(b.remaining_interest);
      const principal = i === 0 ? rupeesToPaise(b.remaining_principal) : 0;
      if (interest + principal <= 0) continue;
      parts.push({
        pledge_id: pledgeId,
        payment_amount: paiseToRupees(interest + principal),
        interest_amount: paiseToRupees(interest),
        principal_amount: paiseToRupees(principal),
        discount_amount: 0,
      });
    }
    if (parts.length < 2) continue;
    const discount = index === 0 ? Math.min(5_000, rupeesToPaise(parts[0]!.payment_amount)) : 0;
    if (discount > 0) parts[0]!.discount_amount = paiseToRupees(discount);
    const method = index % 3 === 2 ? 'online' : 'cash';
    const result = await takeMultiplePayment(
      db,
      writer,
      customerId,
      multiplePledgePaymentSchema.parse({
        customer_id: customerId,
        total_payment_amount: paiseToRupees(parts.reduce((s, p) => s + rupeesToPaise(p.payment_amount), 0)),
        payment_method: method,
        bank_reference: referenceFor(rng, method),
        cash_limit_confirmed: true,
        payment_date: date,
        pledge_payments: parts.map((p) => ({
          ...p,
          payment_type: 'regular',
          discount_reason: p.discount_amount > 0 ? 'Regular customer, rounded off' : null,
        })),
        general_remarks: 'Paid together at the counter',
        total_discount_amount: paiseToRupees(discount),
        total_penalty_amount: 0,
        discount_reason: discount > 0 ? 'Regular customer, rounded off' : null,
        approve_discount: discount > 0,
        approve_penalty: false,
      }),
    );
    made.multiple += 1;
    made.receiptIds.push(result.receipt_id);
    made.closed += result.pledge_results.filter((r) => r.payment_status === 'completed').length;
  }
  const last = made.receiptIds.at(-1);
  if (branch.reverseLast && last !== undefined) {
    const [row] = await db
      .select({ id: pledgePayments.id })
      .from(pledgePayments)
      .where(and(eq(pledgePayments.companyId, companyId), eq(pledgePayments.receiptId, last)))
      .orderBy(asc(pledgePayments.id))
      .limit(1);
    if (row) {
      await reversePayment(db, writer, row.id, 'Taken on the wrong customer card; to be taken again');
      made.reversedReceiptId = last;
    }
  }
  return made;
}
