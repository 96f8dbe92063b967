import { render } from '@testing-library/react';
import { AppProviders } from '@/app/providers';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import type { ChartAccount } from '../api/get-chart-accounts';
import { AccountsPage } from '../pages/accounts-page';

/** An asset account of the main branch, with the given fields. */
export const account = (over: Partial<ChartAccount> & Pick<ChartAccount, 'id'>): ChartAccount => ({
  account_name: `Account ${over.id}`,
  account_code: String(1000 + over.id),
  sub_account_of: null,
  account_type: 'Asset',
  account_category: 'Current Assets',
  opening_balance: 0,
  description: null,
  status: true,
  is_system: false,
  company_id: 1,
  created_at: '2026-11-01T10:00:00Z',
  ...over,
});

export const cash = account({
  id: 1,
  account_code: '1000',
  account_name: 'Cash in Hand',
  is_system: true,
  opening_balance: 125000.5,
});
export const expenses = account({
  id: 5,
  account_code: '6000',
  account_name: 'Expenses',
  account_type: 'Expense',
});
export const rent = account({
  id: 6,
  account_code: '6100',
  account_name: 'Rent',
  sub_account_of: 5,
  account_type: 'Expense',
});
export const shopRent = account({
  id: 7,
  account_code: '6110',
  account_name: 'Shop Rent',
  sub_account_of: 6,
  account_type: 'Expense',
});
export const capital = account({
  id: 3,
  account_code: '3000',
  account_name: 'Capital',
  account_type: 'Equity',
});

/** Signs in (at the main branch unless told not to) and renders the accounts page. */
export function renderPage(withCompany = true) {
  seedSession({ user: adminUser, ...(withCompany ? { company: mainBranch } : {}) });
  return render(
    <AppProviders>
      <AccountsPage />
    </AppProviders>,
  );
}
