import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import type { User } from '@/lib/session-types';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import type { GoldSilverRate } from '../api/get-rates';

/** The main branch's 24K gold and silver rates of `date`. */
export const rate = (id: number, date: string, gold: number, silver: number): GoldSilverRate => ({
  id,
  date,
  gold_rate_per_gram: gold,
  silver_rate_per_gram: silver,
  company_id: 1,
  created_by: 1,
  created_at: `${date}T04:00:00Z`,
});

/** Signs `user` in at the main branch and renders `page`. */
export function renderPage(page: ReactNode, user: User = adminUser) {
  seedSession({ user, company: mainBranch });
  return render(
    <AppProviders>
      <MemoryRouter>{page}</MemoryRouter>
    </AppProviders>,
  );
}
