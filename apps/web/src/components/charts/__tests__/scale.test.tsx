import { describe, expect, it } from 'vitest';
import {
  bandPositions,
  barPath,
  extent,
  labelStride,
  linearScale,
  monotonePath,
  nearestIndex,
  niceTicks,
  pointPositions,
} from '../scale';

describe('niceTicks', () => {
  it('gives an empty chart (every figure 0) a grid of whole steps, not one line or NaN', () => {
    expect(niceTicks(0, 0)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(Number.NaN, Number.NaN)).toEqual([0, 1, 2, 3, 4]);
  });

  it('counts to a day of Rs. 1,25,000 in steps of 50,000', () => {
    expect(niceTicks(0, 125000)).toEqual([0, 50000, 100000, 150000]);
  });

  it('keeps paise amounts to exact decimals (0.1 * 3 is not 0.30000000000000004)', () => {
    expect(niceTicks(0, 0.75)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(0, 20.75)).toEqual([0, 10, 20, 30]);
    expect(niceTicks(1234.56, 1250.05)).toEqual([1230, 1235, 1240, 1245, 1250, 1255]);
  });

  it('does not step below minStep, so no two compact labels read the same', () => {
    expect(niceTicks(0, 0.05, 5, 0.1)).toEqual([0, 0.1]);
    expect(niceTicks(0, 0, 5, 0.1)).toEqual([0, 1, 2, 3, 4]);
  });

  it('reaches crores in round crores', () => {
    expect(niceTicks(0, 2.5e7)).toEqual([0, 1e7, 2e7, 3e7]);
    expect(niceTicks(0, 64239005)).toEqual([0, 2e7, 4e7, 6e7, 8e7]);
  });

  it('draws a flat price around itself, not from zero', () => {
    const ticks = niceTicks(7500, 7500);
    expect(ticks[0]).toBeLessThan(7500);
    expect(ticks.at(-1)).toBeGreaterThan(7500);
    expect(ticks[0]).toBeGreaterThan(0);
    expect(niceTicks(7400, 7650)).toEqual([7400, 7500, 7600, 7700]);
  });

  it('covers negative figures too', () => {
    expect(niceTicks(-300, 700)).toEqual([-500, 0, 500, 1000]);
  });
});

describe('positions', () => {
  it('includes zero in an amount axis and leaves a price axis to its prices', () => {
    expect(extent([5, 9, 7], true)).toEqual([0, 9]);
    expect(extent([95.5, 96, 94], false)).toEqual([94, 96]);
    expect(extent([], false)).toEqual([0, 0]);
  });

  it('maps a value onto the pixels, upside down for y; a zero-width domain to the start', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(linearScale([5, 5], [200, 0])(5)).toBe(200);
  });

  it('spreads the days of a line end to end and centres the bars in their bands', () => {
    expect(pointPositions(3, 0, 100)).toEqual([0, 50, 100]);
    expect(pointPositions(1, 0, 100)).toEqual([50]);
    expect(pointPositions(0, 0, 100)).toEqual([]);
    expect(bandPositions(4, 0, 100)).toEqual({ centres: [12.5, 37.5, 62.5, 87.5], band: 25 });
  });

  it('finds the day nearest the pointer', () => {
    expect(nearestIndex([0, 50, 100], 60)).toBe(1);
    expect(nearestIndex([0, 50, 100], 80)).toBe(2);
    expect(nearestIndex([], 10)).toBeNull();
  });

  it('draws every label that fits, else every second or third', () => {
    expect(labelStride(7, 40, 500)).toBe(1);
    expect(labelStride(30, 27, 600)).toBe(2);
    expect(labelStride(30, 27, 300)).toBe(3);
  });
});

describe('paths', () => {
  it('draws nothing for no points and a bare move for one', () => {
    expect(monotonePath([])).toBe('');
    expect(monotonePath([[10, 20]])).toBe('M10,20');
  });

  it('never dips below a flat stretch (a day with no loans stays on the zero line)', () => {
    const path = monotonePath([
      [0, 100],
      [10, 100],
      [20, 0],
      [30, 100],
      [40, 100],
    ]);
    const ys = [...path.matchAll(/-?[\d.]+,(-?[\d.]+)/g)].map((m) => Number(m[1]));
    expect(path).not.toContain('NaN');
    expect(Math.max(...ys)).toBe(100);
    expect(Math.min(...ys)).toBe(0);
  });

  it('rounds only a bar’s top corners, and less than its height', () => {
    expect(barPath(0, 18, 50, 100, 0)).toBe('M0,100V50H18V100Z');
    expect(barPath(0, 18, 50, 100, 6)).toBe('M0,100V56A6,6 0 0 1 6,50H12A6,6 0 0 1 18,56V100Z');
    expect(barPath(0, 18, 98, 100, 6)).toContain('A2,2');
    expect(barPath(0, 18, 100, 100, 6)).toBe('');
  });
});
