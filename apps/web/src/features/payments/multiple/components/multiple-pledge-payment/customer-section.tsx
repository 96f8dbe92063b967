import { formatRupees } from '@pledge-desk/domain';
import { CustomerCard } from '@/features/payments/multiple/components/customer-card';
import { card, rupees } from '@/features/payments/multiple/components/styles';
import { multiplePaymentText } from '@/features/payments/multiple/i18n';
import { useT } from '@/lib/i18n/language';
import { CustomerPicker } from '@/shared/pickers/customer-picker';
import type { MultiplePledgePayment } from './use-multiple-pledge-payment';

/** The customer picked, their card, and the tiles of their pledges: count, outstanding, selected. */
export function CustomerSection({ form }: { form: MultiplePledgePayment }) {
  const t = useT(multiplePaymentText);
  const { customer, detail, pending, totals } = form;
  return (
    <section className={card} aria-label={t('customerRegion')}>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-3">
          <CustomerPicker label={t('searchCustomer')} value={customer} onChange={form.pickCustomer} />
          {detail.data ? <CustomerCard customer={detail.data} /> : null}
        </div>
        {customer ? (
          <dl className="grid grid-cols-3 gap-3 self-start" data-testid="customer-summary">
            <SummaryTile label={t('totalPledges')} value={String(pending.data?.total_pledges ?? 0)} />
            <SummaryTile label={t('totalOutstanding')} value={rupees(pending.data?.total_outstanding ?? 0)} />
            <SummaryTile
              label={t('selectedAmount')}
              value={totals.inError > 0 ? '—' : formatRupees(totals.payment)}
            />
          </dl>
        ) : null}
      </div>
    </section>
  );
}

function SummaryTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-navy-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold text-navy-700 tabular-nums dark:text-white">{value}</dd>
    </div>
  );
}
