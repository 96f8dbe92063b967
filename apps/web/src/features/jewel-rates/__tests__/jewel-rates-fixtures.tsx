import { render } from '@testing-library/react';
import { AppProviders } from '@/app/providers';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import { JewelRatesPage } from '../pages/jewel-rates-page';

/** The jewel types: Chain (22K) active, Anklet (925) inactive. */
export const types = [
  {
    id: 3,
    jewel_name: 'Chain',
    purity: '22K',
    status: true,
    description: null,
    created_at: '2026-11-01T00:00:00Z',
  },
  {
    id: 4,
    jewel_name: 'Anklet',
    purity: '925',
    status: false,
    description: null,
    created_at: '2026-11-01T00:00:00Z',
  },
];

/** The Chain rate from 20/11/2026. */
export const chainRate = {
  id: 11,
  jewel_type_id: 3,
  jewel_name: 'Chain',
  rate_per_gram: 6886.5,
  market_price: 7100,
  selling_price: 7250,
  effective_date: '2026-11-20',
  status: true,
  created_by: 1,
  created_at: '2026-11-20T05:00:00Z',
};

/** Signs in at the main branch and renders the jewel rates page. */
export function renderPage() {
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <JewelRatesPage />
    </AppProviders>,
  );
}
