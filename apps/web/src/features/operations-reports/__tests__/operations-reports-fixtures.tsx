import type { CollectionReport, OverdueList, RatioReport } from '@pledge-desk/domain';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';

/** Signs in at the main branch and renders a register page at the given URL. */
export function renderAt(page: React.ReactNode, url: string) {
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </AppProviders>,
  );
}

/** An overdue pledge of 1,25,000.50 principal, 214 days past its due date. */
export const overdueRow = (i: number): OverdueList['rows'][number] => ({
  pledge_id: i,
  pledge_no: `GL${i}`,
  pledge_date: '2025-03-01',
  customer_id: 1,
  customer_name: 'முருகன் Selvam',
  mobile_number: '9840012345',
  due_date: '2026-03-01',
  days_overdue: 214,
  loan_amount: 150000,
  remaining_principal: 125000.5,
  remaining_interest: 2250,
  outstanding: 127250.5,
});

/** Page `page` of an overdue list of `total` pledges. */
export function overduePage(page: number, total: number, size = 50): OverdueList {
  const first = (page - 1) * size + 1;
  const count = Math.max(0, Math.min(size, total - first + 1));
  return {
    as_of: '2026-10-01',
    page,
    page_size: size,
    total_count: total,
    rows: Array.from({ length: count }, (_, k) => overdueRow(first + k)),
    totals: { count: total, principal_outstanding: 1234567.5 },
  };
}

/** The collections of Feb–Mar 2026: a receipt and a reversed one. */
export const sums = {
  receipts: 2,
  payments: 2,
  interest: 2880,
  principal: 6000,
  penalty: 50,
  discount: 0,
  net: 8930,
};
export const collections: CollectionReport = {
  from: '2026-02-01',
  to: '2026-03-31',
  page: 1,
  page_size: 50,
  total_count: 2,
  rows: [
    {
      receipt_id: 1,
      receipt_no: 'R/2025-26/000001',
      payment_date: '2026-02-01',
      customer_id: 1,
      customer_name: 'Lakshmi',
      pledge_nos: ['GL1', 'GL2'],
      payment_method: 'cash',
      username: 'clerk1',
      interest: 2880,
      principal: 6000,
      penalty: 50,
      discount: 0,
      net: 8930,
      reversed: false,
    },
    {
      receipt_id: 2,
      receipt_no: 'R/2025-26/000002',
      payment_date: '2026-03-01',
      customer_id: 1,
      customer_name: 'Lakshmi',
      pledge_nos: ['GL3'],
      payment_method: 'cash',
      username: 'clerk1',
      interest: 100,
      principal: 0,
      penalty: 0,
      discount: 0,
      net: 100,
      reversed: true,
    },
  ],
  totals: sums,
  reversed: { receipts: 1, net: 100 },
  by_type: [{ payment_type: 'partial_principal', ...sums }],
  by_method: [{ payment_method: 'cash', ...sums }],
  by_user: [{ user_id: 3, username: 'clerk1', ...sums }],
  by_day: [{ date: '2026-02-01', ...sums }],
  shortfalls_collected: { rows: [], receipts: 0, net: 0 },
  total_collected: 8930,
};

// 20 g at Rs 6,000 a gram is worth Rs 1,20,000; a 75% tier allows Rs 90,000; Rs 1,00,000 lent with
// Rs 6,500.50 of interest owes Rs 1,06,500.50, Rs 16,500.50 over, 88.75% of the value.
export const breach = (i: number): RatioReport['rows'][number] => ({
  pledge_id: i,
  pledge_no: `GL${i}`,
  pledge_date: '2026-01-10',
  due_date: '2027-01-10',
  customer_id: 1,
  customer_name: 'முருகன் Selvam',
  mobile_number: '9840012345',
  jewel_type: 'Chain',
  net_weight: 20,
  rate_per_gram: 6000,
  value: 120000,
  borrower_total: 100000,
  tier_percent: 75,
  limit: 90000,
  principal: 100000,
  interest: 6500.5,
  outstanding: 106500.5,
  excess: 16500.5,
  ratio_percent: 88.75,
});

/** A ratio report of `total` breaches, page `page`. */
export function report(over: Partial<RatioReport> = {}, total = 1, page = 1, size = 50): RatioReport {
  const first = (page - 1) * size + 1;
  const count = Math.max(0, Math.min(size, total - first + 1));
  return {
    as_of: '2026-10-01',
    regime: 'rbi',
    page,
    page_size: size,
    total_count: total,
    open_pledges: 42,
    without_rate: 0,
    rows: Array.from({ length: count }, (_, k) => breach(first + k)),
    ...over,
  };
}
