import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import type { Design } from '../api/search-designs';
import { COIN_HELP } from '../pickers/create-design-dialog';
import { DesignPicker } from '../pickers/design-picker';

afterEach(() => {
  vi.unstubAllGlobals();
});

const chain = { id: 4, design_name: 'Chain', created_at: '2026-11-01T05:00:00Z' };
const chainPendant = { id: 7, design_name: 'Chain with pendant', created_at: '2026-11-02T05:00:00Z' };

function Harness() {
  const [design, setDesign] = useState<Design | null>(null);
  return (
    <>
      <DesignPicker value={design} onChange={setDesign} />
      <p data-testid="chosen">{design ? `${design.id} ${design.design_name}` : 'none'}</p>
    </>
  );
}

function renderPicker() {
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <Harness />
    </AppProviders>,
  );
}

describe('DesignPicker', () => {
  it('searches GET /jewell_designs/?search= with the token and company, and chooses a match', async () => {
    const fetchMock = stubApi({
      'GET /api/jewell_designs/': () => jsonResponse([chain, chainPendant]),
    });
    const user = userEvent.setup();
    renderPicker();
    await user.type(screen.getByRole('combobox', { name: 'Design' }), 'chain');
    await user.click(await screen.findByRole('option', { name: 'Chain with pendant' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('7 Chain with pendant');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    const params = new URL(String(url), 'http://x').searchParams;
    expect(params.get('search')).toBe('chain');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-123');
    expect(headers['X-Company-Id']).toBe('1');
  });

  it('marks the coins among the matches', async () => {
    const sovereign = {
      id: 9,
      design_name: 'Chain sovereign',
      is_coin: true,
      created_at: '2026-11-03T05:00:00Z',
    };
    stubApi({ 'GET /api/jewell_designs/': () => jsonResponse([chain, sovereign]) });
    const user = userEvent.setup();
    renderPicker();
    await user.type(screen.getByRole('combobox', { name: 'Design' }), 'chain');
    expect(await screen.findByRole('option', { name: 'Chain sovereign Coin' })).toBeInTheDocument();
    // An answer without is_coin (an older server) is an ornament, unmarked.
    expect(screen.getByRole('option', { name: 'Chain' })).not.toHaveTextContent('Coin');
  });

  it("asks with '+ Create new' whether the design is a coin, saves it and chooses it", async () => {
    const created = { id: 12, design_name: 'Kasu mala', is_coin: false, created_at: '2026-11-22T05:00:00Z' };
    const fetchMock = stubApi({
      'GET /api/jewell_designs/': () => jsonResponse([]),
      'POST /api/jewell_designs/': () => jsonResponse(created, 201),
    });
    const user = userEvent.setup();
    renderPicker();
    await user.type(screen.getByRole('combobox', { name: 'Design' }), 'Kasu mala');
    await user.click(await screen.findByRole('option', { name: '+ Create new "Kasu mala"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Design' });
    expect(within(dialog).getByLabelText('Design Name')).toHaveValue('Kasu mala');
    const coin = within(dialog).getByRole('checkbox', { name: 'Coin' });
    expect(coin).not.toBeChecked();
    expect(coin).toHaveAccessibleDescription(COIN_HELP);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('chosen')).toHaveTextContent('12 Kasu mala'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Design' })).toHaveValue('Kasu mala');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ design_name: 'Kasu mala', is_coin: false });
    expect(await screen.findByText('Kasu mala has been added.')).toBeInTheDocument();
  });

  it('sends is_coin when the Coin box is ticked', async () => {
    const fetchMock = stubApi({
      'GET /api/jewell_designs/': () => jsonResponse([]),
      'POST /api/jewell_designs/': () =>
        jsonResponse(
          { id: 13, design_name: 'Sovereign', is_coin: true, created_at: '2026-11-22T05:00:00Z' },
          201,
        ),
    });
    const user = userEvent.setup();
    renderPicker();
    await user.type(screen.getByRole('combobox', { name: 'Design' }), 'Sovereign');
    await user.click(await screen.findByRole('option', { name: '+ Create new "Sovereign"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Design' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Coin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('chosen')).toHaveTextContent('13 Sovereign'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ design_name: 'Sovereign', is_coin: true });
  });

  it('shows the server sentence under the name when it is taken, and chooses nothing', async () => {
    stubApi({
      'GET /api/jewell_designs/': () => jsonResponse([chainPendant]),
      'POST /api/jewell_designs/': () =>
        jsonResponse({ detail: 'A design with this name already exists.', code: 'DESIGN_NAME_TAKEN' }, 409),
    });
    const user = userEvent.setup();
    renderPicker();
    await user.type(screen.getByRole('combobox', { name: 'Design' }), 'Chain');
    await user.click(await screen.findByRole('option', { name: '+ Create new "Chain"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Design' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A design with this name already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Design Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('chosen')).toHaveTextContent('none');
    // Cancel keeps what was typed.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('combobox', { name: 'Design' })).toHaveValue('Chain');
  });
});
