import type { ChartTheme } from './chart-theme';
import type { ChartSeries } from './layout';

/**
 * The figures of one day beside its point: the date, then each series' name and amount. The text
 * takes the tooltip's colour: a series' own colour is too light to read as text on it (axe, at 768 px).
 */
export function ChartTooltip<K extends string>({
  x,
  top,
  flip,
  date,
  rows,
  theme,
}: {
  x: number;
  top: number;
  /** Past the middle of the chart it opens to the left of the point, so it stays inside. */
  flip: boolean;
  date: string;
  rows: { series: ChartSeries<K>; value: string }[];
  theme: ChartTheme;
}) {
  return (
    <div
      data-chart-tooltip=""
      className="pointer-events-none absolute z-10 whitespace-nowrap rounded-xl border px-3 py-2 text-sm shadow-md"
      style={{
        left: x,
        top,
        transform: flip ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
        background: theme.tooltipBackground,
        borderColor: theme.tooltipBorder,
        color: theme.tooltipText,
      }}
    >
      <p className="font-medium">{date}</p>
      <ul className="mt-1 space-y-0.5">
        {rows.map(({ series, value }) => (
          <li key={series.key} className="flex items-center gap-2">
            <span aria-hidden="true" className="size-2 rounded-full" style={{ background: series.color }} />
            {series.name} : {value}
          </li>
        ))}
      </ul>
    </div>
  );
}
