import { render } from '@testing-library/react';
import { AppProviders } from '@/app/providers';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import type { DaybookEntry } from '../api/get-daybook-entries';
import { DaybookPage } from '../pages/daybook-page';

/** The accounts a daybook entry may use. */
export const accounts = [
  { account_id: 1, account_code: '1000', account_name: 'Cash in Hand', is_active: true, manual_entry: true },
  { account_id: 2, account_code: '3000', account_name: 'Capital', is_active: true, manual_entry: true },
  { account_id: 3, account_code: '6100', account_name: 'Rent', is_active: true, manual_entry: true },
];

/** A manual journal of 1,50,000: rent paid from cash. */
export const journal: DaybookEntry = {
  entry_id: 11,
  entry_date: '2026-11-20',
  voucher_type: 'Journal',
  voucher_number: 'JV/2026-27/0004',
  reference_number: null,
  narration: 'Shop rent for November',
  total_amount: 150000,
  company_id: 1,
  created_at: '2026-11-20T10:00:00Z',
  source: 'manual',
  is_editable: true,
  daybook_details: [
    {
      account_id: 3,
      account_code: '6100',
      account_name: 'Rent',
      debit_amount: 150000,
      credit_amount: 0,
      narration: null,
    },
    {
      account_id: 1,
      account_code: '1000',
      account_name: 'Cash in Hand',
      debit_amount: 0,
      credit_amount: 150000,
      narration: null,
    },
  ],
};
/** The same voucher as a pledge payment, not editable. */
export const pledgeVoucher: DaybookEntry = {
  ...journal,
  entry_id: 12,
  voucher_type: 'Payment',
  voucher_number: 'PMT/2026-27/0001',
  narration: 'Loan paid out on pledge GL1',
  source: 'pledge',
  is_editable: false,
};

/** Signs in at the main branch and renders the daybook page. */
export function renderPage() {
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <DaybookPage />
    </AppProviders>,
  );
}
