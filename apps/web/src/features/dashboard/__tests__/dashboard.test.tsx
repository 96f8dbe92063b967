import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../pages/dashboard-page';

// jsdom has no layout: give recharts' ResponsiveContainer an observer that reports a real size.
class FixedSizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ target, contentRect: { width: 600, height: 256 } } as unknown as ResizeObserverEntry],
      this as never,
    );
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FixedSizeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dashboard', () => {
  it('shows the four stat cards with Indian-grouped sample amounts', () => {
    render(<DashboardPage />);
    for (const label of ['Earnings', 'Spend this month', 'Sales', 'Your balance']) {
      expect(screen.getByRole('heading', { name: label, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByText('Rs. 3,50,400.00')).toBeInTheDocument();
    expect(screen.getByText('Rs. 10,00,000.00')).toBeInTheDocument();
    expect(screen.getByText('+23%').parentElement).toHaveTextContent('+23% since last month');
  });

  it('shows the month line chart with its growth, and the Weekly Revenue chart', () => {
    render(<DashboardPage />);
    expect(screen.getByRole('heading', { name: 'This month' })).toBeInTheDocument();
    expect(screen.getByText('+2.45%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Weekly Revenue' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /January to July/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Monday to Sunday/ })).toBeInTheDocument();
  });

  it('shows the Complex Table with NAME, STATUS, DATE and PROGRESS', () => {
    render(<DashboardPage />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['NAME', 'STATUS', 'DATE', 'PROGRESS']);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByText('18/04/2026')).toBeInTheDocument();
    expect(within(table).getByRole('progressbar', { name: 'Main Branch renewals progress' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
  });
});
