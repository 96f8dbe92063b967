import { formatRupees } from '@pledge-desk/domain';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Icon } from '../../../components/ui/icons';
import { monthlyTrend, monthSummary } from '../sample-data';
import { useChartColors } from './chart-colors';

export function MonthTrendChart() {
  const colors = useChartColors();
  return (
    <section
      aria-labelledby="month-trend-title"
      className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="month-trend-title" className="text-sm font-medium text-slate-500 dark:text-slate-400">
            This month
          </h2>
          <p className="text-3xl font-bold text-navy-700 dark:text-white">
            {formatRupees(monthSummary.totalPaise)}
          </p>
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
            Total lent
            <span className="ml-2 inline-flex items-center gap-1 font-bold text-emerald-600 dark:text-emerald-400">
              <Icon name="trendUp" className="size-4" />
              {monthSummary.growth}
            </span>
          </p>
        </div>
        <p className="flex items-center gap-1.5 text-sm font-semibold text-emerald-600 dark:text-emerald-400">
          <Icon name="check" className="size-4" />
          On track
        </p>
      </div>
      <div
        className="mt-4 h-64"
        role="img"
        aria-label="Line chart of loans disbursed and collections, January to July"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={monthlyTrend} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="month"
              tick={{ fill: colors.axis, fontSize: 12 }}
              axisLine={false}
              tickLine={false}
            />
            <YAxis
              tick={{ fill: colors.axis, fontSize: 12 }}
              axisLine={false}
              tickLine={false}
              width={40}
              unit="k"
            />
            <Tooltip
              contentStyle={{
                background: colors.tooltipBackground,
                borderColor: colors.tooltipBorder,
                borderRadius: 12,
                color: colors.tooltipText,
              }}
              formatter={(value, name) => [`Rs. ${String(value)}k`, name]}
            />
            <Legend wrapperStyle={{ fontSize: 12, color: colors.axis }} />
            <Line
              type="monotone"
              dataKey="disbursed"
              name="Disbursed"
              stroke={colors.primary}
              strokeWidth={3}
              dot={false}
            />
            <Line
              type="monotone"
              dataKey="collected"
              name="Collected"
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
