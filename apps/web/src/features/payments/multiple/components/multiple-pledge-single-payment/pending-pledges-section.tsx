import { Spinner } from '@/components/ui/spinner';
import { card } from '@/features/payments/multiple/components/styles';
import { multiplePaymentText } from '@/features/payments/multiple/i18n';
import { useT } from '@/lib/i18n/language';
import { PledgeCard } from './pledge-card';
import type { MultiplePledgeSinglePayment } from './use-multiple-pledge-single-payment';

/** The customer's pending pledges, one card each, where the clerk selects and allocates. */
export function PendingPledgesSection({ form }: { form: MultiplePledgeSinglePayment }) {
  const t = useT(multiplePaymentText);
  const { pending, pledges, rows } = form;
  return (
    <section className={card} aria-label={t('pendingPledgesRegion')}>
      <h2 className="mb-3 text-lg font-semibold text-navy-700 dark:text-white">{t('pendingPledges')}</h2>
      {pending.isPending ? (
        <Spinner label={t('loadingPending')} />
      ) : pending.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('singlePaymentLoadPending')}
        </p>
      ) : pledges.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">{t('noPending')}</p>
      ) : (
        <ul className="space-y-3">
          {rows.map((row) => (
            <PledgeCard
              key={row.pledge.pledge_id}
              row={row}
              serverError={form.rowErrors.get(row.pledge.pledge_id)}
              onChange={(patch) => form.changeRow(row.pledge.pledge_id, patch)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
