import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { history, pledgeView, releaseView } from './releases-fixtures';

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

describe('the release screen', () => {
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

describe('the release slip (Form H)', () => {
  it('prints every paid line and a total that is their sum', async () => {
    openAt('#/pledge/release-slip/7', {
      'GET /api/pledges/7/history': () => jsonResponse(history({ releasable: false, has_release: true })),
      'GET /api/pledges/7/release': () =>
        jsonResponse({
          ...releaseView,
          pledge: { ...releaseView.pledge, total_loan_amount: 18800 },
          paid: {
            principal: 18800,
            first_month_interest: 282,
            interest: 4794,
            penalty: 150,
            discount: 44,
            total: 23982,
            receipts: [],
          },
        }),
      'GET /api/companies/1': () => jsonResponse(mainBranch),
    });
    const table = await screen.findByTestId('slip-paid');
    const amount = (line: string) =>
      within(table.querySelector(`[data-line="${line}"]`) as HTMLElement).getAllByRole('cell')[1]!
        .textContent;
    expect(amount('principal')).toBe('Rs. 18,800.00');
    expect(amount('firstMonthInterest')).toBe('Rs. 282.00');
    expect(amount('interest')).toBe('Rs. 4,794.00');
    expect(amount('penalty')).toBe('Rs. 150.00');
    expect(amount('discount')).toBe('-Rs. 44.00');
    expect(within(table).getByRole('row', { name: /Total Paid/ })).toHaveTextContent('Rs. 23,982.00');
    // The printed lines add up to the printed total.
    const lines = [...table.querySelectorAll('[data-amount]')].map((c) =>
      Number(c.getAttribute('data-amount')),
    );
    const total = Number(table.querySelector('[data-total]')?.getAttribute('data-total'));
    expect(Math.round(lines.reduce((s, x) => s + x * 100, 0))).toBe(Math.round(total * 100));
  });
});
