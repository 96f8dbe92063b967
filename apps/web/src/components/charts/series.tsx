import type { ChartDatum, ChartLayout, ChartSeries } from './layout';
import { barPath, monotonePath } from './scale';

const BAR_WIDTH = 18;
const BAR_RADIUS = 6;

/** One series as a smooth line, with a dot on each day when `dots`. */
export function LineSeries<K extends string>({
  data,
  series,
  layout,
  dots,
  surface,
}: {
  data: readonly ChartDatum<K>[];
  series: ChartSeries<K>;
  layout: ChartLayout;
  dots: boolean;
  surface: string;
}) {
  const axis = series.axis === 'right' && layout.right ? layout.right : layout.left;
  const points = data.map((d, i) => [layout.xs[i]!, axis.y(d[series.key])] as [number, number]);
  const path = monotonePath(points);
  return (
    <g data-series={series.key}>
      {path ? (
        <path d={path} fill="none" stroke={series.color} strokeWidth={3} strokeLinejoin="round" />
      ) : null}
      {dots
        ? points.map(([x, y], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per day, in the days' order
            <circle key={i} cx={x} cy={y} r={3} fill={surface} stroke={series.color} strokeWidth={2} />
          ))
        : null}
    </g>
  );
}

/** The active day's dots on each line, and a guide line down to its label. */
export function LineCursor<K extends string>({
  data,
  series,
  layout,
  index,
  guide,
  surface,
}: {
  data: readonly ChartDatum<K>[];
  series: readonly ChartSeries<K>[];
  layout: ChartLayout;
  index: number;
  guide: string;
  surface: string;
}) {
  const x = layout.xs[index]!;
  return (
    <g>
      <line x1={x} x2={x} y1={layout.plot.top} y2={layout.plot.bottom} stroke={guide} />
      {series.map((s) => {
        const axis = s.axis === 'right' && layout.right ? layout.right : layout.left;
        return (
          <circle
            key={s.key}
            cx={x}
            cy={axis.y(data[index]![s.key])}
            r={5}
            fill={s.color}
            stroke={surface}
            strokeWidth={2}
          />
        );
      })}
    </g>
  );
}

/**
 * Each day's series stacked in one bar, the first at the bottom; the top part has rounded corners.
 * Negative figures are drawn as zero: the stacked charts show amounts earned, never below zero.
 */
export function StackedBars<K extends string>({
  data,
  series,
  layout,
}: {
  data: readonly ChartDatum<K>[];
  series: readonly ChartSeries<K>[];
  layout: ChartLayout;
}) {
  const width = Math.min(BAR_WIDTH, layout.band * 0.8);
  const y = layout.left.y;
  return (
    <g>
      {data.map((d, i) => {
        let base = 0;
        const parts = series
          .map((s) => {
            const from = base;
            base += Math.max(0, d[s.key]);
            return { series: s, from, to: base };
          })
          .filter((part) => part.to > part.from);
        const x = layout.xs[i]! - width / 2;
        return (
          <g key={d.date}>
            {parts.map((part, j) => (
              <path
                key={part.series.key}
                data-series={part.series.key}
                d={barPath(x, width, y(part.to), y(part.from), j === parts.length - 1 ? BAR_RADIUS : 0)}
                fill={part.series.color}
              />
            ))}
          </g>
        );
      })}
    </g>
  );
}
