import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import type { CustomerMatch } from '../api/search-customers';
import { BankPicker } from '../pickers/bank-picker';
import { CustomerPicker } from '../pickers/customer-picker';
import { JewelTypePicker } from '../pickers/jewel-type-picker';
import { SchemePicker } from '../pickers/scheme-picker';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWithSession(ui: ReactNode) {
  seedSession({ user: adminUser, company: mainBranch });
  return render(<AppProviders>{ui}</AppProviders>);
}

const gold = { id: 1, jewel_name: 'Gold', purity: '22K', status: true };
const silver = { id: 2, jewel_name: 'Silver', purity: '92.5', status: true };
const platinum = { id: 3, jewel_name: 'Platinum', purity: '950', status: false };

const scheme = (id: number, name: string, jewelTypeId: number, status = true) => ({
  id,
  jewel_type_id: jewelTypeId,
  scheme_name: name,
  short_name: name.slice(0, 2).toUpperCase(),
  status,
});

function IdHarness({
  render: renderPicker,
}: {
  render: (v: number | null, set: (id: number | null) => void) => ReactNode;
}) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      {renderPicker(value, setValue)}
      <p data-testid="chosen">{value ?? 'none'}</p>
    </>
  );
}

describe('shared pickers', () => {
  it('JewelTypePicker offers the active jewel types and gives the chosen id', async () => {
    stubApi({ 'GET /api/jewel-types/': () => jsonResponse([gold, silver, platinum]) });
    const user = userEvent.setup();
    renderWithSession(<IdHarness render={(v, set) => <JewelTypePicker value={v} onChange={set} />} />);
    const select = screen.getByRole('combobox', { name: 'Jewel Type' });
    await within(select).findByRole('option', { name: 'Silver (92.5)' });
    expect(within(select).queryByRole('option', { name: /Platinum/ })).not.toBeInTheDocument();
    await user.selectOptions(select, '2');
    expect(screen.getByTestId('chosen')).toHaveTextContent('2');
  });

  it("SchemePicker narrows to the jewel type's active schemes and keeps a chosen inactive one", async () => {
    stubApi({
      'GET /api/schemes/': () =>
        jsonResponse([
          scheme(1, 'Gold Monthly', 1),
          scheme(2, 'Silver Plus', 2),
          scheme(3, 'Gold Old', 1, false),
          scheme(4, 'Gold Closed', 1, false),
        ]),
    });
    renderWithSession(<SchemePicker value={3} onChange={() => {}} jewelTypeId={1} />);
    const select = screen.getByRole('combobox', { name: 'Scheme' });
    await within(select).findByRole('option', { name: 'Gold Monthly (GO)' });
    expect(within(select).getByRole('option', { name: 'Gold Old (GO) (inactive)' })).toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: /Silver Plus/ })).not.toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: /Gold Closed/ })).not.toBeInTheDocument();
    expect(select).toHaveValue('3');
  });

  it('BankPicker says when the banks cannot be loaded', async () => {
    stubApi({ 'GET /api/bank-details/': () => jsonResponse({ detail: 'Internal Server Error' }, 500) });
    renderWithSession(<BankPicker value={null} onChange={() => {}} />);
    // The query retries once before it gives up.
    expect(await screen.findByText('Failed to fetch banks.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('CustomerPicker searches GET /customers/search?q= in the selected company and chooses a match', async () => {
    const fetchMock = stubApi({
      'GET /api/customers/search': () =>
        jsonResponse([
          { id: 41, name: 'முருகன்', phone: '9842012345' },
          { id: 42, name: 'Murugesan', phone: '9842099999' },
        ]),
    });
    function Harness() {
      const [customer, setCustomer] = useState<CustomerMatch | null>(null);
      return (
        <>
          <CustomerPicker value={customer} onChange={setCustomer} />
          <p data-testid="chosen">{customer ? `${customer.id} ${customer.name}` : 'none'}</p>
        </>
      );
    }
    const user = userEvent.setup();
    renderWithSession(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'Customer' }), '98420');
    await user.click(await screen.findByRole('option', { name: 'Murugesan — 9842099999' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('42 Murugesan');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url), 'http://x').searchParams.get('q')).toBe('98420');
    expect((init!.headers as Record<string, string>)['X-Company-Id']).toBe('1');
  });
});
