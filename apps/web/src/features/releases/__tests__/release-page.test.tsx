import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '../../../test/helpers';
import { history, pledgeView } from './releases-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

function openAt(hash: string, handlers: Parameters<typeof stubApi>[0]) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = hash;
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
  return fetchMock;
}

describe('the release screen (issue 27 item 13)', () => {
  it('says first that the articles are at a bank, though the pledge is still open', async () => {
    openAt('#/pledge/release/7', {
      'GET /api/pledges/7': () => jsonResponse({ ...pledgeView(), closed_date: null, is_move_to_bank: true }),
      'GET /api/pledges/7/history': () =>
        jsonResponse(
          history({ closed_date: null, closed_by: null, is_move_to_bank: true, releasable: false }),
        ),
    });
    expect(
      await screen.findByText('The articles are at a bank: bring them back before releasing them.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/still open/)).not.toBeInTheDocument();
  });
});
