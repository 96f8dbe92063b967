import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { banks, open, register, row } from './pledge-fixture';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.location.hash = '';
});

describe('At Banks register', () => {
  it('lists what is at a bank with the totals per bank, and asks again with the filters', async () => {
    const urls: string[] = [];
    stubApi({
      'GET /api/bank-details/': banks,
      'GET /api/bank-repledges': ({ url }) => {
        urls.push(url);
        return jsonResponse(register([row(1), row(2)]));
      },
    });
    open('/registers/at-banks');
    const table = await screen.findByRole('table', { name: 'At banks register' });
    expect(within(table).getByText('GL1')).toBeInTheDocument();
    expect(within(table).getAllByText('Canara Bank')).toHaveLength(2);
    const sums = screen.getByRole('table', { name: 'Totals per bank' });
    expect(within(sums).getAllByText('Rs. 60,000.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute(
      'href',
      '#/registers/at-banks/print?status=open',
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Show'), 'all');
    await user.selectOptions(await screen.findByLabelText('Bank'), '7');
    await vi.waitFor(() => expect(urls.at(-1)).toContain('status=all'));
    await vi.waitFor(() => expect(urls.at(-1)).toContain('bank_id=7'));
  });

  it('says when nothing is at a bank', async () => {
    stubApi({ 'GET /api/bank-details/': banks, 'GET /api/bank-repledges': () => jsonResponse(register([])) });
    open('/registers/at-banks');
    expect(await screen.findByText('No articles are at a bank.')).toBeInTheDocument();
  });

  it("shows the server's sentence when the register fails", async () => {
    stubApi({
      'GET /api/bank-details/': banks,
      'GET /api/bank-repledges': () => jsonResponse({ detail: 'The register is busy.' }, 409),
    });
    open('/registers/at-banks?status=returned');
    expect(await screen.findByText('The register is busy.')).toBeInTheDocument();
  });
});
