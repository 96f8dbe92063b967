import { render } from '@testing-library/react';
import { AppProviders } from '@/app/providers';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import { JewelTypesPage } from '../pages/jewel-types-page';

/** The Chain jewel type (22K), active. */
export const chain = {
  id: 7,
  jewel_name: 'Chain',
  description: 'Gold chain',
  purity: '22K',
  status: true,
  created_at: '2026-11-01T10:00:00Z',
};

/** Signs in at the main branch and renders the jewel types page. */
export function renderPage() {
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <JewelTypesPage />
    </AppProviders>,
  );
}
