import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Chart, type ChartDatum, type ChartSeries } from '../chart';
import type { ChartTheme } from '../chart-theme';

const theme: ChartTheme = {
  axis: '#64748b',
  grid: '#e2e8f0',
  surface: '#ffffff',
  tooltipBackground: '#ffffff',
  tooltipBorder: '#e2e8f0',
  tooltipText: '#1b254b',
};

type Key = 'disbursed' | 'collected';
const lines: ChartSeries<Key>[] = [
  { key: 'disbursed', name: 'Disbursed', color: '#4f3df5' },
  { key: 'collected', name: 'Collected', color: '#d49b22' },
];
const threeDays: ChartDatum<Key>[] = [
  { date: '2026-11-01', disbursed: 0, collected: 20.5 },
  { date: '2026-11-02', disbursed: 100, collected: 0 },
  { date: '2026-11-03', disbursed: 50, collected: 0 },
];

function renderChart<K extends string>(
  data: ChartDatum<K>[],
  series: ChartSeries<K>[],
  kind: 'line' | 'stacked-bars' = 'line',
) {
  return render(
    <Chart
      kind={kind}
      data={data}
      series={series}
      label="Figures by day"
      dayLabel={(date) => String(Number(date.slice(8)))}
      formatDate={(date) => date.split('-').reverse().join('/')}
      formatValue={(value) => `Rs. ${value.toFixed(2)}`}
      left={{ width: 48, minStep: 0.1 }}
      theme={theme}
    />,
  );
}

const svgOf = () => screen.getByRole('img', { name: 'Figures by day' }).querySelector('svg')!;
const pathOf = (key: string) => svgOf().querySelector(`[data-series="${key}"] path`)!.getAttribute('d')!;

// Without a layout (jsdom) the chart draws at 600 x 220: the plot runs from x 48 (after the 48 px
// axis) to 588 (12 px margin), y 8 to 192 (28 px of day labels); a line keeps 10 px off each end.
describe('Chart (line)', () => {
  it('draws each series through its days, on ticks from 0 to 100', () => {
    renderChart(threeDays, lines);
    const disbursed = pathOf('disbursed');
    // Days at x 58, 318 and 578; 0 at y 192, 100 at y 8, 50 at y 100.
    expect(disbursed).toMatch(/^M58,192C/);
    expect(disbursed).toContain(',318,8C');
    expect(disbursed).toMatch(/,578,100$/);
    expect(pathOf('collected')).toMatch(/^M58,154.3C/);
    const labels = [...svgOf().querySelectorAll('text')].map((text) => text.textContent);
    expect(labels).toEqual(['0', '50', '100', '1', '2', '3']);
  });

  it('draws an empty grid for days of zeros, and for no days, never a NaN', () => {
    const { unmount } = renderChart(
      threeDays.map((d) => ({ ...d, disbursed: 0, collected: 0 })),
      lines,
    );
    expect(pathOf('disbursed')).toMatch(/^M58,192C[\d.,C]*578,192$/);
    expect(svgOf().querySelectorAll('line')).toHaveLength(5);
    unmount();
    renderChart([], lines);
    expect(svgOf().querySelectorAll('line')).toHaveLength(5);
    expect(svgOf().querySelector('[data-series] path')).toBeNull();
    expect(svgOf().innerHTML).not.toContain('NaN');
  });

  it('shows a day’s figures on the arrow keys, moves day by day, and hides them on Escape', async () => {
    const user = userEvent.setup();
    renderChart(threeDays, lines);
    const chart = screen.getByRole('img', { name: 'Figures by day' });
    expect(chart).toHaveAccessibleDescription(/arrow keys/);
    expect(chart.querySelector('[data-chart-tooltip]')).toBeNull();

    await user.tab();
    expect(chart).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const tooltip = () => chart.querySelector<HTMLElement>('[data-chart-tooltip]')!;
    expect(within(tooltip()).getByText('01/11/2026')).toBeInTheDocument();
    expect(tooltip()).toHaveTextContent('Disbursed : Rs. 0.00');
    expect(tooltip()).toHaveTextContent('Collected : Rs. 20.50');
    expect(screen.getByRole('status')).toHaveTextContent(
      '01/11/2026: Disbursed Rs. 0.00, Collected Rs. 20.50',
    );

    await user.keyboard('{ArrowRight}');
    expect(tooltip()).toHaveTextContent('02/11/2026');
    expect(tooltip()).toHaveTextContent('Disbursed : Rs. 100.00');
    await user.keyboard('{End}{ArrowRight}');
    expect(tooltip()).toHaveTextContent('03/11/2026');
    await user.keyboard('{ArrowLeft}');
    expect(tooltip()).toHaveTextContent('02/11/2026');

    await user.keyboard('{Escape}');
    expect(chart.querySelector('[data-chart-tooltip]')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('');
    // From nothing shown, Left starts at the last day (today's).
    await user.keyboard('{ArrowLeft}');
    expect(tooltip()).toHaveTextContent('03/11/2026');
  });

  it('shows the day nearest the pointer', () => {
    renderChart(threeDays, lines);
    const plot = svgOf().parentElement!;
    fireEvent.pointerMove(plot, { clientX: 300 });
    expect(screen.getByRole('status')).toHaveTextContent('02/11/2026: Disbursed Rs. 100.00');
    fireEvent.pointerLeave(plot);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('gives a screen reader every day’s figures as a table', () => {
    renderChart(threeDays, lines);
    const table = screen.getByRole('table', { name: 'Figures by day' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateDisbursedCollected',
      '01/11/2026Rs. 0.00Rs. 20.50',
      '02/11/2026Rs. 100.00Rs. 0.00',
      '03/11/2026Rs. 50.00Rs. 0.00',
    ]);
  });
});

/** A bar part's top and bottom y, read back from its path (`M x,bottom V top` or a rounded `A … x,top`). */
function extentOf(path: Element): { top: number; bottom: number } {
  const d = path.getAttribute('d')!;
  const bottom = Number(/^M[\d.]+,([\d.]+)/.exec(d)![1]);
  const arc = /A[\d.]+,[\d.]+ 0 0 1 [\d.]+,([\d.]+)H/.exec(d);
  const top = Number(arc ? arc[1] : /V([\d.]+)H/.exec(d)![1]);
  return { top, bottom };
}

describe('Chart (stacked bars)', () => {
  type Part = 'interest' | 'charges';
  const parts: ChartSeries<Part>[] = [
    { key: 'interest', name: 'Interest', color: '#4f3df5' },
    { key: 'charges', name: 'Charges', color: '#d49b22' },
  ];
  const week: ChartDatum<Part>[] = [
    { date: '2026-11-14', interest: 1500, charges: 100 },
    { date: '2026-11-15', interest: 0, charges: 0 },
    { date: '2026-11-16', interest: 600, charges: 400 },
  ];

  it('stacks each day’s parts into one bar as tall as their sum, the top part rounded', () => {
    renderChart(week, parts, 'stacked-bars');
    const interest = svgOf().querySelectorAll('path[data-series="interest"]');
    const charges = svgOf().querySelectorAll('path[data-series="charges"]');
    // The empty day draws no bar.
    expect(interest).toHaveLength(2);
    expect(charges).toHaveLength(2);
    // Ticks 0..2000 in steps of 500: 0 at y 192, 2000 at y 8, so a rupee is 0.092 px.
    const px = (rupees: number) => (rupees * 184) / 2000;
    for (const [i, [low, high]] of [
      [1500, 100],
      [600, 400],
    ].entries()) {
      const bottom = extentOf(interest[i]!);
      const top = extentOf(charges[i]!);
      expect(bottom.bottom).toBe(192);
      expect(bottom.bottom - bottom.top).toBeCloseTo(px(low!), 0);
      expect(top.bottom).toBe(bottom.top);
      expect(top.bottom - top.top).toBeCloseTo(px(high!), 0);
      expect(bottom.bottom - top.top).toBeCloseTo(px(low! + high!), 0);
      expect(charges[i]!.getAttribute('d')).toContain('A');
      expect(interest[i]!.getAttribute('d')).not.toContain('A');
    }
  });

  it('shows a day’s parts on the arrow keys', async () => {
    const user = userEvent.setup();
    renderChart(week, parts, 'stacked-bars');
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('status')).toHaveTextContent(
      '16/11/2026: Interest Rs. 600.00, Charges Rs. 400.00',
    );
  });
});
