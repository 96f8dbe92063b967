import {
  businessToday,
  cashReceivedPaise,
  type FieldError,
  isPlainDate,
  type PaymentType,
  type PledgeBalanceView,
  type PledgeOutstanding,
  type PledgePaymentInput,
  type PledgePaymentView,
  type PledgeView,
  paiseToRupees,
  paymentSplit,
  pledgeBalance,
  rupeesToPaise,
  validatePayment,
} from '@pledge-desk/domain';
import { moneyTextError, readMoneyText } from '@/components/ui/money-input';
import type { SinglePaymentKey } from './i18n';

/** The single payment's types with the spec's labels (§2.8 badges, §9 'Full Close'), as catalogue keys. */
export const SINGLE_PAYMENT_TYPES: readonly { value: PaymentType; label: SinglePaymentKey }[] = [
  { value: 'interest', label: 'typeInterest' },
  { value: 'partial_principal', label: 'typePartialPrincipal' },
  { value: 'full_payment', label: 'typeFullClose' },
];

/** The single payment offers cash, bank and online (spec §9), with the spec's labels as catalogue keys. */
export const SINGLE_PAYMENT_METHODS = [
  { value: 'cash', label: 'methodCash' },
  { value: 'bank', label: 'methodBank' },
  { value: 'online', label: 'methodOnline' },
] as const satisfies readonly { value: string; label: SinglePaymentKey }[];
export type SinglePaymentMethod = (typeof SINGLE_PAYMENT_METHODS)[number]['value'];

export interface PaymentFormState {
  paymentType: PaymentType | '';
  paymentDate: string;
  /** What the clerk typed; a full close shows the outstanding instead and locks the field. */
  amountText: string;
  penaltyText: string;
  discountText: string;
  paymentMethod: SinglePaymentMethod | '';
  bankReference: string;
  remarks: string;
  receiptNo: string;
  /** Warn mode of the cash limit: the clerk ticked 'Customer insists on cash'. */
  cashLimitConfirmed: boolean;
}

export function emptyPaymentForm(today = businessToday()): PaymentFormState {
  return {
    paymentType: '',
    paymentDate: today,
    amountText: '',
    penaltyText: '',
    discountText: '',
    paymentMethod: 'cash',
    bankReference: '',
    remarks: '',
    receiptNo: '',
    cashLimitConfirmed: false,
  };
}

/**
 * Changing the type resets the split (spec §4): the split always follows from type and amount, so only
 * the amount needs care. A full close takes the outstanding and locks the field; leaving it clears the
 * amount the type had put there, so an amount the clerk never typed is never sent.
 */
export function withPaymentType(state: PaymentFormState, next: PaymentType | ''): PaymentFormState {
  const leavingFullClose = state.paymentType === 'full_payment' && next !== 'full_payment';
  return {
    ...state,
    paymentType: next,
    amountText: next === 'full_payment' || leavingFullClose ? '' : state.amountText,
  };
}

/** The server's balance in paise, the shape the domain's rules take. */
export function outstandingOf(balance: PledgeBalanceView): PledgeOutstanding {
  return {
    remainingInterestPaise: rupeesToPaise(balance.remaining_interest),
    remainingPrincipalPaise: rupeesToPaise(balance.remaining_principal),
  };
}

/** The amount field as shown: the outstanding for a full close, else what was typed. */
export function shownAmountText(state: PaymentFormState, balance: PledgeBalanceView | null): string {
  if (state.paymentType !== 'full_payment') return state.amountText;
  if (!balance) return '';
  const o = outstandingOf(balance);
  return paiseToRupees(o.remainingInterestPaise + o.remainingPrincipalPaise).toFixed(2);
}

const paiseOf = (text: string): number | null => {
  const read = readMoneyText(text);
  return 'paise' in read ? read.paise : null;
};

/** A typed amount in paise; 0 while empty or not an amount (the form's own check names it). */
export const moneyPaiseOf = (text: string): number => paiseOf(text) ?? 0;

/** Interest and principal of the payment as typed (read-only on the screen), or null without a type. */
export function splitOf(
  state: PaymentFormState,
  balance: PledgeBalanceView | null,
): { interestPaise: number; principalPaise: number } | null {
  const amount = paiseOf(shownAmountText(state, balance));
  if (!state.paymentType || !balance) return null;
  return paymentSplit(state.paymentType, amount ?? 0, outstandingOf(balance));
}

/** Cash received at the counter: amount + penalty − discount (docs/domain-rules.md §4.1). */
export function cashReceivedOf(state: PaymentFormState, balance: PledgeBalanceView | null): number {
  return cashReceivedPaise(
    paiseOf(shownAmountText(state, balance)) ?? 0,
    paiseOf(state.penaltyText) ?? 0,
    paiseOf(state.discountText) ?? 0,
  );
}

/**
 * Every message the form shows before sending (spec §5): the typed amounts first, then the domain's
 * `validatePayment` against the server's balance on the payment date. First message per field.
 */
export function validatePaymentForm(input: {
  state: PaymentFormState;
  customerId: number | null;
  pledgeId: number | null;
  balance: PledgeBalanceView | null;
  pledgeDate: string | null;
  today: string;
}): Record<string, string> {
  const { state, balance } = input;
  const errors: Record<string, string> = {};
  const put = (e: FieldError) => {
    errors[e.field] ??= e.message;
  };
  const amountText = shownAmountText(state, balance);
  const typed = {
    amount: moneyTextError(amountText, { aboveZero: true }),
    penalty_amount: moneyTextError(state.penaltyText),
    discount_amount: moneyTextError(state.discountText),
  };
  for (const [field, message] of Object.entries(typed)) if (message) put({ field, message });
  const split = splitOf(state, balance);
  const outstanding = balance
    ? outstandingOf(balance)
    : { remainingInterestPaise: 0, remainingPrincipalPaise: 0 };
  for (const e of validatePayment(
    {
      customerId: input.customerId,
      pledgeId: input.pledgeId,
      paymentType: state.paymentType,
      paymentDate: state.paymentDate,
      paymentMethod: state.paymentMethod,
      amountPaise: paiseOf(amountText) ?? 0,
      interestPaise: split?.interestPaise ?? null,
      principalPaise: split?.principalPaise ?? null,
      penaltyPaise: paiseOf(state.penaltyText) ?? 0,
      discountPaise: paiseOf(state.discountText) ?? 0,
      bankReference: state.bankReference,
    },
    {
      ...outstanding,
      ...(input.pledgeDate ? { pledgeDate: input.pledgeDate } : {}),
      lastPaymentDate: balance?.last_payment_date ?? null,
      today: input.today,
    },
  )) {
    put(e);
  }
  return errors;
}

/** The request body (pledgePaymentSchema); call it only once `validatePaymentForm` found nothing. */
export function paymentRequestOf(
  state: PaymentFormState,
  pledgeId: number,
  balance: PledgeBalanceView,
): PledgePaymentInput {
  const split = splitOf(state, balance) ?? { interestPaise: 0, principalPaise: 0 };
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    pledge_id: pledgeId,
    payment_date: state.paymentDate,
    payment_type: state.paymentType as PaymentType,
    amount: paiseToRupees(paiseOf(shownAmountText(state, balance)) ?? 0),
    interest_amount: paiseToRupees(split.interestPaise),
    principal_amount: paiseToRupees(split.principalPaise),
    penalty_amount: paiseToRupees(paiseOf(state.penaltyText) ?? 0),
    discount_amount: paiseToRupees(paiseOf(state.discountText) ?? 0),
    payment_method: state.paymentMethod as SinglePaymentMethod,
    bank_reference: state.paymentMethod === 'cash' ? null : text(state.bankReference),
    remarks: text(state.remarks),
    receipt_no: text(state.receiptNo),
    // Only a cash receipt is under the limit; a confirmation left ticked before switching to bank says nothing.
    cash_limit_confirmed: state.paymentMethod === 'cash' && state.cashLimitConfirmed,
  };
}

/**
 * The domain's preview of the balance on a date the server has not answered for yet (while the clerk
 * changes the payment date): the pledge's terms and its unreversed payments, docs/domain-rules.md §3.3. Only a
 * preview: the screen marks it so and submits only against the server's figures.
 */
export function previewBalance(
  pledge: PledgeView,
  payments: readonly PledgePaymentView[],
  asOf: string,
): PledgeBalanceView | null {
  if (!isPlainDate(asOf)) return null;
  try {
    const counted = payments.filter((p) => !p.reversed && p.payment_date <= asOf);
    const b = pledgeBalance(
      {
        loanPaise: rupeesToPaise(pledge.total_loan_amount),
        rateBp: Math.round(pledge.interest_rate * 100),
        pledgeDate: pledge.pledge_date,
        firstMonthInterestPaise: rupeesToPaise(pledge.first_month_interest),
        payments: counted.map((p) => ({
          date: p.payment_date,
          interestPaise: rupeesToPaise(p.interest_amount),
          principalPaise: rupeesToPaise(p.principal_amount),
        })),
      },
      asOf,
    );
    const sum = (pick: (p: PledgePaymentView) => number) =>
      paiseToRupees(counted.reduce((s, p) => s + rupeesToPaise(pick(p)), 0));
    const last = payments.filter((p) => !p.reversed).at(-1)?.payment_date ?? null;
    return {
      pledge_id: pledge.pledge_id,
      pledge_no: pledge.pledge_no,
      as_of: asOf,
      days_elapsed: b.daysElapsed,
      months_elapsed: b.monthsElapsed,
      interest_due: paiseToRupees(b.interestDuePaise),
      interest_paid: paiseToRupees(b.interestPaidPaise),
      remaining_interest: paiseToRupees(b.remainingInterestPaise),
      remaining_principal: paiseToRupees(b.remainingPrincipalPaise),
      total_outstanding: paiseToRupees(b.totalOutstandingPaise),
      paid_principal: sum((p) => p.principal_amount),
      paid_interest: sum((p) => p.interest_amount),
      last_payment_date: last,
      is_payable: pledge.status === 'active' && !pledge.is_move_to_bank && !pledge.closed_date,
      closed_date: pledge.closed_date,
    };
  } catch {
    return null;
  }
}

/** Totals of the history table: the payments that count (reversed ones count in no balance). */
export function historyTotals(payments: readonly PledgePaymentView[]) {
  const counted = payments.filter((p) => !p.reversed);
  const sum = (pick: (p: PledgePaymentView) => number) =>
    counted.reduce((s, p) => s + rupeesToPaise(pick(p)), 0);
  return {
    amountPaise: sum((p) => p.amount),
    interestPaise: sum((p) => p.interest_amount),
    principalPaise: sum((p) => p.principal_amount),
    penaltyPaise: sum((p) => p.penalty_amount),
    discountPaise: sum((p) => p.discount_amount),
    reversedCount: payments.length - counted.length,
  };
}
