import type { ChartKind, ChartSeries } from './layout';

/** The series' names under the chart, each after a mark of its colour (a stroke for a line, a square for a bar). */
export function Legend<K extends string>({
  series,
  kind,
  color,
}: {
  series: readonly ChartSeries<K>[];
  kind: ChartKind;
  color: string;
}) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-1 text-xs" style={{ color }}>
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={kind === 'line' ? 'h-[3px] w-3.5 rounded-full' : 'size-2.5 rounded-sm'}
            style={{ background: s.color }}
          />
          {s.name}
        </li>
      ))}
    </ul>
  );
}
