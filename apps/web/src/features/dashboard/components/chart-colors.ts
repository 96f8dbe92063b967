import { useChartTheme } from '@/components/charts/chart-theme';
import { useTheme } from '@/lib/theme';

/** The dashboard's two series colours on the charts' shared theme (light or dark). */
export function useChartColors() {
  const isDark = useTheme().theme === 'dark';
  return {
    ...useChartTheme(),
    primary: isDark ? '#9ea2ff' : '#4f3df5',
    secondary: isDark ? '#e6b84f' : '#d49b22',
  };
}
