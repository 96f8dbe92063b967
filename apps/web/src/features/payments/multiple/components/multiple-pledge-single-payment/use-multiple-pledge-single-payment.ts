import { businessToday, formatRupees, PAYMENT_MESSAGES, rupeesToPaise } from '@pledge-desk/domain';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { readMoneyText } from '@/components/ui/money-input';
import { useToast } from '@/components/ui/toasts';
import { errorMessage, errorSentence } from '@/components/ui/use-crud-toasts';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import {
  usePendingPledges,
  useSubmitMultiplePayment,
} from '@/features/payments/multiple/api/multiple-payment-api';
import { serverFieldErrors, VALIDATION_TOAST } from '@/features/payments/multiple/components/payment-errors';
import { usePlacedMessages } from '@/features/payments/multiple/components/use-placed-messages';
import { multiplePaymentText } from '@/features/payments/multiple/i18n';
import {
  autoAllocateSinglePayment,
  checkPayment,
  type PaymentDetails,
  requestOf,
  type SinglePaymentRow,
  singlePaymentAllocatedPaise,
  singlePaymentAllocationError,
  singlePaymentParts,
  singlePaymentRowOf,
} from '@/features/payments/multiple/payment-rows';
import { useT } from '@/lib/i18n/language';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useCashSettings } from '@/shared/api/cash-settings';
import type { CustomerMatch } from '@/shared/api/search-customers';
import { checkCashLimit } from '@/shared/cash-limit/cash-limit-control';

/**
 * The state of 'Multiple Pledge Single Payment' and its submit: the customer, the one amount and its
 * allocation over the pending pledges, the receipt's details, the messages of the rules and of the
 * server placed on rows and fields, and the cash limit of the receipt.
 */
export function useMultiplePledgeSinglePayment() {
  const { showToast } = useToast();
  const t = useT(multiplePaymentText);
  const [customer, setCustomer] = useState<CustomerMatch | null>(null);
  const pending = usePendingPledges(customer?.id ?? null);
  const submit = useSubmitMultiplePayment();
  const submission = useIdempotentSubmit();

  const [rows, setRows] = useState<SinglePaymentRow[]>([]);
  const [totalText, setTotalText] = useState('');
  const [method, setMethod] = useState('');
  const [date, setDate] = useState(businessToday);
  const [bankReference, setBankReference] = useState('');
  const [remarks, setRemarks] = useState('');
  const { rowErrors, setRowErrors, topErrors, setTopErrors, clearRow, clearAll, place } = usePlacedMessages();
  const [lastReceipt, setLastReceipt] = useState<{ id: number; no: string } | null>(null);
  const [cashConfirmed, setCashConfirmed] = useState(false);
  // Ask before leaving with a pledge selected or an amount typed (a payment clears them).
  const leaveGuard = useUnsavedChanges(
    rows.some((r) => r.selected || r.allocatedText.trim() !== '') ||
      [totalText, bankReference, remarks].some((text) => text.trim() !== ''),
  );
  const cashSettings = useCashSettings();

  useEffect(() => {
    setRows(pending.data ? pending.data.pledges.map(singlePaymentRowOf) : []);
  }, [pending.data]);
  useEffect(() => {
    if (pending.isError)
      showToast({ type: 'error', title: t('error'), message: t('singlePaymentLoadPending') });
  }, [pending.isError, showToast, t]);

  const selected = rows.filter((r) => r.selected);
  const totalAllocated = useMemo(() => rows.reduce((s, r) => s + singlePaymentAllocatedPaise(r), 0), [rows]);
  const totalRead = readMoneyText(totalText);
  const totalPaise = 'error' in totalRead ? 0 : (totalRead.paise ?? 0);
  const hasBadText = rows.some((r) => r.selected && singlePaymentAllocationError(r) !== null);
  // The cash received on one receipt against the company's limit.
  const cashLimit = checkCashLimit({
    amountPaise: totalAllocated,
    method,
    settings: cashSettings.data,
    confirmed: cashConfirmed,
    what: 'receipt',
  });
  const canSubmit =
    !submit.isPending && method !== '' && totalAllocated > 0 && !hasBadText && cashLimit.verdict !== 'block';
  const blocked =
    totalAllocated <= 0
      ? PAYMENT_MESSAGES.selectPledgeWithAmount
      : method === ''
        ? PAYMENT_MESSAGES.paymentMethod
        : null;

  const changeRow = (pledgeId: number, patch: Partial<SinglePaymentRow>) => {
    setRows((all) => all.map((r) => (r.pledge.pledge_id === pledgeId ? { ...r, ...patch } : r)));
    clearRow(pledgeId);
    setTopErrors((e) => {
      const { total_payment_amount: _t, pledge_payments: _p, ...rest } = e;
      return rest;
    });
  };

  const pickCustomer = (match: CustomerMatch | null) => {
    // The rows follow the pending pledges read for the customer (the effect above), never cleared here:
    // picking the same customer again keeps the same answer, and the rows must stay.
    setCustomer(match);
    clearAll();
    submission.reset();
  };

  const autoAllocate = () => {
    const { rows: next, unallocatedPaise } = autoAllocateSinglePayment(rows, totalPaise);
    setRows(next);
    setRowErrors(new Map());
    if (unallocatedPaise > 0) {
      showToast({
        type: 'info',
        title: t('autoAllocate'),
        message: t('notAllocated', { amount: formatRupees(unallocatedPaise) }),
      });
    }
  };

  const changeDate = (value: string) => {
    setDate(value);
    setTopErrors(({ payment_date: _, ...rest }) => rest);
  };
  const changeMethod = (value: string) => {
    setMethod(value);
    setTopErrors(({ payment_method: _m, bank_reference: _b, cash_limit_confirmed: _c, ...rest }) => rest);
  };
  const changeBankReference = (value: string) => {
    setBankReference(value);
    setTopErrors(({ bank_reference: _, ...rest }) => rest);
  };
  const changeCashConfirmed = (checked: boolean) => {
    setCashConfirmed(checked);
    setTopErrors(({ cash_limit_confirmed: _, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending || !customer) return;
    const sent = singlePaymentParts(rows);
    if (sent.length === 0) {
      showToast({ type: 'error', title: t('error'), message: PAYMENT_MESSAGES.selectPledgeWithAmount });
      return;
    }
    if (method === '') {
      setTopErrors({ payment_method: PAYMENT_MESSAGES.paymentMethod });
      showToast({ type: 'error', title: t('error'), message: PAYMENT_MESSAGES.paymentMethod });
      return;
    }
    if (cashLimit.verdict === 'confirm') {
      setTopErrors({ cash_limit_confirmed: cashLimit.message ?? '' });
      showToast(VALIDATION_TOAST);
      return;
    }
    const details: PaymentDetails = {
      customerId: customer.id,
      paymentMethod: method,
      paymentDate: date,
      bankReference,
      generalRemarks: remarks,
      cashLimitConfirmed: cashConfirmed,
    };
    const sentIds = sent.map((s) => s.part.pledgeId);
    const showMessages = (messages: Parameters<typeof place>[0]) => place(messages, sentIds);
    const problems = checkPayment(
      details,
      sent.map((s) => s.part),
      pending.data?.pledges ?? [],
    );
    if (problems.length > 0) {
      showMessages(problems);
      showToast(VALIDATION_TOAST);
      return;
    }
    const body = requestOf(
      details,
      sent.map(({ part }) => ({ part })),
    );
    submission.send(body, (idempotencyKey) => submit.mutateAsync({ body, idempotencyKey }), {
      onSuccess: (saved) => {
        clearAll();
        setRows((all) => all.map((r) => ({ ...r, selected: false, allocatedText: '' })));
        setTotalText('');
        setBankReference('');
        setRemarks('');
        setCashConfirmed(false);
        setLastReceipt({ id: saved.receipt_id, no: saved.receipt_no });
        showToast({
          type: 'success',
          title: t('success'),
          message: t('singlePaymentSuccess', {
            count: saved.pledge_results.length,
            total: formatRupees(rupeesToPaise(saved.total_amount_paid)),
          }),
        });
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors.length > 0) {
          showMessages(fieldErrors);
          showToast(VALIDATION_TOAST);
        } else {
          showToast({
            type: 'error',
            title: t('error'),
            message: errorMessage(error, t('singlePaymentFailed')),
            ...errorSentence(error, t('singlePaymentFailed')),
          });
        }
      },
    });
  };

  return {
    customer,
    pickCustomer,
    pending,
    pledges: pending.data?.pledges ?? [],
    rows,
    selected,
    changeRow,
    rowErrors,
    totalText,
    setTotalText,
    totalPaise,
    totalAllocated,
    hasBadText,
    autoAllocate,
    method,
    changeMethod,
    date,
    changeDate,
    bankReference,
    changeBankReference,
    remarks,
    setRemarks,
    cashConfirmed,
    changeCashConfirmed,
    cashLimit,
    topErrors,
    canSubmit,
    blocked,
    isSubmitting: submit.isPending,
    onSubmit,
    lastReceipt,
    leaveGuard,
  };
}

export type MultiplePledgeSinglePayment = ReturnType<typeof useMultiplePledgeSinglePayment>;
