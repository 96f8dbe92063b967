import { render } from '@testing-library/react';
import { AppProviders } from '@/app/providers';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';

/** Signs in at the main branch and renders the given report page. */
export function renderPage(page: React.ReactNode) {
  seedSession({ user: adminUser, company: mainBranch });
  return render(<AppProviders>{page}</AppProviders>);
}

/** GET /reports/day-book for 22/11/2026: one journal of 15,000, shop rent paid from cash. */
export const dayBook = {
  from: '2026-11-22',
  to: '2026-11-22',
  vouchers: [
    {
      entry_id: 5,
      entry_date: '2026-11-22',
      voucher_type: 'Journal',
      voucher_number: 'JV/2026-27/0001',
      reference_number: 'R-7',
      narration: 'Shop rent',
      total_amount: 15000,
      source: 'manual',
      lines: [
        { account_code: '6100', account_name: 'Rent', debit: 15000, credit: 0, narration: null },
        {
          account_code: '1000',
          account_name: 'Cash in Hand',
          debit: 0,
          credit: 15000,
          narration: 'paid',
        },
      ],
    },
  ],
  totals_by_type: [{ voucher_type: 'Journal', count: 1, total_amount: 15000 }],
  totals: { count: 1, debit: 15000, credit: 15000 },
};
