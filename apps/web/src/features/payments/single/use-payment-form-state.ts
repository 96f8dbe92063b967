import { businessToday, isPlainDate, type PaymentType, type PledgePaymentSaved } from '@pledge-desk/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { useAdminApproval } from '@/features/payments/approval/use-admin-approval';
import {
  usePaymentPledge,
  usePendingPledges,
  usePledgeBalance,
  usePledgePayments,
} from '@/features/payments/single/api/single-payment-api';
import {
  cashReceivedOf,
  emptyPaymentForm,
  moneyPaiseOf,
  type PaymentFormState,
  previewBalance,
  shownAmountText,
  splitOf,
  withPaymentType,
} from '@/features/payments/single/payment-form-model';
import { idFrom } from '@/lib/ids';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useCashSettings } from '@/shared/api/cash-settings';
import type { CustomerMatch } from '@/shared/api/search-customers';
import { checkCashLimit } from '@/shared/cash-limit/cash-limit-control';

/** Which fields a change of each form value makes stale. */
const CLEARS: Partial<Record<keyof PaymentFormState, readonly string[]>> = {
  paymentType: ['payment_type', 'amount', 'interest_amount', 'principal_amount'],
  paymentDate: ['payment_date', 'amount', 'payment_type'],
  amountText: ['amount', 'interest_amount', 'principal_amount', 'discount_amount', 'cash_limit_confirmed'],
  penaltyText: ['penalty_amount', 'discount_amount', 'cash_limit_confirmed'],
  discountText: ['discount_amount', 'cash_limit_confirmed'],
  paymentMethod: ['payment_method', 'bank_reference', 'cash_limit_confirmed'],
  cashLimitConfirmed: ['cash_limit_confirmed'],
  bankReference: ['bank_reference'],
  remarks: ['remarks'],
  receiptNo: ['receipt_no'],
};

/**
 * The state of the Single Pledge Payment screen and its quote: the customer and pledge picked (a
 * ?pledge_id= link picks both), the typed payment and its messages, the server's balance on the
 * payment date or a preview until it answers, the split, the cash received and its limit, and the
 * admin approval of a discount or penalty.
 */
export function usePaymentFormState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = businessToday();

  const [customer, setCustomer] = useState<CustomerMatch | null>(null);
  const [pledgeId, setPledgeId] = useState<number | null>(() => idFrom(searchParams.get('pledge_id')));
  const [form, setForm] = useState<PaymentFormState>(() => emptyPaymentForm(today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [unplaced, setUnplaced] = useState<string | null>(null);
  const [saved, setSaved] = useState<PledgePaymentSaved | null>(null);
  const submission = useIdempotentSubmit();
  // Ask before leaving a typed payment (a saved one empties the form).
  const leaveGuard = useUnsavedChanges(JSON.stringify(form) !== JSON.stringify(emptyPaymentForm(today)));

  const pledge = usePaymentPledge(pledgeId);
  // A pledge link (?pledge_id=) brings its customer with it.
  const shownCustomer: CustomerMatch | null =
    customer ??
    (pledge.data
      ? { id: pledge.data.customer_id, name: pledge.data.customer_name, phone: pledge.data.customer_mobile }
      : null);
  const pending = usePendingPledges(shownCustomer?.id ?? null);
  const dateOk = isPlainDate(form.paymentDate) && form.paymentDate <= today;
  const balanceQuery = usePledgeBalance(pledgeId, dateOk ? form.paymentDate : null);
  const history = usePledgePayments(pledgeId);
  const cashSettings = useCashSettings();
  // A clerk's discount or penalty above the branch's threshold needs an admin.
  const approval = useAdminApproval({
    discountPaise: moneyPaiseOf(form.discountText),
    penaltyPaise: moneyPaiseOf(form.penaltyText),
  });

  // The server's figures for the date on the form; anything else is at most a preview.
  const serverBalance =
    balanceQuery.data && !balanceQuery.isPlaceholderData && balanceQuery.data.as_of === form.paymentDate
      ? balanceQuery.data
      : null;
  const preview =
    !serverBalance && dateOk && pledge.data && history.data
      ? previewBalance(pledge.data, history.data, form.paymentDate)
      : null;
  const shownBalance = serverBalance ?? preview ?? (pledgeId !== null ? (balanceQuery.data ?? null) : null);
  const isPayable = serverBalance ? serverBalance.is_payable : true;
  const waitingForBalance = pledgeId !== null && dateOk && !serverBalance && !balanceQuery.isError;

  const update = <K extends keyof PaymentFormState>(key: K, value: PaymentFormState[K]) => {
    setForm((f) =>
      key === 'paymentType' ? withPaymentType(f, value as PaymentType | '') : { ...f, [key]: value },
    );
    const stale = CLEARS[key] ?? [];
    setErrors((e) => {
      const next = { ...e };
      for (const field of stale) delete next[field];
      return next;
    });
  };

  const startOver = (nextPledgeId: number | null) => {
    setPledgeId(nextPledgeId);
    approval.reset();
    setForm(emptyPaymentForm(businessToday()));
    setErrors({});
    setUnplaced(null);
    setSaved(null);
    submission.reset();
    setSearchParams(nextPledgeId === null ? {} : { pledge_id: String(nextPledgeId) }, { replace: true });
  };

  const pickCustomer = (match: CustomerMatch | null) => {
    setCustomer(match);
    startOver(null);
  };

  const pickPledge = (value: string) => startOver(idFrom(value));

  const split = splitOf(form, shownBalance);
  const amountText = shownAmountText(form, serverBalance ?? shownBalance);
  const cashPaise = cashReceivedOf(form, serverBalance ?? shownBalance);
  // The net cash received against the company's limit.
  const cashLimit = checkCashLimit({
    amountPaise: cashPaise,
    method: form.paymentMethod,
    settings: cashSettings.data,
    confirmed: form.cashLimitConfirmed,
    what: 'receipt',
  });

  return {
    today,
    shownCustomer,
    pickCustomer,
    pledgeId,
    pickPledge,
    pledge,
    pending,
    pendingPledges: pending.data?.pledges ?? [],
    history,
    balanceQuery,
    serverBalance,
    shownBalance,
    isPayable,
    waitingForBalance,
    form,
    setForm,
    update,
    errors,
    setErrors,
    unplaced,
    setUnplaced,
    saved,
    setSaved,
    submission,
    approval,
    split,
    amountText,
    cashPaise,
    cashLimit,
    leaveGuard,
  };
}

export type PaymentFormModel = ReturnType<typeof usePaymentFormState>;
