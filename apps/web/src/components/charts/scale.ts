/**
 * The arithmetic of the charts: value ticks, positions along the axes and the shapes' SVG paths.
 * Pure functions, so each is tested with numbers rather than through a rendered chart.
 */

/** The steps a tick may take, times a power of ten: 1, 2, 5, 10, 20, 50... (no 2.5: a compact label has one decimal). */
const NICE_STEPS = [1, 2, 5, 10];

/** `value` rounded to the decimals of `step`: 0.1 * 3 is 0.30000000000000004 in floating point. */
function roundToStep(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Number(value.toFixed(decimals));
}

/**
 * Round ticks that cover `[min, max]`: about `count` of them, each a multiple of a 1-2-5 step, the
 * first at or below `min` and the last at or above `max`. `minStep` keeps the step from falling below
 * what the labels can tell apart (a compact rupee label shows one decimal). A flat range (every value
 * the same, or no values) still gets a few ticks, so an empty chart draws an empty grid, not NaN.
 */
export function niceTicks(min: number, max: number, count = 5, minStep = 0): number[] {
  let lo = Number.isFinite(min) ? min : 0;
  let hi = Number.isFinite(max) ? max : 0;
  if (lo > hi) [lo, hi] = [hi, lo];
  if (lo === hi) {
    // Nothing to scale: zero gets 0..4 steps of one unit; a flat value gets a tenth around it.
    const pad = lo === 0 ? Math.max(1, minStep) * (count - 1) : Math.abs(lo) / 10;
    hi = lo === 0 ? pad : hi + pad;
    lo = lo === 0 ? 0 : lo - pad;
  }
  const raw = (hi - lo) / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const nice = NICE_STEPS.find((n) => n * magnitude >= raw - 1e-12) ?? 10;
  const step = Math.max(nice * magnitude, minStep);
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(roundToStep(i * step, step));
  return ticks;
}

/** The smallest and largest value of `values`, with 0 among them when `includeZero` (amounts grow from 0). */
export function extent(values: readonly number[], includeZero: boolean): [number, number] {
  let lo = includeZero ? 0 : Number.POSITIVE_INFINITY;
  let hi = includeZero ? 0 : Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    if (value < lo) lo = value;
    if (value > hi) hi = value;
  }
  return lo <= hi ? [lo, hi] : [0, 0];
}

/** Maps `[d0, d1]` onto `[r0, r1]`; a zero-width domain maps everything to `r0`, never to NaN. */
export function linearScale(domain: [number, number], range: [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  return (value) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/** The x of each of `n` points spread from `left` to `right` (a line chart); one point sits in the middle. */
export function pointPositions(n: number, left: number, right: number): number[] {
  if (n <= 0) return [];
  if (n === 1) return [(left + right) / 2];
  const step = (right - left) / (n - 1);
  return Array.from({ length: n }, (_, i) => left + i * step);
}

/** The centre of each of `n` equal bands from `left` to `right` (a bar chart), and the bands' width. */
export function bandPositions(n: number, left: number, right: number): { centres: number[]; band: number } {
  if (n <= 0) return { centres: [], band: 0 };
  const band = (right - left) / n;
  return { centres: Array.from({ length: n }, (_, i) => left + band * (i + 0.5)), band };
}

/** The index of the position nearest to `x`, or null when there are none. */
export function nearestIndex(positions: readonly number[], x: number): number | null {
  let best: number | null = null;
  for (let i = 0; i < positions.length; i++) {
    if (best === null || Math.abs(positions[i]! - x) < Math.abs(positions[best]! - x)) best = i;
  }
  return best;
}

/**
 * Every how many x labels one is drawn so that none overlap: `n` labels of about `labelWidth` px in
 * `width` px. The last label is always drawn (the stride counts back from it), as it is today's.
 */
export function labelStride(n: number, labelWidth: number, width: number): number {
  if (n <= 1 || width <= 0) return 1;
  return Math.max(1, Math.ceil((n * labelWidth) / width));
}

const fmt = (value: number) => String(Math.round(value * 10) / 10);

/**
 * A smooth line through the points that never overshoots them (monotone cubic interpolation,
 * Fritsch-Carlson): a day with no loans stays on the zero line instead of dipping below it.
 */
export function monotonePath(points: readonly [number, number][]): string {
  const n = points.length;
  if (n === 0) return '';
  const [x0, y0] = points[0]!;
  if (n === 1) return `M${fmt(x0)},${fmt(y0)}`;
  const secants: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    const dx = points[i + 1]![0] - points[i]![0];
    secants.push(dx === 0 ? 0 : (points[i + 1]![1] - points[i]![1]) / dx);
  }
  const tangents = points.map((_, i) => {
    if (i === 0) return secants[0]!;
    if (i === n - 1) return secants[n - 2]!;
    const before = secants[i - 1]!;
    const after = secants[i]!;
    return before * after <= 0 ? 0 : (before + after) / 2;
  });
  for (let i = 0; i < n - 1; i++) {
    const secant = secants[i]!;
    if (secant === 0) {
      tangents[i] = 0;
      tangents[i + 1] = 0;
      continue;
    }
    const a = tangents[i]! / secant;
    const b = tangents[i + 1]! / secant;
    const s = a * a + b * b;
    if (s > 9) {
      const t = 3 / Math.sqrt(s);
      tangents[i] = t * a * secant;
      tangents[i + 1] = t * b * secant;
    }
  }
  let path = `M${fmt(x0)},${fmt(y0)}`;
  for (let i = 0; i < n - 1; i++) {
    const [xa, ya] = points[i]!;
    const [xb, yb] = points[i + 1]!;
    const h = (xb - xa) / 3;
    path += `C${fmt(xa + h)},${fmt(ya + tangents[i]! * h)},${fmt(xb - h)},${fmt(yb - tangents[i + 1]! * h)},${fmt(xb)},${fmt(yb)}`;
  }
  return path;
}

/** A bar from `top` down to `bottom`, its top corners rounded by `radius` (less when the bar is small). */
export function barPath(x: number, width: number, top: number, bottom: number, radius: number): string {
  const height = bottom - top;
  if (height <= 0 || width <= 0) return '';
  const r = Math.max(0, Math.min(radius, width / 2, height));
  const right = x + width;
  if (r === 0) return `M${fmt(x)},${fmt(bottom)}V${fmt(top)}H${fmt(right)}V${fmt(bottom)}Z`;
  return (
    `M${fmt(x)},${fmt(bottom)}V${fmt(top + r)}A${fmt(r)},${fmt(r)} 0 0 1 ${fmt(x + r)},${fmt(top)}` +
    `H${fmt(right - r)}A${fmt(r)},${fmt(r)} 0 0 1 ${fmt(right)},${fmt(top + r)}V${fmt(bottom)}Z`
  );
}
