import type { Dashboard } from '@pledge-desk/domain';
import { Chart } from '@/components/charts/chart';
import { useT } from '@/lib/i18n/language';
import { dashboardText } from '../i18n';
import { useChartColors } from './chart-colors';
import { rupeeAxis, tooltipAmount, tooltipDate, weekdayOf } from './chart-format';

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
      <Chart
        kind="stacked-bars"
        className="mt-4 h-64"
        data={weekly}
        series={[
          { key: 'interest', name: t('interest'), color: colors.primary },
          { key: 'charges', name: t('charges'), color: colors.secondary },
        ]}
        label={t('weeklyChart')}
        dayLabel={(date) => weekdayOf(date, t('weekdays'))}
        formatDate={tooltipDate}
        formatValue={tooltipAmount}
        left={rupeeAxis(t.language)}
        theme={colors}
      />
    </section>
  );
}
