import type { ComplianceSettingsView } from '@pledge-desk/domain';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import { LicenceBanner } from '../components/licence-banner';
import { CompliancePage } from '../pages/compliance-page';

/**
 * The main branch's settings: a valid TN pawnbroker licence, 2% ceiling, ₹20,000 cash limit, three RBI
 * tiers, PAN or Form 60 from ₹1,00,000 and a warning for a pledge while KYC is incomplete.
 */
export const settings: ComplianceSettingsView = {
  regime: 'tn_pawnbroker',
  licence_number: 'TN-PB-0042',
  licence_expiry: '2027-03-31',
  licence_state: 'valid',
  licence_days_left: 124,
  licence_message: null,
  interest_ceiling: 2,
  cash_limit: 20000,
  cash_limit_mode: 'warn',
  approval_threshold: 500,
  rbi_rules: {
    ltv_tiers: [
      { up_to: 250000, percent: 85 },
      { up_to: 500000, percent: 80 },
      { up_to: null, percent: 75 },
    ],
    bullet_max_months: 12,
    gold_ornaments_max_g: 1000,
    gold_coins_max_g: 50,
    silver_ornaments_max_g: 10000,
    silver_coins_max_g: 500,
    valuation_average_days: 30,
  },
  // The branch asks PAN or Form 60 from ₹1,00,000; a TN pawnbroker's default is ₹50,000.
  pan_applies: true,
  pan_threshold: 100000,
  pan_default: { applies: true, threshold: 50000 },
  kyc_incomplete_mode: 'warn',
};

export const URL_OF = 'GET /api/companies/1/compliance';

/** Signs in as the admin and renders the compliance page, with the licence banner above it when asked. */
export function renderPage({ withBanner = false }: { withBanner?: boolean } = {}) {
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <MemoryRouter>
        {withBanner && <LicenceBanner />}
        <CompliancePage />
      </MemoryRouter>
    </AppProviders>,
  );
}
