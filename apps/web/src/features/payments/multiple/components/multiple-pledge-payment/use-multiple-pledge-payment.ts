import { formatRupees, type MultiplePaymentResult, PAYMENT_MESSAGES } from '@pledge-desk/domain';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useToast } from '@/components/ui/toasts';
import { errorMessage, errorSentence } from '@/components/ui/use-crud-toasts';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import {
  idempotencyBody,
  isApproverField,
  useAdminApproval,
} from '@/features/payments/approval/use-admin-approval';
import {
  usePaymentCustomer,
  usePendingPledges,
  useSubmitMultiplePayment,
} from '@/features/payments/multiple/api/multiple-payment-api';
import { serverFieldErrors, VALIDATION_TOAST } from '@/features/payments/multiple/components/payment-errors';
import { usePlacedMessages } from '@/features/payments/multiple/components/use-placed-messages';
import { multiplePaymentText } from '@/features/payments/multiple/i18n';
import {
  autoAllocatePledgePayment,
  checkPayment,
  type PaymentDetails,
  type PledgePaymentRow,
  pledgePaymentHasBadText,
  pledgePaymentParts,
  pledgePaymentRowOf,
  pledgePaymentTotals,
  requestOf,
  selectPledgePaymentRow,
  totalOutstandingPaise,
} from '@/features/payments/multiple/payment-rows';
import { saysPledgeChanged } from '@/features/payments/pledge-changed';
import { useT } from '@/lib/i18n/language';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useCashSettings } from '@/shared/api/cash-settings';
import type { CustomerMatch } from '@/shared/api/search-customers';
import { checkCashLimit } from '@/shared/cash-limit/cash-limit-control';
import { DETAIL_FIELDS, type Details, freshDetails } from './payment-details';

/**
 * The state of 'Multiple Pledge Payment' and its submit: the customer, one row per pending pledge,
 * the receipt's details, the messages of the rules and of the server placed on rows and fields, and
 * the approval and cash limit checks of the receipt.
 */
export function useMultiplePledgePayment() {
  const { showToast } = useToast();
  const t = useT(multiplePaymentText);
  const [customer, setCustomer] = useState<CustomerMatch | null>(null);
  const customerId = customer?.id ?? null;
  const detail = usePaymentCustomer(customerId);
  const pending = usePendingPledges(customerId);
  const submit = useSubmitMultiplePayment();
  const submission = useIdempotentSubmit();

  const [rows, setRows] = useState<PledgePaymentRow[]>([]);
  const [details, setDetails] = useState<Details>(freshDetails);
  const { rowErrors, setRowErrors, topErrors, setTopErrors, clearRow, clearAll, place } = usePlacedMessages();
  const [allocating, setAllocating] = useState(false);
  const [result, setResult] = useState<MultiplePaymentResult | null>(null);
  const cashSettings = useCashSettings();
  // Ask before leaving with a pledge selected or a detail typed (a payment clears them).
  const leaveGuard = useUnsavedChanges(
    rows.some((r) => r.selected) ||
      [
        details.bankReference,
        details.receiptNo,
        details.remarks,
        details.discountReason,
        details.penaltyReason,
      ].some((text) => text.trim() !== ''),
  );

  // The server's balances are the rows. A reload after a refusal (another counter paid meanwhile)
  // keeps what was typed on each pledge still pending, against its new balance; a payment has already
  // cleared the rows it sent.
  useEffect(() => {
    setRows((current) => {
      const typed = new Map(current.map((r) => [r.pledge.pledge_id, r]));
      return (pending.data?.pledges ?? []).map((pledge) => {
        const row = typed.get(pledge.pledge_id);
        return row ? { ...row, pledge } : pledgePaymentRowOf(pledge);
      });
    });
  }, [pending.data]);

  useEffect(() => {
    if (pending.isError)
      showToast({ type: 'error', title: t('error'), message: t('pledgePaymentLoadPending') });
  }, [pending.isError, showToast, t]);
  useEffect(() => {
    if (detail.isError) showToast({ type: 'error', title: t('error'), message: t('loadCustomer') });
  }, [detail.isError, showToast, t]);

  const totals = useMemo(() => pledgePaymentTotals(rows), [rows]);
  // An admin ticks Approve Discount / Approve Penalty; anyone else has an admin type
  // their username and password once the receipt's discount or penalty passes the branch's threshold.
  const approval = useAdminApproval({ discountPaise: totals.discount, penaltyPaise: totals.penalty });
  // The net cash of the receipt (payment + penalty − discount) against the limit.
  const cashLimit = checkCashLimit({
    amountPaise: totals.net,
    method: details.method,
    settings: cashSettings.data,
    confirmed: details.cashLimitConfirmed,
    what: 'receipt',
  });
  const allSelected = rows.length > 0 && rows.every((r) => r.selected);
  const selectedOutstanding = rows
    .filter((r) => r.selected)
    .reduce((s, r) => s + totalOutstandingPaise(r.pledge), 0);

  const setDetail = (patch: Partial<Details>) => {
    setDetails((d) => ({ ...d, ...patch }));
    setTopErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) {
        const field = DETAIL_FIELDS[key as keyof Details];
        if (field) delete next[field];
        if (key === 'method') {
          delete next.bank_reference;
          delete next.cash_limit_confirmed;
        }
      }
      return next;
    });
  };

  const changeRows = (next: PledgePaymentRow[]) => {
    setRows(next);
    setRowErrors(new Map());
    setTopErrors((e) => {
      const { total_payment_amount: _a, approve_discount: _b, approve_penalty: _c, ...rest } = e;
      return rest;
    });
  };
  const changeRow = (pledgeId: number, change: (row: PledgePaymentRow) => PledgePaymentRow) => {
    setRows((all) => all.map((r) => (r.pledge.pledge_id === pledgeId ? change(r) : r)));
    clearRow(pledgeId);
  };

  const pickCustomer = (match: CustomerMatch | null) => {
    // The rows follow the pending pledges read for the customer (the effect above), never cleared here:
    // picking the same customer again keeps the same answer, and the rows must stay.
    setCustomer(match);
    clearAll();
    approval.reset();
    submission.reset();
  };

  const needsSelection = () => {
    if (rows.some((r) => r.selected)) return false;
    showToast({ type: 'warning', title: t('noPledgesSelected'), message: t('selectFirst') });
    return true;
  };

  const onAutoAllocate = (totalPaise: number) => {
    setAllocating(false);
    const { rows: next, unallocatedPaise } = autoAllocatePledgePayment(rows, totalPaise);
    changeRows(next);
    if (unallocatedPaise > 0) {
      showToast({
        type: 'info',
        title: t('autoAllocate'),
        message: t('notAllocated', { amount: formatRupees(unallocatedPaise) }),
      });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (!customer || totals.count === 0) {
      showToast({ type: 'error', title: t('error'), message: PAYMENT_MESSAGES.selectCustomerAndPledges });
      return;
    }
    if (pledgePaymentHasBadText(rows)) {
      showToast(VALIDATION_TOAST);
      return;
    }
    if (totals.payment <= 0) {
      showToast({ type: 'error', title: t('error'), message: PAYMENT_MESSAGES.enterPaymentAmounts });
      return;
    }
    if (cashLimit.verdict === 'confirm') {
      setTopErrors({ cash_limit_confirmed: cashLimit.message ?? '' });
      showToast(VALIDATION_TOAST);
      return;
    }
    const sent = pledgePaymentParts(rows);
    const paymentDetails: PaymentDetails = {
      customerId: customer.id,
      paymentMethod: details.method,
      paymentDate: details.date,
      bankReference: details.bankReference,
      receiptNo: details.receiptNo,
      generalRemarks: details.remarks,
      discountReason: details.discountReason,
      penaltyReason: details.penaltyReason,
      // A clerk has no ticks: the admin's password below is the approval (the server asks for it
      // above the threshold), and at or under it the amounts stand as the branch allows them.
      approveDiscount: approval.isAdmin ? details.approveDiscount : totals.discount > 0,
      approvePenalty: approval.isAdmin ? details.approvePenalty : totals.penalty > 0,
      cashLimitConfirmed: details.cashLimitConfirmed,
    };
    const sentIds = sent.map((s) => s.part.pledgeId);
    const showMessages = (messages: Parameters<typeof place>[0]) => place(messages, sentIds);
    const problems = checkPayment(
      paymentDetails,
      sent.map((s) => s.part),
      pending.data?.pledges ?? [],
    );
    const isApproverReady = approval.check();
    if (problems.length > 0 || !isApproverReady) {
      showMessages(problems);
      showToast(VALIDATION_TOAST);
      return;
    }
    const approver = approval.body();
    const body = {
      ...requestOf(
        paymentDetails,
        sent.map(({ row, part }) => ({
          part,
          discountReason: row.discountReason,
          penaltyReason: row.penaltyReason,
        })),
      ),
      ...(approver ? { approver } : {}),
    };
    // The same key while the same payment is sent again: a retry after a lost answer is not paid twice.
    submission.send(idempotencyBody(body), (idempotencyKey) => submit.mutateAsync({ body, idempotencyKey }), {
      onSuccess: (saved) => {
        approval.settle();
        clearAll();
        setDetails((d) => ({ ...freshDetails(), method: d.method, date: d.date }));
        setRows((all) => all.map((r) => selectPledgePaymentRow(r, false)));
        setResult(saved);
        showToast({
          type: 'success',
          title: t('success'),
          message: t('pledgePaymentSuccess', { receipt: saved.receipt_no }),
        });
      },
      onError: (error) => {
        // Another counter may have paid on these pledges: their balances show why.
        if (saysPledgeChanged(error)) void pending.refetch();
        // The password is gone after any answer; a refusal of the approver stands under its fields.
        const isApproverRefused = approval.settle(error);
        const fieldErrors = serverFieldErrors(error).filter((e) => !isApproverField(e.field));
        if (fieldErrors.length > 0 || isApproverRefused) {
          showMessages(fieldErrors);
          showToast(VALIDATION_TOAST);
        } else {
          showToast({
            type: 'error',
            title: t('error'),
            message: errorMessage(error, t('pledgePaymentFailed')),
            ...errorSentence(error, t('pledgePaymentFailed')),
          });
        }
      },
    });
  };

  const rowMessage = (pledgeId: number, ...fields: string[]) => {
    const m = rowErrors.get(pledgeId);
    if (!m) return undefined;
    for (const f of fields) if (m[f]) return m[f];
    return undefined;
  };

  return {
    customer,
    pickCustomer,
    detail,
    pending,
    pledges: pending.data?.pledges ?? [],
    rows,
    changeRows,
    changeRow,
    rowMessage,
    allSelected,
    needsSelection,
    totals,
    details,
    setDetail,
    topErrors,
    approval,
    cashLimit,
    isSubmitting: submit.isPending,
    onSubmit,
    allocating,
    setAllocating,
    selectedOutstanding,
    onAutoAllocate,
    result,
    closeResult: () => setResult(null),
    leaveGuard,
  };
}

export type MultiplePledgePayment = ReturnType<typeof useMultiplePledgePayment>;
