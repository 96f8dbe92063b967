import type { CashDrawer, CurrentCashDrawer } from '@pledge-desk/domain';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import type { User } from '@/lib/session-types';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import { CashDrawerPage } from '../pages/cash-drawer-page';
import { DayClosePage } from '../pages/day-close-page';
import { DayEndSheetPage } from '../pages/day-end-sheet-page';

/** A counter user with the pledges permission, who is no admin. */
export const counterUser: User = {
  id: 7,
  username: 'meena',
  email: null,
  role: 'user',
  company_id: 1,
  created_at: '2026-02-01T10:00:00Z',
  permissions: ['pledges.handle', 'customers.read', 'customers.create'],
};

const zero = { '500': 0, '200': 0, '100': 0, '50': 0, '20': 0, '10': 0, coins: 0 };

/** Meena's drawer: a float of 5,000 (10 × ₹500), 1,200 received, 3,000 paid out: 3,200 expected. */
export function openDrawer(patch: Partial<CashDrawer> = {}): CashDrawer {
  return {
    id: 31,
    user: { id: 7, username: 'meena' },
    business_date: '2026-11-23',
    status: 'open',
    opening: { denominations: { ...zero, '500': 10 }, amount: 5000 },
    opening_remarks: null,
    opened_at: '2026-11-23T03:30:00Z',
    added: 0,
    receipts: 1200,
    payouts: 3000,
    by_kind: [
      { kind: 'pledge', receipts: 0, payouts: 3000, count: 1 },
      { kind: 'payment', receipts: 1200, payouts: 0, count: 2 },
    ],
    expected: 3200,
    counted: null,
    difference: null,
    difference_voucher: null,
    approved_by: null,
    closed_by: null,
    closed_at: null,
    close_remarks: null,
    ...patch,
  };
}

export function currentOf(
  drawer: CashDrawer | null,
  dayStatus: 'open' | 'closed' = 'open',
): CurrentCashDrawer {
  return {
    date: '2026-11-23',
    day: { date: '2026-11-23', status: dayStatus, closed_at: null, closed_by: null, events: [] },
    drawer,
  };
}

export function renderDrawerPage(user: User = counterUser) {
  seedSession({ user, company: mainBranch });
  const router = createMemoryRouter(
    [
      { path: '/cash-drawer', element: <CashDrawerPage /> },
      { path: '/day-end/:date', element: <p>Day-end sheet</p> },
    ],
    { initialEntries: ['/cash-drawer'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export { adminUser };

/** Signs in as the admin at the main branch and renders Day Close or the day-end sheet at `path`. */
export function renderDayCloseAt(path: string) {
  seedSession({ user: adminUser, company: mainBranch });
  const router = createMemoryRouter(
    [
      { path: '/day-close', element: <DayClosePage /> },
      { path: '/day-end/:date', element: <DayEndSheetPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
