import { type Dashboard, paiseToRupees, rupeesToPaise } from '@pledge-desk/domain';
import { Chart } from '@/components/charts/chart';
import { Icon } from '@/components/ui/icons';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { dashboardText } from '../i18n';
import { useChartColors } from './chart-colors';
import { rupeeAxis, tooltipAmount, tooltipDate } from './chart-format';
import { formatGrowth } from './stat-card';

/** This month, day by day: loans paid out and receipts collected, with the month's totals. */
export function MonthTrendChart({ data }: { data: Dashboard }) {
  const colors = useChartColors();
  // Summed in paise: rupees added as numbers drift (0.1 + 0.2), and a total with a third decimal
  // cannot be shown as money (formatRupeeAmount refuses it).
  const collected = paiseToRupees(data.daily.reduce((sum, d) => sum + rupeesToPaise(d.collected), 0));
  const growth = data.sales.growth_percent;
  const t = useT(dashboardText);
  return (
    <section
      aria-labelledby="month-trend-title"
      className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="month-trend-title" className="text-sm font-medium text-slate-500 dark:text-slate-400">
            {t('thisMonth')}
          </h2>
          <p className="text-3xl font-bold text-navy-700 dark:text-white">
            {formatRupeeAmount(data.spend_this_month)}
          </p>
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
            {t('totalLent')}
            {growth !== null ? (
              <span
                className={`ml-2 inline-flex items-center gap-1 font-bold ${growth < 0 ? 'text-red-600 dark:text-red-400' : 'text-emerald-600 dark:text-emerald-400'}`}
                title={t('growthTitle')}
              >
                <Icon name="trendUp" className="size-4" />
                {formatGrowth(growth)}
              </span>
            ) : null}
          </p>
        </div>
        <p className="text-right text-sm text-slate-500 dark:text-slate-400">
          {t('collected')}
          <span className="block font-semibold text-emerald-600 dark:text-emerald-400">
            {formatRupeeAmount(collected)}
          </span>
        </p>
      </div>
      <Chart
        kind="line"
        className="mt-4 h-64"
        data={data.daily}
        series={[
          { key: 'disbursed', name: t('disbursed'), color: colors.primary },
          { key: 'collected', name: t('collected'), color: colors.secondary },
        ]}
        label={t('trendChart')}
        dayLabel={(date) => String(Number(date.slice(8, 10)))}
        formatDate={tooltipDate}
        formatValue={tooltipAmount}
        left={rupeeAxis(t.language)}
        theme={colors}
      />
    </section>
  );
}
