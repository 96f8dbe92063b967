import {
  formatIndianDate,
  PAYMENT_REVERSAL_MESSAGES,
  type PledgePaymentView,
  paymentReversalSchema,
  type ReceiptView,
} from '@pledge-desk/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { ApiError } from '@/lib/api-client';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useReversePayment } from '../api/reverse-payment';
import { paymentDetailText } from '../i18n';

const REASON_MAX_LENGTH = 500;

/**
 * Reverse (admin only; it replaces the spec's Edit placeholder): a required reason, then a second
 * step that says what will happen, then POST /pledge-payments/{id}/reverse. A refusal (409: already
 * reversed, or not the pledge's latest payment) is shown here with the server's sentence.
 */
export function ReversePaymentDialog({
  payment,
  onClose,
  onReversed,
}: {
  payment: PledgePaymentView;
  onClose: () => void;
  onReversed: (receipt: ReceiptView) => void;
}) {
  const t = useT(paymentDetailText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const reasonId = useId();
  const reasonErrorId = `${reasonId}-error`;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [step, setStep] = useState<'reason' | 'confirm'>('reason');
  const reverse = useReversePayment();
  const submission = useIdempotentSubmit();
  // The step's buttons replace each other: the focus moves with them, not to the page behind.
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  const confirmText = useRef<HTMLDivElement>(null);
  const isFirstStep = useRef(true);
  useEffect(() => {
    if (isFirstStep.current) {
      isFirstStep.current = false;
      return;
    }
    if (step === 'confirm') confirmText.current?.focus();
    else reasonBox.current?.focus();
  }, [step]);

  const toConfirm = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentReversalSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? PAYMENT_REVERSAL_MESSAGES.reason);
      return;
    }
    setReasonError(null);
    reverse.reset();
    setStep('confirm');
  };

  const confirm = () => {
    if (reverse.isPending) return;
    const body = { paymentId: payment.payment_id, reason: reason.trim() };
    submission.send(body, (idempotencyKey) => reverse.mutateAsync({ ...body, idempotencyKey }), {
      onSuccess: (receipt) => onReversed(receipt),
      onError: (error) => {
        // A reason the server refuses goes back under its field.
        const message = error instanceof ApiError ? error.fieldMessages().reason : undefined;
        if (message) {
          setReasonError(message);
          setStep('reason');
        }
      },
    });
  };

  const serverError =
    reverse.isError && !(reverse.error instanceof ApiError && reverse.error.fieldMessages().reason)
      ? errorMessage(reverse.error, t('reverseFailed'))
      : null;
  const isMultiple = payment.receipt_kind === 'multiple';

  const summary = (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm dark:bg-navy-900">
      <dt className="text-slate-500 dark:text-slate-400">{t('receiptNo')}</dt>
      <dd className="font-mono font-semibold text-navy-700 dark:text-white">{payment.receipt_no}</dd>
      <dt className="text-slate-500 dark:text-slate-400">{t('pledgeNo')}</dt>
      <dd className="font-mono font-semibold text-navy-700 dark:text-white">{payment.pledge_no}</dd>
      <dt className="text-slate-500 dark:text-slate-400">{t('customer')}</dt>
      <dd className="font-semibold text-navy-700 dark:text-white">{payment.customer_name}</dd>
      <dt className="text-slate-500 dark:text-slate-400">{t('paymentDate')}</dt>
      <dd className="font-semibold text-navy-700 dark:text-white">
        {formatIndianDate(payment.payment_date)}
      </dd>
      <dt className="text-slate-500 dark:text-slate-400">{t('amount')}</dt>
      <dd className="font-semibold text-navy-700 tabular-nums dark:text-white">
        {formatRupeeAmount(payment.amount)}
      </dd>
    </dl>
  );

  return (
    <Modal
      open
      title={t('reversePayment')}
      onClose={onClose}
      footer={
        step === 'reason' ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {ui('cancel')}
            </Button>
            <Button variant="danger" type="submit" form={`${reasonId}-form`}>
              {t('reversePayment')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setStep('reason')} disabled={reverse.isPending}>
              {t('back')}
            </Button>
            <Button variant="danger" onClick={confirm} disabled={reverse.isPending}>
              {reverse.isPending ? t('reversing') : t('yesReverse')}
            </Button>
          </>
        )
      }
    >
      <div className="space-y-4">
        {summary}
        {isMultiple ? (
          <p className="rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-800">{t('multipleNote')}</p>
        ) : null}
        {step === 'reason' ? (
          <form id={`${reasonId}-form`} onSubmit={toConfirm} noValidate>
            <label
              htmlFor={reasonId}
              className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
            >
              {t('reasonForReversal')}
            </label>
            <textarea
              ref={reasonBox}
              id={reasonId}
              value={reason}
              maxLength={REASON_MAX_LENGTH}
              rows={3}
              required
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? reasonErrorId : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                if (reasonError) setReasonError(null);
              }}
              className={`block w-full rounded-xl border bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:bg-navy-900 dark:text-white ${
                reasonError ? 'border-red-500' : 'border-slate-300 dark:border-navy-600'
              }`}
            />
            {reasonError ? (
              <p id={reasonErrorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
                {messageText(reasonError)}
              </p>
            ) : null}
          </form>
        ) : (
          <div ref={confirmText} tabIndex={-1} className="space-y-3 outline-none">
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {t('confirmText', { receipt: payment.receipt_no })}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <span className="font-semibold">{t('reasonPrefix')}</span>
              {reason.trim()}
            </p>
            <FormError message={serverError === null ? null : messageText(serverError)} />
          </div>
        )}
      </div>
    </Modal>
  );
}
