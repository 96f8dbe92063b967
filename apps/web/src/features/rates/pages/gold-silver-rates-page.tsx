import { businessToday, formatIndianDate, formatRupees } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/language';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useRates } from '../api/get-rates';
import { RateHistoryChart } from '../components/rate-history-chart';
import { dailyRatesText } from '../i18n';
import { type RateChange, type RatesSummary, summariseRates } from '../rate-math';

const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';

function ChangeLine({ change }: { change: RateChange }) {
  const t = useT(dailyRatesText);
  if (change.deltaPaise === null || change.percent === null) {
    return <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('noEarlier')}</p>;
  }
  const up = change.deltaPaise > 0;
  const flat = change.deltaPaise === 0;
  const tone = flat
    ? 'text-slate-500 dark:text-slate-400'
    : up
      ? 'text-emerald-600 dark:text-emerald-400'
      : 'text-red-600 dark:text-red-400';
  const sign = up ? '+' : flat ? '' : '-';
  return (
    <p className={`mt-2 text-sm font-semibold ${tone}`}>
      {flat
        ? t('noChange')
        : `${sign}${formatRupees(Math.abs(change.deltaPaise))} (${sign}${Math.abs(change.percent).toFixed(2)}%)`}
      <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">{t('sincePrevious')}</span>
    </p>
  );
}

function RateCard({
  title,
  paise,
  unit,
  change,
  accent,
}: {
  title: string;
  paise: number;
  unit: string;
  change: RateChange;
  accent: string;
}) {
  return (
    <section aria-label={title} className={card}>
      <div className="flex items-center gap-3">
        <span className={`grid size-11 place-items-center rounded-full ${accent}`}>
          <Icon name="coins" className="size-5" />
        </span>
        <h2 className="text-sm font-medium text-slate-500 dark:text-slate-400">{title}</h2>
      </div>
      <p className="mt-3 text-3xl font-bold text-navy-700 dark:text-white">
        {formatRupees(paise)}
        <span className="ml-1 text-base font-medium text-slate-500 dark:text-slate-400">{unit}</span>
      </p>
      <ChangeLine change={change} />
    </section>
  );
}

function RatesTable({ summary }: { summary: RatesSummary }) {
  const t = useT(dailyRatesText);
  return (
    <section aria-labelledby="rates-table-title" className={card}>
      <h2 id="rates-table-title" className="text-lg font-bold text-navy-700 dark:text-white">
        {t('detailedRates')}
      </h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('derived')}</p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm" aria-labelledby="rates-table-title">
          <thead>
            <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase dark:border-navy-600 dark:text-slate-400">
              <th scope="col" className="py-2 pr-4 text-left font-semibold">
                {t('metal')}
              </th>
              <th scope="col" className="py-2 pr-4 text-left font-semibold">
                {t('purity')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-semibold">
                {t('perGram')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-semibold">
                {t('per10Grams')}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t('perKg')}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.rows.map((row) => (
              <tr
                key={`${row.metal} ${row.purity}`}
                className="border-b border-slate-100 last:border-0 dark:border-navy-700"
              >
                <th scope="row" className="py-3 pr-4 text-left font-semibold text-navy-700 dark:text-white">
                  {row.metal === 'Silver' ? t('silver') : t('gold')}
                </th>
                <td className="py-3 pr-4 text-slate-600 dark:text-slate-300">
                  {row.purity === '999 fine' ? t('fine999') : row.purity}
                </td>
                <td className="py-3 pr-4 text-right text-navy-700 dark:text-white">
                  {formatRupees(row.perGramPaise)}
                </td>
                <td className="py-3 pr-4 text-right text-navy-700 dark:text-white">
                  {formatRupees(row.per10GramsPaise)}
                </td>
                <td className="py-3 text-right text-navy-700 dark:text-white">
                  {row.perKgPaise === null ? '—' : formatRupees(row.perKgPaise)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Gold & Silver Daily Rates (/gold-silver-rates): built from the stored rates (the spec's screen
 * simulated them), so the counter sees the same rate the pledge screens value with.
 */
export function GoldSilverRatesPage() {
  const t = useT(dailyRatesText);
  const { user } = useSession();
  // The cards compare with the previous stored day; the chart shows the last 7 of them.
  const rates = useRates(7);

  if (rates.isPending) return <Spinner className="min-h-[40vh]" label={t('loading')} />;

  if (rates.isError) {
    return (
      <div
        role="alert"
        className="rounded-2xl bg-red-50 p-5 text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        <p className="font-bold">{t('error')}</p>
        <p className="mt-1 text-sm">{t('fetchFailed')}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void rates.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }

  const summary = summariseRates(rates.data);
  if (!summary) {
    return (
      <div className={card}>
        <EmptyState
          icon="coins"
          title={t('noRates')}
          description={isAdmin(user) ? t('noRatesAdmin') : t('noRatesUser')}
        >
          {isAdmin(user) ? (
            <Link
              to="/admin/gold-silver-rates"
              className="rounded-xl bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {t('goToRateManagement')}
            </Link>
          ) : null}
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {t.rich(summary.previous ? 'ratesOfCompared' : 'ratesOf', {
          date: formatIndianDate(summary.latest.date),
          previous: summary.previous ? formatIndianDate(summary.previous.date) : '',
          b: (chunks) => <span className="font-semibold text-navy-700 dark:text-white">{chunks}</span>,
        })}
        {summary.latest.date === businessToday() ? null : (
          <span className="font-semibold text-amber-700 dark:text-amber-300"> {t('noRateToday')}</span>
        )}
      </p>
      <div className="grid gap-5 md:grid-cols-2">
        <RateCard
          title={t('gold24k')}
          paise={summary.gold24kPaise}
          unit={t('perGramUnit')}
          change={summary.goldChange}
          accent="bg-amber-50 text-amber-600 dark:bg-amber-900/40 dark:text-amber-300"
        />
        <RateCard
          title={t('silver')}
          paise={summary.silverPaise}
          unit={t('perGramUnit')}
          change={summary.silverChange}
          accent="bg-slate-100 text-slate-600 dark:bg-navy-700 dark:text-slate-200"
        />
      </div>
      <section aria-labelledby="rate-history-title" className={card}>
        <h2 id="rate-history-title" className="text-lg font-bold text-navy-700 dark:text-white">
          {t('priceHistory')}
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t('lastDays', { count: summary.history.length })}
        </p>
        <RateHistoryChart
          data={summary.history}
          label={t('chartLabel', {
            from: formatIndianDate(summary.history[0]!.date),
            to: formatIndianDate(summary.latest.date),
          })}
        />
      </section>
      <RatesTable summary={summary} />
    </div>
  );
}
