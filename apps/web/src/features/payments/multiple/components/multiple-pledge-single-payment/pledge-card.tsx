import { formatIndianDate, formatRupees } from '@pledge-desk/domain';
import { Button } from '@/components/ui/button';
import { MoneyInput } from '@/components/ui/money-input';
import { inputClass, rupees } from '@/features/payments/multiple/components/styles';
import { type MultiplePaymentKey, multiplePaymentText } from '@/features/payments/multiple/i18n';
import {
  paiseText,
  type QuickAmount,
  quickAmountPaise,
  type SinglePaymentRow,
  singlePaymentAllocatedPaise,
  singlePaymentAllocationError,
  singlePaymentType,
  totalOutstandingPaise,
} from '@/features/payments/multiple/payment-rows';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';

const TYPE_LABELS = {
  interest: 'typeInterest',
  partial_principal: 'typePartialPrincipal',
  full_payment: 'typeFullClose',
} as const satisfies Record<string, MultiplePaymentKey>;

/** One pending pledge: its balances, and once selected the amount allocated to it and its quick amounts. */
export function PledgeCard({
  row,
  serverError,
  onChange,
}: {
  row: SinglePaymentRow;
  serverError: Record<string, string> | undefined;
  onChange: (patch: Partial<SinglePaymentRow>) => void;
}) {
  const t = useT(multiplePaymentText);
  const messageText = useMessageText();
  const p = row.pledge;
  const no = p.pledge_no;
  const total = totalOutstandingPaise(p);
  const setQuick = (quick: QuickAmount) => onChange({ allocatedText: paiseText(quickAmountPaise(p, quick)) });
  const error =
    singlePaymentAllocationError(row) ??
    (serverError ? (serverError.payment_amount ?? Object.values(serverError)[0]) : undefined);
  const type = singlePaymentType(row);
  return (
    <li
      className={`rounded-xl border p-4 ${row.selected ? 'border-brand-300 bg-brand-50/40 dark:border-brand-500/50 dark:bg-navy-900/60' : 'border-slate-200 dark:border-navy-600'}`}
      data-testid={`pledge-${no}`}
    >
      <label className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm text-navy-700 dark:text-white">
        <input
          type="checkbox"
          className="size-4 accent-brand-500"
          checked={row.selected}
          aria-label={t('selectPledge', { number: no })}
          onChange={(e) => onChange({ selected: e.target.checked, allocatedText: '' })}
        />
        <span className="font-semibold">{no}</span>
        <span>{formatIndianDate(p.pledge_date)}</span>
        <span>
          {t('principal')} <span className="tabular-nums">{rupees(p.pledge_amount)}</span>
        </span>
        <span className="ml-auto">
          {t('totalOutstandingOfPledge')} <strong className="tabular-nums">{formatRupees(total)}</strong>
        </span>
      </label>
      {row.selected ? (
        <div className="mt-3 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <dl className="grid grid-cols-2 gap-2 text-sm text-navy-700 dark:text-white">
            <Fact label={t('remainingPrincipal')} value={rupees(p.remaining_principal)} />
            <Fact label={t('remainingInterest')} value={rupees(p.remaining_interest)} />
            <Fact label={t('daysElapsed')} value={String(p.days_elapsed)} />
            <Fact label={t('minimumRequired')} value={rupees(p.remaining_interest)} />
          </dl>
          <div className="space-y-2">
            <label
              htmlFor={`allocated-${p.pledge_id}`}
              className="block text-sm font-medium text-navy-700 dark:text-white"
            >
              {t('allocatedAmount', { number: no })}
            </label>
            <MoneyInput
              id={`allocated-${p.pledge_id}`}
              className={inputClass}
              value={row.allocatedText}
              placeholder={t('allocatedPlaceholder', { max: paiseText(total) })}
              error={error ? messageText(error) : error}
              onChange={(e) => onChange({ allocatedText: e.target.value })}
            />
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="secondary" className="px-3! py-1.5!" onClick={() => setQuick('interest')}>
                {t('interestOnly')}
              </Button>
              <Button variant="secondary" className="px-3! py-1.5!" onClick={() => setQuick('half')}>
                50%
              </Button>
              <Button variant="secondary" className="px-3! py-1.5!" onClick={() => setQuick('full')}>
                {t('full')}
              </Button>
              {singlePaymentAllocatedPaise(row) > 0 && !error ? (
                <span
                  className="ml-auto text-xs text-slate-500 dark:text-slate-400"
                  data-testid={`type-${no}`}
                >
                  {t(TYPE_LABELS[type])}
                </span>
              ) : null}
            </div>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-navy-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
