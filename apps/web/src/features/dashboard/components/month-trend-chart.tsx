import { type Dashboard, paiseToRupees, rupeesToPaise } from '@pledge-desk/domain';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Icon } from '@/components/ui/icons';
import { formatCompactRupees, formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { dashboardText } from '../i18n';
import { useChartColors } from './chart-colors';
import { tooltipAmount, tooltipDate } from './chart-format';
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
      <div className="mt-4 h-64" role="img" aria-label={t('trendChart')}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data.daily} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={(d: string) => String(Number(d.slice(8, 10)))}
              tick={{ fill: colors.axis, fontSize: 12 }}
              axisLine={false}
              tickLine={false}
            />
            <YAxis
              tickFormatter={(rupees: number) => formatCompactRupees(rupees, t.language)}
              tick={{ fill: colors.axis, fontSize: 12 }}
              axisLine={false}
              tickLine={false}
              // Tamil writes the unit in full ("2.9 லட்சம்"): room for it on one line.
              width={t.language === 'ta' ? 104 : 48}
            />
            <Tooltip
              contentStyle={{
                background: colors.tooltipBackground,
                borderColor: colors.tooltipBorder,
                borderRadius: 12,
                color: colors.tooltipText,
              }}
              // Each line's own colour is too light to read as text on the tooltip (axe, in a walk
              // of the screens at 768 px): the names and amounts take the tooltip's text colour.
              itemStyle={{ color: colors.tooltipText }}
              labelFormatter={tooltipDate}
              formatter={tooltipAmount}
            />
            <Legend wrapperStyle={{ fontSize: 12, color: colors.axis }} />
            <Line
              type="monotone"
              dataKey="disbursed"
              name={t('disbursed')}
              stroke={colors.primary}
              strokeWidth={3}
              dot={false}
            />
            <Line
              type="monotone"
              dataKey="collected"
              name={t('collected')}
              stroke={colors.secondary}
              strokeWidth={3}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
