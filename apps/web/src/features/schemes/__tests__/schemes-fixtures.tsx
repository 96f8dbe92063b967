import { render } from '@testing-library/react';
import { AppProviders } from '@/app/providers';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import { SchemesPage } from '../pages/schemes-page';

/** The jewel types: Chain (22K). */
export const types = [{ id: 3, jewel_name: 'Chain', purity: '22K', status: true }];

/** Gold Loan Regular on Chain: 12 months at 1.5% a month, 75% of the value. */
export const goldLoan = {
  id: 21,
  jewel_type_id: 3,
  jewel_name: 'Chain',
  scheme_name: 'Gold Loan Regular',
  short_name: 'GLR',
  prefix: 'GL',
  duration_in_months: 12,
  interest_rate_per_month: 1.5,
  loan_eligibility_percentage: 75,
  slippage_percent: 2,
  status: true,
  created_at: '2026-11-01T00:00:00Z',
};

/** Signs in at the main branch and renders the schemes page. */
export function renderPage() {
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <SchemesPage />
    </AppProviders>,
  );
}
