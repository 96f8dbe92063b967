import { businessToday, pledgePaymentSchema } from '@pledge-desk/domain';
import type { FormEvent } from 'react';
import { uiText } from '@/components/ui/i18n';
import { useToast } from '@/components/ui/toasts';
import { errorMessage, errorSentence } from '@/components/ui/use-crud-toasts';
import { idempotencyBody, isApproverField } from '@/features/payments/approval/use-admin-approval';
import { saysPledgeChanged } from '@/features/payments/pledge-changed';
import {
  useRefreshPaymentFigures,
  useSavePledgePayment,
} from '@/features/payments/single/api/single-payment-api';
import { singlePaymentText } from '@/features/payments/single/i18n';
import {
  emptyPaymentForm,
  paymentRequestOf,
  validatePaymentForm,
} from '@/features/payments/single/payment-form-model';
import type { PaymentFormModel } from '@/features/payments/single/use-payment-form-state';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';

/** Fields a 422 may name that the form shows a message under. */
const FORM_FIELDS = [
  'customer_id',
  'pledge_id',
  'payment_type',
  'payment_date',
  'amount',
  'interest_amount',
  'principal_amount',
  'penalty_amount',
  'discount_amount',
  'payment_method',
  'bank_reference',
  'remarks',
  'receipt_no',
  'cash_limit_confirmed',
] as const;

/**
 * The submit of the Single Pledge Payment screen: the domain's checks, the cash limit and the
 * approval first, then one idempotent request; the server's messages land under their fields.
 */
export function useSubmitPayment(state: PaymentFormModel) {
  const t = useT(singlePaymentText);
  const ui = useT(uiText);
  const { showToast } = useToast();
  const save = useSavePledgePayment();
  const refreshFigures = useRefreshPaymentFigures();
  const { form, pledgeId, serverBalance, approval, cashLimit, submission } = state;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || state.waitingForBalance) return;
    const found = validatePaymentForm({
      state: form,
      customerId: state.shownCustomer?.id ?? null,
      pledgeId,
      balance: serverBalance,
      pledgeDate: state.pledge.data?.pledge_date ?? null,
      today: state.today,
    });
    state.setUnplaced(null);
    if (cashLimit.verdict === 'block') found.payment_method ??= cashLimit.message ?? '';
    if (cashLimit.verdict === 'confirm') found.cash_limit_confirmed ??= cashLimit.message ?? '';
    const isApproverReady = approval.check();
    if (Object.keys(found).length > 0 || !isApproverReady || pledgeId === null || !serverBalance) {
      state.setErrors(found);
      showToast({
        type: 'error',
        title: t('validationTitle'),
        message: t('validation'),
      });
      return;
    }
    const approver = approval.body();
    const body = { ...paymentRequestOf(form, pledgeId, serverBalance), ...(approver ? { approver } : {}) };
    const parsed = pledgePaymentSchema.safeParse(body);
    if (!parsed.success) {
      const messages: Record<string, string> = {};
      for (const issue of parsed.error.issues) messages[String(issue.path[0] ?? '')] ??= issue.message;
      state.setErrors(messages);
      showToast({
        type: 'error',
        title: t('validationTitle'),
        message: t('validation'),
      });
      return;
    }
    // The same payment sent again (a retry after a lost answer) keeps its key; a changed one gets a new one.
    const isSent = submission.send(
      idempotencyBody(body),
      (idempotencyKey) => save.mutateAsync({ values: body, idempotencyKey }),
      {
        onSuccess: (payment) => {
          approval.settle();
          showToast({ type: 'success', title: t('success'), message: t('saved') });
          state.setForm(emptyPaymentForm(businessToday()));
          state.setErrors({});
          state.setSaved(payment);
        },
        onError: (error) => {
          // Another counter may have paid on this pledge: its balance and history show why.
          if (saysPledgeChanged(error)) void refreshFigures();
          // The password is gone after any answer; a refusal of the approver stands under its fields.
          const isApproverRefused = approval.settle(error);
          if (error instanceof ApiError && error.status === 422 && error.fieldErrors.length > 0) {
            const messages = error.fieldMessages();
            const placed: Record<string, string> = {};
            const rest: string[] = [];
            for (const [field, message] of Object.entries(messages)) {
              if (isApproverField(field)) continue;
              if ((FORM_FIELDS as readonly string[]).includes(field)) placed[field] = message;
              else rest.push(message);
            }
            state.setErrors(placed);
            state.setUnplaced(rest.length > 0 ? rest.join(' ') : null);
            showToast({
              type: 'error',
              title: t('validationTitle'),
              message: t('validation'),
            });
            return;
          }
          if (error instanceof ApiError && error.status === 409) {
            showToast({
              type: 'error',
              title: ui('error'),
              message: errorMessage(error, t('failed')),
              ...errorSentence(error, t('failed')),
            });
            return;
          }
          showToast({
            type: 'error',
            title: ui('error'),
            message: isApproverRefused ? errorMessage(error, t('failed')) : t('failed'),
          });
        },
      },
    );
    if (isSent) state.setErrors({});
  };

  return { onSubmit, isSaving: save.isPending };
}
