import { bandPositions, extent, linearScale, niceTicks, pointPositions } from './scale';

/** One drawn quantity of a chart: its field in the data, its name in the legend and tooltip, its colour. */
export interface ChartSeries<K extends string> {
  key: K;
  name: string;
  color: string;
  /** Which value axis it is read against; the left one unless said. */
  axis?: 'left' | 'right';
}

/** A day's figures: the business date (YYYY-MM-DD) and a number per series. */
export type ChartDatum<K extends string> = { readonly date: string } & Readonly<Record<K, number>>;

export interface ValueAxis {
  /** The room for its labels, in px (Tamil writes units in full: "2.9 லட்சம்"). */
  width: number;
  format?: (value: number) => string;
  /** Its labels' colour, when the axis belongs to one series; else the theme's axis colour. */
  color?: string;
  /** Amounts start at zero; a price moving within a band is drawn around that band. Default true. */
  includeZero?: boolean;
  /** The smallest tick step, so that no two labels read the same. */
  minStep?: number;
}

export type ChartKind = 'line' | 'stacked-bars';

export interface Margin {
  top: number;
  right: number;
  left: number;
}

/** The room under the plot for the x labels. */
export const X_AXIS_HEIGHT = 28;
/** A line's first and last points keep off the axes' labels by this much. */
const LINE_INSET = 10;

export interface AxisLayout {
  ticks: number[];
  y: (value: number) => number;
}

export interface ChartLayout {
  plot: { left: number; right: number; top: number; bottom: number };
  /** The x of each day: a line's point, a bar's centre. */
  xs: number[];
  /** A bar chart's band per day (0 for a line). */
  band: number;
  left: AxisLayout;
  right: AxisLayout | null;
}

function valuesOn<K extends string>(
  kind: ChartKind,
  data: readonly ChartDatum<K>[],
  series: readonly ChartSeries<K>[],
): number[] {
  if (kind === 'line') return data.flatMap((d) => series.map((s) => d[s.key]));
  // A stack reaches the sum of its (non-negative) parts.
  return data.map((d) => series.reduce((sum, s) => sum + Math.max(0, d[s.key]), 0));
}

function axisLayout<K extends string>(
  kind: ChartKind,
  data: readonly ChartDatum<K>[],
  series: readonly ChartSeries<K>[],
  axis: ValueAxis,
  range: [number, number],
): AxisLayout {
  const [lo, hi] = extent(valuesOn(kind, data, series), axis.includeZero ?? true);
  const ticks = niceTicks(lo, hi, 5, axis.minStep);
  return { ticks, y: linearScale([ticks[0]!, ticks[ticks.length - 1]!], range) };
}

/** Where everything goes in a chart of `width` x `height` px. */
export function layoutChart<K extends string>(options: {
  kind: ChartKind;
  data: readonly ChartDatum<K>[];
  series: readonly ChartSeries<K>[];
  left: ValueAxis;
  right?: ValueAxis;
  margin: Margin;
  width: number;
  height: number;
}): ChartLayout {
  const { kind, data, series, margin, width, height } = options;
  const plot = {
    left: margin.left + options.left.width,
    right: Math.max(margin.left + options.left.width, width - margin.right - (options.right?.width ?? 0)),
    top: margin.top,
    bottom: Math.max(margin.top, height - X_AXIS_HEIGHT),
  };
  const range: [number, number] = [plot.bottom, plot.top];
  const onRight = series.filter((s) => s.axis === 'right');
  const onLeft = series.filter((s) => s.axis !== 'right');
  const { xs, band } =
    kind === 'line'
      ? { xs: pointPositions(data.length, plot.left + LINE_INSET, plot.right - LINE_INSET), band: 0 }
      : (({ centres, band }) => ({ xs: centres, band }))(bandPositions(data.length, plot.left, plot.right));
  return {
    plot,
    xs,
    band,
    left: axisLayout(kind, data, onLeft, options.left, range),
    right: options.right ? axisLayout(kind, data, onRight, options.right, range) : null,
  };
}
