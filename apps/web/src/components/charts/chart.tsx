import { type KeyboardEvent, type PointerEvent, useId, useState } from 'react';
import { useT } from '@/lib/i18n/language';
import { DayLabels, Grid, ValueLabels } from './axes';
import type { ChartTheme } from './chart-theme';
import { ChartTooltip } from './chart-tooltip';
import { chartText } from './i18n';
import {
  type ChartDatum,
  type ChartKind,
  type ChartSeries,
  layoutChart,
  type Margin,
  type ValueAxis,
} from './layout';
import { Legend } from './legend';
import { nearestIndex } from './scale';
import { LineCursor, LineSeries, StackedBars } from './series';
import { useElementSize } from './use-element-size';

export type { ChartDatum, ChartSeries, ValueAxis } from './layout';

/** The size drawn before (or without, in jsdom) a measurement of the chart's box. */
const UNMEASURED = { width: 600, height: 220 };

export interface ChartProps<K extends string> {
  kind: ChartKind;
  data: readonly ChartDatum<K>[];
  series: readonly ChartSeries<K>[];
  /** The chart's accessible name, and the caption of its figures' table. */
  label: string;
  /** A day's label under the plot: "Mon", "14", "28/11". */
  dayLabel: (date: string) => string;
  /** A day in the tooltip and the table: "28/11/2026". */
  formatDate: (date: string) => string;
  /** An amount in the tooltip and the table, in full. */
  formatValue: (value: number, series: ChartSeries<K>) => string;
  left: ValueAxis;
  right?: ValueAxis;
  theme: ChartTheme;
  margin?: Margin;
  /** A dot on each day of a line. */
  dots?: boolean;
  /** The chart's height (a Tailwind class); it fills its container's width. */
  className?: string;
}

/**
 * A line or stacked-bar chart of daily figures, drawn as plain SVG at its measured size. Mouse
 * and keyboard read it the same way: pointing at a day, or focusing the chart and pressing Left or
 * Right, shows that day's figures (Home and End jump to the first and last day, Escape hides them).
 * A screen reader gets the figures as a table, and hears each day the arrow keys reach.
 */
export function Chart<K extends string>({
  kind,
  data,
  series,
  label,
  dayLabel,
  formatDate,
  formatValue,
  left,
  right,
  theme,
  margin = { top: 8, right: 12, left: 0 },
  dots = false,
  className = 'h-64',
}: ChartProps<K>) {
  const t = useT(chartText);
  const hintId = useId();
  const [plotRef, size] = useElementSize<HTMLDivElement>(UNMEASURED);
  const [active, setActive] = useState<number | null>(null);
  const layout = layoutChart({ kind, data, series, left, right, margin, ...size });
  // A day that is no longer there (new data, fewer days) is not shown.
  const shown = active !== null && active < data.length ? active : null;
  const day = shown !== null ? data[shown]! : null;
  const rows = day ? series.map((s) => ({ series: s, value: formatValue(day[s.key], s) })) : [];

  const onKeyDown = (event: KeyboardEvent) => {
    const last = data.length - 1;
    if (last < 0) return;
    const moves: Record<string, () => number | null> = {
      // From nothing shown, Right starts at the first day and Left at the last (today's).
      ArrowRight: () => (shown === null ? 0 : Math.min(last, shown + 1)),
      ArrowLeft: () => (shown === null ? last : Math.max(0, shown - 1)),
      Home: () => 0,
      End: () => last,
      Escape: () => null,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setActive(move());
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setActive(nearestIndex(layout.xs, event.clientX - box.left));
  };

  return (
    <div className={`relative ${className}`}>
      {/* The image is focusable so the keyboard can read it; its pieces are drawn, not announced. */}
      <div
        role="img"
        aria-label={label}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys read the chart's days
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        className="flex h-full flex-col rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <div
          ref={plotRef}
          className="relative min-h-0 flex-1"
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
        >
          <svg
            data-chart=""
            aria-hidden="true"
            className="absolute inset-0 overflow-visible"
            width={size.width}
            height={size.height}
            viewBox={`0 0 ${size.width} ${size.height}`}
          >
            <Grid layout={layout} color={theme.grid} />
            {kind === 'stacked-bars' && shown !== null ? (
              <rect
                x={layout.xs[shown]! - layout.band / 2}
                width={layout.band}
                y={layout.plot.top}
                height={layout.plot.bottom - layout.plot.top}
                fill={theme.grid}
                opacity={0.4}
              />
            ) : null}
            <ValueLabels
              axis={layout.left}
              x={layout.plot.left}
              side="left"
              format={left.format}
              color={left.color ?? theme.axis}
            />
            {layout.right && right ? (
              <ValueLabels
                axis={layout.right}
                x={layout.plot.right}
                side="right"
                format={right.format}
                color={right.color ?? theme.axis}
              />
            ) : null}
            <DayLabels labels={data.map((d) => dayLabel(d.date))} layout={layout} color={theme.axis} />
            {kind === 'stacked-bars' ? (
              <StackedBars data={data} series={series} layout={layout} />
            ) : (
              series.map((s) => (
                <LineSeries
                  key={s.key}
                  data={data}
                  series={s}
                  layout={layout}
                  dots={dots}
                  surface={theme.surface}
                />
              ))
            )}
            {kind === 'line' && shown !== null ? (
              <LineCursor
                data={data}
                series={series}
                layout={layout}
                index={shown}
                guide={theme.axis}
                surface={theme.surface}
              />
            ) : null}
          </svg>
          {day && shown !== null ? (
            <ChartTooltip
              x={layout.xs[shown]!}
              top={layout.plot.top}
              flip={layout.xs[shown]! > size.width / 2}
              date={formatDate(day.date)}
              rows={rows}
              theme={theme}
            />
          ) : null}
        </div>
        <Legend series={series} kind={kind} color={theme.axis} />
      </div>
      <span id={hintId} hidden>
        {t('keysHint')}
      </span>
      {/* The box is what hides it: a table is as wide as its cells whatever its own width says, so a
          hidden table would widen the page (a sideways scroll on a phone). */}
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatDate(d.date)}</th>
                {series.map((s) => (
                  <td key={s.key}>{formatValue(d[s.key], s)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="status" className="sr-only">
        {day ? `${formatDate(day.date)}: ${rows.map((r) => `${r.series.name} ${r.value}`).join(', ')}` : ''}
      </p>
    </div>
  );
}
