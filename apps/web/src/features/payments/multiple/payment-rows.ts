import {
  allocatePayment,
  divRoundHalfUp,
  type FieldError,
  type MultiplePaymentDraft,
  type MultiplePledgePaymentFormInput,
  type PendingPledge,
  type PledgeOutstanding,
  type PledgePaymentPart,
  paiseToRupees,
  paymentStatusLabel,
  paymentTypeForAmount,
  rupeesToPaise,
  splitInterestFirst,
  validateMultiplePayment,
} from '@pledge-desk/domain';
import { readMoneyText } from '@/components/ui/money-input';

/**
 * The rows of the two multiple-payment screens (pledges-and-payments §2.5, §2.6, §4, §5) as plain
 * functions over paise, so the rules are tested without a screen. Every split and every allocation is
 * the domain's (splitInterestFirst, allocatePayment); the server checks the same parts again.
 */

/** Paise as the text of an amount input: 123456 → "1234.56". */
export function paiseText(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** Paise of a typed amount; empty is 0; null when the text is not an amount (its message shows). */
export function typedPaise(text: string): number | null {
  const read = readMoneyText(text);
  if ('error' in read) return null;
  return read.paise ?? 0;
}

export function outstandingOf(p: PendingPledge): PledgeOutstanding {
  return {
    remainingInterestPaise: rupeesToPaise(p.remaining_interest),
    remainingPrincipalPaise: rupeesToPaise(p.remaining_principal),
  };
}

export const totalOutstandingPaise = (p: PendingPledge) => {
  const o = outstandingOf(p);
  return o.remainingInterestPaise + o.remainingPrincipalPaise;
};

/** The status badge of Multiple Pledge Payment (spec §4) from the server's balance. */
export function statusOf(p: PendingPledge) {
  const o = outstandingOf(p);
  return paymentStatusLabel({
    ...o,
    paidPrincipalPaise: rupeesToPaise(p.paid_principal),
    paidInterestPaise: rupeesToPaise(p.paid_interest),
  });
}

/** The outstanding of each pledge by id, for validateMultiplePayment. */
export function outstandingMap(pledges: readonly PendingPledge[]) {
  return new Map(pledges.map((p) => [p.pledge_id, { ...outstandingOf(p), pledgeDate: p.pledge_date }]));
}

// --- Multiple Pledge Single Payment -----------------------------------------------------------------

export interface SinglePaymentRow {
  pledge: PendingPledge;
  selected: boolean;
  allocatedText: string;
}

export const singlePaymentRowOf = (pledge: PendingPledge): SinglePaymentRow => ({
  pledge,
  selected: false,
  allocatedText: '',
});

/** A typed allocation's problem: not an amount, or more than the pledge owes (the input's max). */
export function singlePaymentAllocationError(row: SinglePaymentRow): string | null {
  const read = readMoneyText(row.allocatedText);
  if ('error' in read) return read.error;
  const total = totalOutstandingPaise(row.pledge);
  if ((read.paise ?? 0) > total) return `Cannot exceed the total outstanding ${paiseText(total)}`;
  return null;
}

export type QuickAmount = 'interest' | 'half' | 'full';

/** 'Interest Only' = remaining interest, '50%' = half the total outstanding, 'Full' = all of it. */
export function quickAmountPaise(pledge: PendingPledge, quick: QuickAmount): number {
  const o = outstandingOf(pledge);
  const total = o.remainingInterestPaise + o.remainingPrincipalPaise;
  if (quick === 'interest') return o.remainingInterestPaise;
  if (quick === 'half') return divRoundHalfUp(total, 2);
  return total;
}

/** Auto Allocate (spec §5 v1): interest first in order, the rest by outstanding share. */
export function autoAllocateSinglePayment(rows: readonly SinglePaymentRow[], totalPaise: number) {
  const selected = rows.filter((r) => r.selected);
  const { allocations, unallocatedPaise } = allocatePayment(
    totalPaise,
    selected.map((r) => outstandingOf(r.pledge)),
    'v1',
  );
  const byId = new Map(
    selected.map((r, i) => [
      r.pledge.pledge_id,
      allocations[i]!.interestPaise + allocations[i]!.principalPaise,
    ]),
  );
  return {
    rows: rows.map((r) => {
      const paise = byId.get(r.pledge.pledge_id);
      return paise === undefined ? r : { ...r, allocatedText: paiseText(paise) };
    }),
    unallocatedPaise,
  };
}

export const singlePaymentAllocatedPaise = (row: SinglePaymentRow) =>
  row.selected ? (typedPaise(row.allocatedText) ?? 0) : 0;

/** What the server will call the payment (spec §4, Multiple Pledge Single Payment): shown beside the amount. */
export function singlePaymentType(row: SinglePaymentRow) {
  const o = outstandingOf(row.pledge);
  return paymentTypeForAmount(
    singlePaymentAllocatedPaise(row),
    o.remainingInterestPaise,
    o.remainingPrincipalPaise,
  );
}

/** The parts Multiple Pledge Single Payment sends: selected pledges with an amount above 0, each split interest first. */
export function singlePaymentParts(
  rows: readonly SinglePaymentRow[],
): { row: SinglePaymentRow; part: PledgePaymentPart }[] {
  return rows.flatMap((row) => {
    const paise = singlePaymentAllocatedPaise(row);
    if (!row.selected || paise <= 0) return [];
    const split = splitInterestFirst(paise, outstandingOf(row.pledge));
    return [
      {
        row,
        part: {
          pledgeId: row.pledge.pledge_id,
          paymentPaise: paise,
          interestPaise: split.interestPaise,
          principalPaise: split.principalPaise,
        },
      },
    ];
  });
}

// --- Multiple Pledge Payment ------------------------------------------------------------------------

export interface PledgePaymentRow {
  pledge: PendingPledge;
  selected: boolean;
  paymentText: string;
  discountText: string;
  penaltyText: string;
  discountReason: string;
  penaltyReason: string;
}

export const pledgePaymentRowOf = (pledge: PendingPledge): PledgePaymentRow => ({
  pledge,
  selected: false,
  paymentText: '',
  discountText: '',
  penaltyText: '',
  discountReason: '',
  penaltyReason: '',
});

/**
 * Selecting sets the payment to the full outstanding (interest first, then principal) and clears
 * discount and penalty; deselecting resets the row to zero (spec §4, Multiple Pledge Payment).
 */
export function selectPledgePaymentRow(row: PledgePaymentRow, selected: boolean): PledgePaymentRow {
  const base = { ...pledgePaymentRowOf(row.pledge), selected };
  return selected ? { ...base, paymentText: paiseText(totalOutstandingPaise(row.pledge)) } : base;
}

/** Select All when any row is unselected, else Deselect All. */
export function toggleAllPledgePaymentRows(rows: readonly PledgePaymentRow[]): PledgePaymentRow[] {
  const all = rows.length > 0 && rows.every((r) => r.selected);
  return rows.map((r) =>
    all ? selectPledgePaymentRow(r, false) : r.selected ? r : selectPledgePaymentRow(r, true),
  );
}

/** Pay Interest Only: each selected pledge pays its remaining interest, no principal. */
export function payInterestOnlyRows(rows: readonly PledgePaymentRow[]): PledgePaymentRow[] {
  return rows.map((r) =>
    r.selected ? { ...r, paymentText: paiseText(outstandingOf(r.pledge).remainingInterestPaise) } : r,
  );
}

/** Auto Allocate (spec §5 v2): interest first pledge by pledge, then principal by remaining principal. */
export function autoAllocatePledgePayment(rows: readonly PledgePaymentRow[], totalPaise: number) {
  const selected = rows.filter((r) => r.selected);
  const { allocations, unallocatedPaise } = allocatePayment(
    totalPaise,
    selected.map((r) => outstandingOf(r.pledge)),
    'v2',
  );
  const byId = new Map(
    selected.map((r, i) => [
      r.pledge.pledge_id,
      allocations[i]!.interestPaise + allocations[i]!.principalPaise,
    ]),
  );
  return {
    rows: rows.map((r) => {
      const paise = byId.get(r.pledge.pledge_id);
      return paise === undefined ? r : { ...r, paymentText: paiseText(paise) };
    }),
    unallocatedPaise,
  };
}

/** A row's payment, split interest first (capped at the remaining interest, then principal). */
export function pledgePaymentSplit(row: PledgePaymentRow) {
  const paise = row.selected ? (typedPaise(row.paymentText) ?? 0) : 0;
  return { paymentPaise: paise, ...splitInterestFirst(paise, outstandingOf(row.pledge)) };
}

export function pledgePaymentRowPaise(row: PledgePaymentRow) {
  const split = pledgePaymentSplit(row);
  return {
    ...split,
    discountPaise: row.selected ? (typedPaise(row.discountText) ?? 0) : 0,
    penaltyPaise: row.selected ? (typedPaise(row.penaltyText) ?? 0) : 0,
  };
}

/**
 * A selected row that cannot be sent as it stands: an amount that is not an amount, or a payment above
 * the pledge's outstanding. Its message shows on the row.
 */
export function pledgePaymentRowInError(row: PledgePaymentRow): boolean {
  if (!row.selected) return false;
  if ([row.paymentText, row.discountText, row.penaltyText].some((text) => typedPaise(text) === null))
    return true;
  return pledgePaymentSplit(row).excessPaise > 0;
}

/**
 * The payment summary (spec §2.6): sums over the selected rows; total = payment − discount + penalty.
 * Only what will be sent counts: a row in error adds nothing, and `inError` says how
 * many there are, so the screen shows no total while nothing can be sent.
 */
export function pledgePaymentTotals(rows: readonly PledgePaymentRow[]) {
  let count = 0;
  let inError = 0;
  let interest = 0;
  let principal = 0;
  let payment = 0;
  let discount = 0;
  let penalty = 0;
  for (const row of rows) {
    if (!row.selected) continue;
    count++;
    if (pledgePaymentRowInError(row)) {
      inError++;
      continue;
    }
    const r = pledgePaymentRowPaise(row);
    interest += r.interestPaise;
    principal += r.principalPaise;
    payment += r.paymentPaise;
    discount += r.discountPaise;
    penalty += r.penaltyPaise;
  }
  return {
    count,
    inError,
    interest,
    principal,
    payment,
    discount,
    penalty,
    net: payment - discount + penalty,
  };
}

/** Any typed amount of the selected rows that is not an amount. */
export function pledgePaymentHasBadText(rows: readonly PledgePaymentRow[]): boolean {
  return rows.some(
    (r) =>
      r.selected && [r.paymentText, r.discountText, r.penaltyText].some((text) => typedPaise(text) === null),
  );
}

/** The parts Multiple Pledge Payment sends: selected rows with a payment above 0. */
export function pledgePaymentParts(
  rows: readonly PledgePaymentRow[],
): { row: PledgePaymentRow; part: PledgePaymentPart }[] {
  return rows.flatMap((row) => {
    const r = pledgePaymentRowPaise(row);
    if (!row.selected || r.paymentPaise <= 0) return [];
    return [
      {
        row,
        part: {
          pledgeId: row.pledge.pledge_id,
          paymentPaise: r.paymentPaise,
          interestPaise: r.interestPaise,
          principalPaise: r.principalPaise,
          discountPaise: r.discountPaise,
          penaltyPaise: r.penaltyPaise,
        },
      },
    ];
  });
}

// --- the request ------------------------------------------------------------------------------------

export interface PaymentDetails {
  customerId: number;
  paymentMethod: string;
  paymentDate: string;
  bankReference: string;
  receiptNo?: string;
  generalRemarks: string;
  discountReason?: string;
  penaltyReason?: string;
  approveDiscount?: boolean;
  approvePenalty?: boolean;
  /** Warn mode of the cash limit: 'Customer insists on cash' was ticked. */
  cashLimitConfirmed?: boolean;
}

const orNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

/** The domain's draft of the payment, for validateMultiplePayment before anything is sent. */
export function draftOf(details: PaymentDetails, parts: readonly PledgePaymentPart[]): MultiplePaymentDraft {
  const sum = (pick: (p: PledgePaymentPart) => number) => parts.reduce((s, p) => s + pick(p), 0);
  return {
    customerId: details.customerId,
    paymentMethod: details.paymentMethod,
    paymentDate: details.paymentDate,
    bankReference: details.bankReference,
    totalPaymentPaise: sum((p) => p.paymentPaise),
    totalDiscountPaise: sum((p) => p.discountPaise ?? 0),
    totalPenaltyPaise: sum((p) => p.penaltyPaise ?? 0),
    approveDiscount: details.approveDiscount ?? false,
    approvePenalty: details.approvePenalty ?? false,
    parts,
  };
}

export function checkPayment(
  details: PaymentDetails,
  parts: readonly PledgePaymentPart[],
  pledges: readonly PendingPledge[],
): FieldError[] {
  return validateMultiplePayment(draftOf(details, parts), outstandingMap(pledges));
}

/** The body of POST /customers/{id}/multiple-pledge-payment (spec §7), rupees as the API takes them. */
export function requestOf(
  details: PaymentDetails,
  parts: readonly { part: PledgePaymentPart; discountReason?: string; penaltyReason?: string }[],
): MultiplePledgePaymentFormInput {
  const draft = draftOf(
    details,
    parts.map((p) => p.part),
  );
  return {
    customer_id: details.customerId,
    total_payment_amount: paiseToRupees(draft.totalPaymentPaise ?? 0),
    payment_method: details.paymentMethod as MultiplePledgePaymentFormInput['payment_method'],
    bank_reference: details.paymentMethod === 'cash' ? null : orNull(details.bankReference),
    payment_date: details.paymentDate,
    pledge_payments: parts.map(({ part, discountReason, penaltyReason }) => ({
      pledge_id: part.pledgeId,
      payment_amount: paiseToRupees(part.paymentPaise),
      payment_type: 'regular',
      interest_amount: paiseToRupees(part.interestPaise),
      principal_amount: paiseToRupees(part.principalPaise),
      discount_amount: paiseToRupees(part.discountPaise ?? 0),
      penalty_amount: paiseToRupees(part.penaltyPaise ?? 0),
      discount_reason: orNull(discountReason),
      penalty_reason: orNull(penaltyReason),
      remarks: null,
    })),
    general_remarks: orNull(details.generalRemarks),
    receipt_no: orNull(details.receiptNo),
    total_discount_amount: paiseToRupees(draft.totalDiscountPaise ?? 0),
    total_penalty_amount: paiseToRupees(draft.totalPenaltyPaise ?? 0),
    discount_reason: orNull(details.discountReason),
    penalty_reason: orNull(details.penaltyReason),
    approve_discount: details.approveDiscount ?? false,
    approve_penalty: details.approvePenalty ?? false,
    cash_limit_confirmed: details.paymentMethod === 'cash' && (details.cashLimitConfirmed ?? false),
  };
}

/**
 * Splits field messages (`pledge_payments.2.payment_amount` from the domain or from a 422) into the
 * messages of each sent part, by pledge id, and the rest by field.
 */
export function placeMessages(
  messages: readonly FieldError[],
  sentPledgeIds: readonly number[],
): { rows: Map<number, Record<string, string>>; top: Record<string, string> } {
  const rows = new Map<number, Record<string, string>>();
  const top: Record<string, string> = {};
  for (const { field, message } of messages) {
    const m = /^pledge_payments\.(\d+)\.?(.*)$/.exec(field);
    const pledgeId = m ? sentPledgeIds[Number(m[1])] : undefined;
    if (m && pledgeId !== undefined) {
      const row = rows.get(pledgeId) ?? {};
      row[m[2] || 'payment_amount'] ??= message;
      rows.set(pledgeId, row);
    } else {
      top[field] ??= message;
    }
  }
  return { rows, top };
}
