import { useTheme } from '@/lib/theme';

/** Recharts draws SVG with explicit colours, so the theme is passed in rather than read from CSS. */
export function useChartColors() {
  const { theme } = useTheme();
  const isDark = theme === 'dark';
  return {
    primary: isDark ? '#9ea2ff' : '#4f3df5',
    secondary: isDark ? '#e6b84f' : '#d49b22',
    axis: isDark ? '#8f9bba' : '#64748b',
    grid: isDark ? '#2b3565' : '#e2e8f0',
    tooltipBackground: isDark ? '#111c44' : '#ffffff',
    tooltipBorder: isDark ? '#2b3565' : '#e2e8f0',
    tooltipText: isDark ? '#ffffff' : '#1b254b',
  };
}
