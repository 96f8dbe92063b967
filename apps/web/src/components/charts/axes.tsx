import type { AxisLayout, ChartLayout } from './layout';
import { labelStride } from './scale';

const TICK_GAP = 8;
/** About a 12 px glyph's width; a label's room is its length in these plus a gap. */
const CHAR_WIDTH = 7.5;

/** Dashed horizontal lines at the left axis' ticks. */
export function Grid({ layout, color }: { layout: ChartLayout; color: string }) {
  const { plot, left } = layout;
  return (
    <g>
      {left.ticks.map((tick) => (
        <line
          key={tick}
          x1={plot.left}
          x2={plot.right}
          y1={left.y(tick)}
          y2={left.y(tick)}
          stroke={color}
          strokeDasharray="3 3"
        />
      ))}
    </g>
  );
}

/** A value axis' labels, right-aligned against the plot on the left, left-aligned on the right. */
export function ValueLabels({
  axis,
  x,
  side,
  format = String,
  color,
}: {
  axis: AxisLayout;
  x: number;
  side: 'left' | 'right';
  format?: (value: number) => string;
  color: string;
}) {
  return (
    <g fill={color} fontSize={12} textAnchor={side === 'left' ? 'end' : 'start'}>
      {axis.ticks.map((tick) => (
        <text key={tick} x={side === 'left' ? x - TICK_GAP : x + TICK_GAP} y={axis.y(tick)} dy="0.32em">
          {format(tick)}
        </text>
      ))}
    </g>
  );
}

/** The days' labels under the plot; when they would overlap, every second (third...) one, counted back from the last. */
export function DayLabels({
  labels,
  layout,
  color,
}: {
  labels: string[];
  layout: ChartLayout;
  color: string;
}) {
  const longest = labels.reduce((max, label) => Math.max(max, label.length), 0);
  const stride = labelStride(labels.length, longest * CHAR_WIDTH + 12, layout.plot.right - layout.plot.left);
  const y = layout.plot.bottom + TICK_GAP + 12;
  return (
    <g fill={color} fontSize={12} textAnchor="middle">
      {labels.map((label, i) =>
        (labels.length - 1 - i) % stride === 0 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: one label per day, in the days' order
          <text key={i} x={layout.xs[i]} y={y}>
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}
