import { formatIndianDate } from '@pledge-desk/domain';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '@/lib/i18n/language';
import { useTheme } from '@/lib/theme';
import { dailyRatesText } from '../i18n';
import { formatRupeeAmount } from '../rate-math';

/** Recharts draws SVG with explicit colours, so the theme picks them. */
function useColors() {
  const isDark = useTheme().theme === 'dark';
  return {
    gold: isDark ? '#e6b84f' : '#c28a12',
    silver: isDark ? '#9ea2ff' : '#4f3df5',
    axis: isDark ? '#8f9bba' : '#64748b',
    grid: isDark ? '#2b3565' : '#e2e8f0',
    tooltipBackground: isDark ? '#111c44' : '#ffffff',
    tooltipBorder: isDark ? '#2b3565' : '#e2e8f0',
    tooltipText: isDark ? '#ffffff' : '#1b254b',
  };
}

const shortDate = (date: string) => formatIndianDate(date).slice(0, 5);

/**
 * Gold and silver per gram over the last stored days. Gold (~Rs. 7,500) and silver (~Rs. 95) differ
 * by two orders of magnitude, so each has its own axis; on one axis silver would be a flat line.
 * Loaded lazily: recharts is the largest library of the app.
 */
export default function RateHistoryChart({
  data,
}: {
  data: { date: string; gold: number; silver: number }[];
}) {
  const colors = useColors();
  const t = useT(dailyRatesText);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={shortDate}
          tick={{ fill: colors.axis, fontSize: 12 }}
          axisLine={false}
          tickLine={false}
        />
        <YAxis
          yAxisId="gold"
          domain={['auto', 'auto']}
          // Each axis in its line's colour, so the two scales are not read against the wrong line.
          tick={{ fill: colors.gold, fontSize: 12 }}
          axisLine={false}
          tickLine={false}
          width={56}
        />
        <YAxis
          yAxisId="silver"
          orientation="right"
          domain={['auto', 'auto']}
          tick={{ fill: colors.silver, fontSize: 12 }}
          axisLine={false}
          tickLine={false}
          width={44}
        />
        <Tooltip
          contentStyle={{
            background: colors.tooltipBackground,
            borderColor: colors.tooltipBorder,
            borderRadius: 12,
            color: colors.tooltipText,
          }}
          labelFormatter={(label) => formatIndianDate(String(label))}
          formatter={(value, name) => [formatRupeeAmount(Number(value)), name]}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: colors.axis }} />
        <Line
          yAxisId="gold"
          type="monotone"
          dataKey="gold"
          name={t('gold24kPerGram')}
          stroke={colors.gold}
          strokeWidth={3}
          dot={{ r: 3 }}
        />
        <Line
          yAxisId="silver"
          type="monotone"
          dataKey="silver"
          name={t('silverPerGram')}
          stroke={colors.silver}
          strokeWidth={3}
          dot={{ r: 3 }}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
