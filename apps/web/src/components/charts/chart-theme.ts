import { useTheme } from '@/lib/theme';

/** The colours every chart shares; each chart adds its series' own. */
export interface ChartTheme {
  axis: string;
  grid: string;
  /** The card behind the chart: the fill of a line's dots, the ring around the active dot. */
  surface: string;
  tooltipBackground: string;
  tooltipBorder: string;
  tooltipText: string;
}

/**
 * The charts draw SVG with their colours in attributes, so the theme picks them here: the light and
 * dark shades of a chart in one place rather than a `dark:` class on every line, bar and label.
 */
export function useChartTheme(): ChartTheme {
  const isDark = useTheme().theme === 'dark';
  return {
    axis: isDark ? '#8f9bba' : '#64748b',
    grid: isDark ? '#2b3565' : '#e2e8f0',
    surface: isDark ? '#111c44' : '#ffffff',
    tooltipBackground: isDark ? '#111c44' : '#ffffff',
    tooltipBorder: isDark ? '#2b3565' : '#e2e8f0',
    tooltipText: isDark ? '#ffffff' : '#1b254b',
  };
}
