import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { row } from './releases-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('Awaiting Release', () => {
  it('lists the closed pledges with the days waited, the overdue flag and a Release link', async () => {
    seedSession({ user: adminUser, company: mainBranch });
    window.location.hash = '#/pledge/awaiting-release';
    stubApi({
      'GET /api/users/me': () => jsonResponse(adminUser),
      'GET /api/releases/pending': () =>
        new Response(
          JSON.stringify([
            row(),
            row({
              pledge_id: 8,
              pledge_no: 'GL8',
              working_days_waited: 2,
              overdue: false,
              is_move_to_bank: true,
            }),
          ]),
          {
            status: 200,
            headers: {
              'Content-Type': 'application/json',
              'X-Total-Count': '2',
              'X-Overdue-Count': '1',
              'X-Release-Wait': '7',
            },
          },
        ),
    });
    renderApp();
    expect(await screen.findByTestId('awaiting-count')).toHaveTextContent('2 awaiting · 1 overdue');
    const table = screen.getByRole('table', { name: 'Pledges awaiting release' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('GL7');
    expect(rows[1]).toHaveTextContent('Overdue');
    expect(within(rows[1]!).getByRole('link', { name: 'Release GL7' })).toHaveAttribute(
      'href',
      '#/pledge/release/7',
    );
    expect(rows[2]).toHaveTextContent('At a bank');
    expect(rows[2]).not.toHaveTextContent('Overdue');
    expect(screen.getByText(/Flagged after 7 working days/)).toBeInTheDocument();
  });

  it('says so when nothing waits', async () => {
    seedSession({ user: adminUser, company: mainBranch });
    window.location.hash = '#/pledge/awaiting-release';
    stubApi({
      'GET /api/users/me': () => jsonResponse(adminUser),
      'GET /api/releases/pending': () => jsonResponse([]),
    });
    renderApp();
    expect(await screen.findByText('No articles are waiting for their release.')).toBeInTheDocument();
  });
});
