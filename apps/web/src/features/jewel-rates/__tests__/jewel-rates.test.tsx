import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { chainRate, renderPage, types } from './jewel-rates-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('jewel rates', () => {
  it('lists each rate with its type, the three amounts in Indian grouping and the effective date', async () => {
    stubApi({ 'GET /api/jewel-rates/': () => jsonResponse([chainRate]) });
    renderPage();
    const cell = await screen.findByText('Chain');
    expect(cell.closest('tr')).toHaveTextContent('ChainRs. 6,886.50Rs. 7,100.00Rs. 7,250.0020/11/2026Active');
  });

  it("asks for a jewel type ('Please select a Jewel Type.') and the three amounts; the date defaults to today", async () => {
    const fetchMock = stubApi({
      'GET /api/jewel-rates/': () => jsonResponse([]),
      'GET /api/jewel-types/': () => jsonResponse(types),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Add Jewel Rate' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Jewel Rate' });
    expect(
      await within(dialog).findByRole('option', { name: 'Anklet (925) (Inactive)' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Effective Date')).toHaveValue(formatIndianDate(businessToday()));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please select a Jewel Type.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Jewel Type')).toHaveDisplayValue('Select a jewel type');
    expect(within(dialog).getByText('Rate per gram is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Market price is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Selling price is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it("creates a rate, closes the dialog, reloads the list and says 'Jewel rate created.'", async () => {
    let sent: unknown;
    let listed = [] as (typeof chainRate)[];
    stubApi({
      'GET /api/jewel-rates/': () => jsonResponse(listed),
      'GET /api/jewel-types/': () => jsonResponse(types),
      'POST /api/jewel-rates/': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        listed = [chainRate];
        return jsonResponse(chainRate, 201);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Add Jewel Rate' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Jewel Rate' });
    await user.selectOptions(await within(dialog).findByLabelText('Jewel Type'), 'Chain (22K)');
    await user.type(within(dialog).getByLabelText('Rate per gram (Rs.)'), '6886.50');
    await user.type(within(dialog).getByLabelText('Market Price (Rs.)'), '7100');
    await user.type(within(dialog).getByLabelText('Selling Price (Rs.)'), '7250');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Jewel rate created.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual({
      jewel_type_id: 3,
      rate_per_gram: 6886.5,
      market_price: 7100,
      selling_price: 7250,
      effective_date: businessToday(),
      status: true,
    });
    expect(await screen.findByText('Rs. 6,886.50')).toBeInTheDocument();
  });

  it('shows the edited rate with its jewel type chosen, and deletes with "Jewel rate deleted."', async () => {
    stubApi({
      'GET /api/jewel-rates/': () => jsonResponse([chainRate]),
      'GET /api/jewel-types/': () => jsonResponse(types),
      'DELETE /api/jewel-rates/11': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit rate of Chain from 20/11/2026' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Jewel Rate' });
    expect(await within(dialog).findByLabelText('Jewel Type')).toHaveDisplayValue('Chain (22K)');
    expect(within(dialog).getByLabelText('Effective Date')).toHaveValue('20/11/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete rate of Chain from 20/11/2026' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Jewel Rate' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Jewel rate deleted.')).toBeInTheDocument();
  });
});
