import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

/** On a fresh install the screen says how to import, not 'Search Completed'. */
afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

it('says how to import when the server reports an empty legacy store', async () => {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = '#/migrate';
  stubApi({
    'GET /api/users/me': () => jsonResponse(adminUser),
    'GET /api/legacy/customers/search': () => jsonResponse({ data: [], store_empty: true }),
  });
  renderApp();
  expect(await screen.findByText("The old system's customers are not imported yet.")).toBeInTheDocument();
  expect(
    screen.getByText('npm run legacy:import -- /path/to/CUSTOMER.DBF', { selector: 'code' }),
  ).toBeInTheDocument();
  expect(
    await screen.findByText('Nothing Imported Yet', { selector: '[data-testid="toast"] *' }),
  ).toBeInTheDocument();
  expect(screen.queryByText('Search Completed')).toBeNull();
  expect(screen.queryByRole('table', { name: 'Customers of the older system' })).toBeNull();
});
