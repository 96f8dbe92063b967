import { formatRupees } from '@pledge-desk/domain';
import { Button } from '@/components/ui/button';
import { card } from '@/features/payments/multiple/components/styles';
import { multiplePaymentText } from '@/features/payments/multiple/i18n';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { PLACED_TOP_FIELDS } from './payment-details';
import type { MultiplePledgePayment } from './use-multiple-pledge-payment';

/** The receipt's totals, the messages no field shows, and the submit button with the amount to collect. */
export function PaymentSummarySection({ form }: { form: MultiplePledgePayment }) {
  const t = useT(multiplePaymentText);
  const messageText = useMessageText();
  const { totals, topErrors, cashLimit } = form;
  return (
    <section className={`${card} flex flex-col gap-4`} aria-label={t('paymentSummaryRegion')}>
      <h2 className="text-lg font-semibold text-navy-700 dark:text-white">{t('paymentSummary')}</h2>
      <dl className="space-y-2 text-sm text-navy-700 dark:text-white" data-testid="payment-summary">
        <SummaryLine label={t('selectedPledges')} value={String(totals.count)} />
        <SummaryLine label={t('totalInterest')} value={formatRupees(totals.interest)} />
        <SummaryLine label={t('totalPrincipal')} value={formatRupees(totals.principal)} />
        <SummaryLine
          label={t('totalDiscount')}
          value={`-${formatRupees(totals.discount)}`}
          className="text-emerald-700 dark:text-emerald-300"
        />
        <SummaryLine
          label={t('totalPenalty')}
          value={`+${formatRupees(totals.penalty)}`}
          className="text-red-700 dark:text-red-300"
        />
        <SummaryLine
          label={t('totalPayment')}
          value={totals.inError > 0 ? '—' : formatRupees(totals.net)}
          strong
          className="border-t border-slate-200 pt-2 dark:border-navy-600"
        />
      </dl>
      {Object.entries(topErrors)
        .filter(([f]) => !PLACED_TOP_FIELDS.includes(f))
        .map(([f, message]) => (
          <p key={f} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {messageText(message)}
          </p>
        ))}
      <Button
        type="submit"
        className="mt-auto w-full"
        disabled={form.isSubmitting || cashLimit.verdict === 'block'}
      >
        {form.isSubmitting
          ? t('processing')
          : totals.inError > 0
            ? t('submitPaymentNoAmount')
            : t('submitPayment', { amount: formatRupees(totals.net) })}
      </Button>
    </section>
  );
}

function SummaryLine({
  label,
  value,
  strong = false,
  className = '',
}: {
  label: string;
  value: string;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'text-base font-bold' : ''} ${className}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
