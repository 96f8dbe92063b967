import { formatIndianDate, isPlainDate } from '../dates/dates.ts';
import type { FieldError } from '../errors/field-error.ts';
import { formatRupees } from '../money/money.ts';
import { type PledgeOutstanding, splitInterestFirst } from './allocation.ts';

export const PAYMENT_TYPES = ['interest', 'partial_principal', 'full_payment'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Single payment and v1 offer cash, bank, online; v2 offers cash, cheque, online, bank_transfer. */
export const PAYMENT_METHODS = ['cash', 'bank', 'online', 'cheque', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank: 'Bank Transfer',
  online: 'Online Payment',
  cheque: 'Cheque',
  bank_transfer: 'Bank Transfer',
};

/** Messages of pledges-and-payments §5 and docs/domain-rules.md §4, in one place for server and browser. */
export const PAYMENT_MESSAGES = {
  customer: 'Please select a customer',
  pledge: 'Please select a pledge',
  paymentType: 'Please select a payment type',
  paymentDate: 'Please select a payment date',
  paymentMethod: 'Please select a payment method',
  amount: 'Please enter a valid payment amount',
  bankReference: 'Bank reference is required for non-cash payments',
  clearInterestFirst: 'Please clear all interest payments before making principal payments',
  interestExceeds: (remainingInterestPaise: number) =>
    `Interest payment cannot exceed ${formatRupees(remainingInterestPaise, '₹')}`,
  principalExceeds: (remainingPrincipalPaise: number) =>
    `Principal payment cannot exceed ${formatRupees(remainingPrincipalPaise, '₹')}`,
  fullCloseEquals: (totalPaise: number) => `Full close amount must equal ${formatRupees(totalPaise, '₹')}`,
  penaltyNegative: 'Penalty amount cannot be negative',
  discountNegative: 'Discount amount cannot be negative',
  discountTooLarge: 'Discount cannot be more than the amount plus penalty',
  beforePledge: 'Payment date cannot be before the pledge date',
  beforeLastPayment: (date: string) =>
    `Payment date cannot be before the last payment (${formatIndianDate(date)})`,
  inFuture: 'Payment date cannot be in the future',
  selectPledgeWithAmount: 'Please select at least one pledge with allocated amount',
  selectCustomerAndPledges: 'Please select customer and pledges',
  enterPaymentAmounts: 'Please enter payment amounts',
  selectAtLeastOnePledge: 'Please select at least one pledge for payment',
  totalMismatch: 'Total payment amount must equal the sum of the pledge payments',
  approveDiscount: 'Please approve the discount',
  approvePenalty: 'Please approve the penalty',
} as const;

export function isPaymentType(value: unknown): value is PaymentType {
  return typeof value === 'string' && (PAYMENT_TYPES as readonly string[]).includes(value);
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** A method other than cash needs a bank reference (docs/domain-rules.md §4.1). */
export function needsBankReference(method: string | null | undefined): boolean {
  return typeof method === 'string' && method !== '' && method !== 'cash';
}

/** How a single payment of `type` splits (pledges-and-payments §4): the whole amount, or everything. */
export function paymentSplit(
  type: PaymentType,
  amountPaise: number,
  outstanding: PledgeOutstanding,
): { interestPaise: number; principalPaise: number } {
  switch (type) {
    case 'interest':
      return { interestPaise: amountPaise, principalPaise: 0 };
    case 'partial_principal':
      return { interestPaise: 0, principalPaise: amountPaise };
    case 'full_payment':
      return {
        interestPaise: outstanding.remainingInterestPaise,
        principalPaise: outstanding.remainingPrincipalPaise,
      };
  }
}

/** Cash actually received: `amount + penalty − discount` (docs/domain-rules.md §4.1). */
export function cashReceivedPaise(amountPaise: number, penaltyPaise = 0, discountPaise = 0): number {
  return amountPaise + penaltyPaise - discountPaise;
}

/** A single payment as the form or the request carries it, amounts already in paise. */
export interface PaymentDraft {
  /** Only the screen has a customer; leave undefined on the server. `null`/0 means none chosen. */
  customerId?: number | null;
  pledgeId?: number | null;
  paymentType?: string | null;
  paymentDate?: string | null;
  paymentMethod?: string | null;
  amountPaise: number;
  /** When given, must equal the split the type implies. */
  interestPaise?: number | null;
  principalPaise?: number | null;
  penaltyPaise?: number | null;
  discountPaise?: number | null;
  bankReference?: string | null;
}

/** The pledge's balance on the payment date (from `pledgeBalance`), plus optional date bounds. */
export interface PaymentContext extends PledgeOutstanding {
  pledgeDate?: string;
  /** Date of the latest payment already on the pledge: a new one may not go before it. */
  lastPaymentDate?: string | null;
  /** Business today: a payment may not be dated in the future. */
  today?: string;
}

const isValidPaise = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/**
 * The single-payment rules (pledges-and-payments §5, docs/domain-rules.md §4.3). Returns every field message,
 * empty when the payment may be saved. The server calls it with the balance of the pledge it locked.
 */
export function validatePayment(draft: PaymentDraft, context: PaymentContext): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });

  if (draft.customerId !== undefined && !draft.customerId) add('customer_id', PAYMENT_MESSAGES.customer);
  if (!draft.pledgeId) add('pledge_id', PAYMENT_MESSAGES.pledge);
  const type = isPaymentType(draft.paymentType) ? draft.paymentType : undefined;
  if (!type) add('payment_type', PAYMENT_MESSAGES.paymentType);

  const date = isPlainDate(draft.paymentDate) ? draft.paymentDate : undefined;
  const errorsBeforeDate = errors.length;
  if (!date) add('payment_date', PAYMENT_MESSAGES.paymentDate);
  else if (context.pledgeDate && date < context.pledgeDate)
    add('payment_date', PAYMENT_MESSAGES.beforePledge);
  else if (context.lastPaymentDate && date < context.lastPaymentDate) {
    add('payment_date', PAYMENT_MESSAGES.beforeLastPayment(context.lastPaymentDate));
  } else if (context.today && date > context.today) add('payment_date', PAYMENT_MESSAGES.inFuture);
  // The balance is the one on the payment date (docs/domain-rules.md §4.4): with the date refused there is none
  // to hold the amount against, and a screen holding it against nothing said 'Interest payment cannot
  // exceed ₹0.00' beside the date's own message.
  const isDateOk = errors.length === errorsBeforeDate;

  if (!isPaymentMethod(draft.paymentMethod)) add('payment_method', PAYMENT_MESSAGES.paymentMethod);
  else if (needsBankReference(draft.paymentMethod) && !draft.bankReference?.trim()) {
    add('bank_reference', PAYMENT_MESSAGES.bankReference);
  }

  const amount = draft.amountPaise;
  const amountOk = isValidPaise(amount) && amount > 0;
  if (!amountOk) add('amount', PAYMENT_MESSAGES.amount);

  const penalty = draft.penaltyPaise ?? 0;
  const discount = draft.discountPaise ?? 0;
  const penaltyOk = isValidPaise(penalty) && penalty >= 0;
  const discountOk = isValidPaise(discount) && discount >= 0;
  if (!penaltyOk) add('penalty_amount', PAYMENT_MESSAGES.penaltyNegative);
  if (!discountOk) add('discount_amount', PAYMENT_MESSAGES.discountNegative);
  if (amountOk && penaltyOk && discountOk && cashReceivedPaise(amount, penalty, discount) < 0) {
    add('discount_amount', PAYMENT_MESSAGES.discountTooLarge);
  }

  if (!amountOk || !type || !isDateOk) return errors;
  const { remainingInterestPaise: ri, remainingPrincipalPaise: rp } = context;
  let amountRuleOk = true;
  if (type === 'interest' && amount > ri) {
    add('amount', PAYMENT_MESSAGES.interestExceeds(ri));
    amountRuleOk = false;
  } else if (type === 'partial_principal') {
    if (ri > 0) {
      add('payment_type', PAYMENT_MESSAGES.clearInterestFirst);
      amountRuleOk = false;
    } else if (amount > rp) {
      add('amount', PAYMENT_MESSAGES.principalExceeds(rp));
      amountRuleOk = false;
    }
  } else if (type === 'full_payment' && amount !== ri + rp) {
    add('amount', PAYMENT_MESSAGES.fullCloseEquals(ri + rp));
    amountRuleOk = false;
  }

  // The server never trusts a split the browser computed (docs/domain-rules.md, introduction): it must be the type's.
  if (amountRuleOk) {
    const expected = paymentSplit(type, amount, context);
    if (draft.interestPaise != null && draft.interestPaise !== expected.interestPaise) {
      add(
        'interest_amount',
        `Interest amount must be ${formatRupees(expected.interestPaise, '₹')} for this payment`,
      );
    }
    if (draft.principalPaise != null && draft.principalPaise !== expected.principalPaise) {
      add(
        'principal_amount',
        `Principal amount must be ${formatRupees(expected.principalPaise, '₹')} for this payment`,
      );
    }
  }
  return errors;
}

/** One pledge's part of a multiple-pledge payment, in paise. */
export interface PledgePaymentPart {
  pledgeId: number;
  paymentPaise: number;
  interestPaise: number;
  principalPaise: number;
  discountPaise?: number;
  penaltyPaise?: number;
}

export interface MultiplePaymentDraft {
  customerId?: number | null;
  paymentMethod?: string | null;
  paymentDate?: string | null;
  bankReference?: string | null;
  totalPaymentPaise?: number;
  totalDiscountPaise?: number;
  totalPenaltyPaise?: number;
  approveDiscount?: boolean;
  approvePenalty?: boolean;
  parts: readonly PledgePaymentPart[];
}

/**
 * The multiple-pledge payment rules (docs/domain-rules.md §4.5): each part split interest first and within its
 * outstanding, totals that add up, discount and penalty approved. `outstanding` maps pledge id to the
 * pledge's balance on the payment date. Field names follow the request (`pledge_payments.0.amount`).
 */
export function validateMultiplePayment(
  draft: MultiplePaymentDraft,
  outstanding: ReadonlyMap<number, PledgeOutstanding & { pledgeDate?: string }>,
): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  const parts = draft.parts;
  if ((draft.customerId !== undefined && !draft.customerId) || parts.length === 0) {
    add('pledge_payments', PAYMENT_MESSAGES.selectCustomerAndPledges);
    return errors;
  }
  if (!isPaymentMethod(draft.paymentMethod)) add('payment_method', PAYMENT_MESSAGES.paymentMethod);
  else if (needsBankReference(draft.paymentMethod) && !draft.bankReference?.trim()) {
    add('bank_reference', PAYMENT_MESSAGES.bankReference);
  }
  if (!isPlainDate(draft.paymentDate)) add('payment_date', PAYMENT_MESSAGES.paymentDate);

  let totalPayment = 0;
  let totalDiscount = 0;
  let totalPenalty = 0;
  const seen = new Set<number>();
  parts.forEach((part, i) => {
    const at = (field: string) => `pledge_payments.${i}.${field}`;
    if (seen.has(part.pledgeId)) add(at('pledge_id'), 'A pledge can appear only once in a payment');
    seen.add(part.pledgeId);
    const o = outstanding.get(part.pledgeId);
    if (!o) {
      add(at('pledge_id'), 'This pledge is not pending for this customer');
      return;
    }
    if (!isValidPaise(part.paymentPaise) || part.paymentPaise <= 0) {
      add(at('payment_amount'), PAYMENT_MESSAGES.amount);
      return;
    }
    const discount = part.discountPaise ?? 0;
    const penalty = part.penaltyPaise ?? 0;
    if (!isValidPaise(discount) || discount < 0)
      add(at('discount_amount'), PAYMENT_MESSAGES.discountNegative);
    if (!isValidPaise(penalty) || penalty < 0) add(at('penalty_amount'), PAYMENT_MESSAGES.penaltyNegative);
    else if (isValidPaise(discount) && discount > part.paymentPaise + penalty) {
      add(at('discount_amount'), PAYMENT_MESSAGES.discountTooLarge);
    }
    totalPayment += part.paymentPaise;
    totalDiscount += discount;
    totalPenalty += penalty;
    const total = o.remainingInterestPaise + o.remainingPrincipalPaise;
    if (part.paymentPaise > total) {
      add(at('payment_amount'), `Payment cannot exceed the outstanding ${formatRupees(total, '₹')}`);
      return;
    }
    const split = splitInterestFirst(part.paymentPaise, o);
    if (part.interestPaise !== split.interestPaise || part.principalPaise !== split.principalPaise) {
      add(
        at('interest_amount'),
        `Split must be interest ${formatRupees(split.interestPaise, '₹')} and principal ${formatRupees(split.principalPaise, '₹')} (interest first)`,
      );
    }
  });
  if (totalPayment <= 0 && errors.length === 0)
    add('total_payment_amount', PAYMENT_MESSAGES.enterPaymentAmounts);
  if (draft.totalPaymentPaise !== undefined && draft.totalPaymentPaise !== totalPayment) {
    add('total_payment_amount', PAYMENT_MESSAGES.totalMismatch);
  }
  if (draft.totalDiscountPaise !== undefined && draft.totalDiscountPaise !== totalDiscount) {
    add('total_discount_amount', 'Total discount must equal the sum of the pledge discounts');
  }
  if (draft.totalPenaltyPaise !== undefined && draft.totalPenaltyPaise !== totalPenalty) {
    add('total_penalty_amount', 'Total penalty must equal the sum of the pledge penalties');
  }
  if (totalDiscount > 0 && !draft.approveDiscount) add('approve_discount', PAYMENT_MESSAGES.approveDiscount);
  if (totalPenalty > 0 && !draft.approvePenalty) add('approve_penalty', PAYMENT_MESSAGES.approvePenalty);
  return errors;
}

/** Status of each pledge in the multiple-payment answer: `completed` when it closed, else `partial`. */
export function multiplePaymentStatus(after: PledgeOutstanding): 'completed' | 'partial' {
  return after.remainingInterestPaise + after.remainingPrincipalPaise <= 0 ? 'completed' : 'partial';
}

/** A pledge takes payments while active, not moved to bank and not closed (docs/domain-rules.md §4.2). */
export function isPledgePending(p: {
  status: string;
  isMoveToBank: boolean;
  closedDate?: string | null;
}): boolean {
  return p.status === 'active' && !p.isMoveToBank && !p.closedDate;
}
