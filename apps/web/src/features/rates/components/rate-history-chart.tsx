import { formatIndianDate } from '@pledge-desk/domain';
import { Chart } from '@/components/charts/chart';
import { useChartTheme } from '@/components/charts/chart-theme';
import { useT } from '@/lib/i18n/language';
import { useTheme } from '@/lib/theme';
import { dailyRatesText } from '../i18n';
import { formatRupeeAmount } from '../rate-math';

/** Gold and silver in the theme's shades, on the charts' shared axis, grid and tooltip colours. */
function useColors() {
  const isDark = useTheme().theme === 'dark';
  return {
    ...useChartTheme(),
    gold: isDark ? '#e6b84f' : '#c28a12',
    silver: isDark ? '#9ea2ff' : '#4f3df5',
  };
}

const shortDate = (date: string) => formatIndianDate(date).slice(0, 5);

/**
 * Gold and silver per gram over the last stored days. Gold (~Rs. 7,500) and silver (~Rs. 95) differ
 * by two orders of magnitude, so each has its own axis, drawn around its own prices rather than from
 * zero; on one axis silver would be a flat line.
 */
export function RateHistoryChart({
  data,
  label,
}: {
  data: { date: string; gold: number; silver: number }[];
  label: string;
}) {
  const colors = useColors();
  const t = useT(dailyRatesText);
  return (
    <Chart
      kind="line"
      className="mt-4 h-72"
      data={data}
      series={[
        { key: 'gold', name: t('gold24kPerGram'), color: colors.gold },
        { key: 'silver', name: t('silverPerGram'), color: colors.silver, axis: 'right' },
      ]}
      label={label}
      dayLabel={shortDate}
      formatDate={formatIndianDate}
      formatValue={formatRupeeAmount}
      // Each axis in its line's colour, so the two scales are not read against the wrong line.
      left={{ width: 56, color: colors.gold, includeZero: false, minStep: 0.01 }}
      right={{ width: 44, color: colors.silver, includeZero: false, minStep: 0.01 }}
      margin={{ top: 8, right: 8, left: 8 }}
      dots
      theme={colors}
    />
  );
}
