import type { Dashboard } from '@pledge-desk/domain';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactRupees } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { dashboardText } from '../i18n';
import { useChartColors } from './chart-colors';
import { tooltipAmount, tooltipDate, weekdayOf } from './chart-format';

/** The last 7 days: interest income, and document charges with penalty. */
export function WeeklyRevenueChart({ weekly }: { weekly: Dashboard['weekly'] }) {
  const t = useT(dashboardText);
  const colors = useChartColors();
  return (
    <section
      aria-labelledby="weekly-revenue-title"
      className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800"
    >
      <h2 id="weekly-revenue-title" className="text-lg font-bold text-navy-700 dark:text-white">
        {t('weeklyRevenue')}
      </h2>
      <div className="mt-4 h-64" role="img" aria-label={t('weeklyChart')}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={weekly} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={(date: string) => weekdayOf(date, t('weekdays'))}
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
              cursor={{ fill: colors.grid, opacity: 0.4 }}
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
            <Bar
              dataKey="interest"
              name={t('interest')}
              stackId="revenue"
              fill={colors.primary}
              barSize={18}
            />
            <Bar
              dataKey="charges"
              name={t('charges')}
              stackId="revenue"
              fill={colors.secondary}
              radius={[6, 6, 0, 0]}
              barSize={18}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
