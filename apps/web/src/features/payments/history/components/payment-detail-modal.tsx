import { formatIndianDate, type PledgePaymentView, rupeesToPaise } from '@pledge-desk/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { formatInstantTime, formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { usePayment } from '../api/get-payment';
import { paymentDetailText } from '../i18n';
import { PaymentMethodBadge, PaymentTypeBadge, ReversedBadge } from './payment-badges';

function Field({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5 text-sm font-semibold break-words text-navy-700 dark:text-white">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-bold text-navy-700 dark:text-white">{title}</h3>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">{children}</dl>
    </section>
  );
}

/** The cash that changed hands: the amount, plus the penalty, less the discount (docs/domain-rules.md §4.1). */
function netReceived(p: PledgePaymentView): number {
  return (rupeesToPaise(p.amount) + rupeesToPaise(p.penalty_amount) - rupeesToPaise(p.discount_amount)) / 100;
}

function PaymentDetails({ payment }: { payment: PledgePaymentView }) {
  const t = useT(paymentDetailText);
  const discount = rupeesToPaise(payment.discount_amount);
  return (
    <div className="space-y-6">
      <Section title={t('paymentInformation')}>
        <Field label={t('receiptNo')}>
          <span className="font-mono">{payment.receipt_no}</span>
        </Field>
        <Field label={t('paymentDate')}>{formatIndianDate(payment.payment_date)}</Field>
        <Field label={t('paymentType')}>
          <span className="inline-flex flex-wrap gap-1.5">
            <PaymentTypeBadge type={payment.payment_type} />
            {payment.reversed ? <ReversedBadge /> : null}
          </span>
        </Field>
        <Field label={t('paymentMethod')}>
          <PaymentMethodBadge method={payment.payment_method} />
        </Field>
        <Field label={t('voucherNo')}>
          <span className="font-mono">{payment.voucher_number}</span>
        </Field>
        <Field label={t('receipt')}>
          {payment.receipt_kind === 'multiple' ? t('multipleReceipt') : t('singleReceipt')}
        </Field>
      </Section>
      <Section title={t('pledgeAndCustomer')}>
        <Field label={t('pledgeNo')}>
          <span className="font-mono">{payment.pledge_no}</span>
        </Field>
        <Field label={t('customerName')}>{payment.customer_name}</Field>
        {payment.closed_pledge ? <Field label={t('pledge')}>{t('closedByPayment')}</Field> : null}
      </Section>
      <Section title={t('amounts')}>
        <Field label={t('totalPaid')}>{formatRupeeAmount(payment.amount)}</Field>
        <Field label={t('interest')}>{formatRupeeAmount(payment.interest_amount)}</Field>
        <Field label={t('principal')}>{formatRupeeAmount(payment.principal_amount)}</Field>
        <Field label={t('penalty')}>{formatRupeeAmount(payment.penalty_amount)}</Field>
        <Field label={t('discount')}>
          {/* The spec shows the discount negative: it is taken off what the customer hands over. */}
          <span className={discount > 0 ? 'text-red-600 dark:text-red-400' : ''}>
            {formatRupeeAmount(discount > 0 ? -payment.discount_amount : 0)}
          </span>
        </Field>
        <Field label={t('netReceived')}>{formatRupeeAmount(netReceived(payment))}</Field>
        <Field label={t('remainingBalance')}>{formatRupeeAmount(payment.balance_amount)}</Field>
      </Section>
      <Section title={t('additionalInformation')}>
        <Field label={t('createdAt')}>{formatInstantTime(payment.created_at)}</Field>
        <Field label={t('createdBy')}>{payment.created_by_username ?? '—'}</Field>
        <Field label={t('bankReference')}>
          {payment.bank_reference?.trim() ? payment.bank_reference : t('notApplicable')}
        </Field>
        <Field label={t('remarks')} className="col-span-2 sm:col-span-3">
          {payment.remarks?.trim() ? payment.remarks : '—'}
        </Field>
        {payment.penalty_reason ? (
          <Field label={t('penaltyReason')} className="col-span-2 sm:col-span-3">
            {payment.penalty_reason}
          </Field>
        ) : null}
        {payment.discount_reason ? (
          <Field label={t('discountReason')} className="col-span-2 sm:col-span-3">
            {payment.discount_reason}
          </Field>
        ) : null}
      </Section>
      {payment.reversed ? (
        <section
          aria-label={t('reversal')}
          className="space-y-3 rounded-xl border border-red-200 bg-red-50/60 p-4 dark:border-red-900 dark:bg-red-950/30"
        >
          <h3 className="text-sm font-bold text-red-700 dark:text-red-300">{t('reversed')}</h3>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
            <Field label={t('reversedAt')}>{formatInstantTime(payment.reversed_at)}</Field>
            <Field label={t('reversedBy')}>{payment.reversed_by_username ?? '—'}</Field>
            <Field label={t('reversalVoucher')}>
              <span className="font-mono">{payment.reversal_voucher_number ?? '—'}</span>
            </Field>
            <Field label={t('reason')} className="col-span-2 sm:col-span-3">
              {payment.reversal_reason ?? '—'}
            </Field>
          </dl>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The View modal of the Payment History (spec §2.8): every field of the payment, its reversal when it
 * was reversed, and Print Receipt. While the detail loads, or when it fails, the list's row is shown
 * (spec §7: "on failure the list row is shown instead").
 */
export function PaymentDetailModal({
  paymentId,
  row,
  onClose,
}: {
  paymentId: number;
  /** The list's row of this payment, when the page shown has it. */
  row: PledgePaymentView | undefined;
  onClose: () => void;
}) {
  const t = useT(paymentDetailText);
  const detail = usePayment(paymentId);
  const payment = detail.data ?? row;
  const title = payment ? t('paymentTitle', { receipt: payment.receipt_no }) : t('paymentDetails');
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          {payment ? (
            <Link
              to={`/pledge/receipt/${payment.receipt_id}`}
              className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {t('printReceipt')}
            </Link>
          ) : null}
        </>
      }
    >
      {payment ? (
        <>
          {detail.isError ? (
            <p role="status" className="mb-4 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-800">
              {t('detailsErrorShowingRow')}
            </p>
          ) : null}
          <PaymentDetails payment={payment} />
        </>
      ) : detail.isError ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {t('detailsError')}
        </p>
      ) : (
        <Spinner label={t('loading')} className="py-10" />
      )}
    </Modal>
  );
}
