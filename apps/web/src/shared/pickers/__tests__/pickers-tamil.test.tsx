import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { refreshLanguage } from '@/lib/i18n/language';
import type { CustomerMatch } from '@/shared/api/search-customers';
import type { Design } from '@/shared/api/search-designs';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { CustomerPicker } from '../customer-picker';
import { DesignPicker } from '../design-picker';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

function Harness() {
  const [design, setDesign] = useState<Design | null>(null);
  const [customer, setCustomer] = useState<CustomerMatch | null>(null);
  return (
    <>
      <DesignPicker value={design} onChange={setDesign} />
      <CustomerPicker value={customer} onChange={setCustomer} />
      <p data-testid="chosen">{design ? `${design.id} ${design.design_name}` : 'none'}</p>
    </>
  );
}

function renderInTamil() {
  seedSession({ user: adminUser, company: mainBranch });
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return render(
    <AppProviders>
      <Harness />
    </AppProviders>,
  );
}

describe('the pickers in Tamil', () => {
  it('names the pickers, marks a coin and adds a design in Tamil', async () => {
    const sovereign = { id: 9, design_name: 'Sovereign', is_coin: true, created_at: '2026-11-03T05:00:00Z' };
    const created = { id: 12, design_name: 'Kasu mala', is_coin: false, created_at: '2026-11-22T05:00:00Z' };
    stubApi({
      'GET /api/jewell_designs/': ({ url }) =>
        jsonResponse(new URL(url, 'http://x').searchParams.get('search') === 'Sov' ? [sovereign] : []),
      'POST /api/jewell_designs/': () => jsonResponse(created, 201),
    });
    const user = userEvent.setup();
    renderInTamil();
    expect(screen.getByRole('combobox', { name: 'வாடிக்கையாளர்' })).toHaveAttribute(
      'placeholder',
      'பெயர் அல்லது கைபேசி எண்...',
    );
    const design = screen.getByRole('combobox', { name: 'வடிவம்' });
    expect(design).toHaveAttribute('placeholder', 'வடிவங்களைத் தேடு...');
    await user.type(design, 'Sov');
    expect(await screen.findByRole('option', { name: 'Sovereign நாணயம்' })).toBeInTheDocument();

    await user.clear(design);
    await user.type(design, 'Kasu mala');
    await user.click(await screen.findByRole('option', { name: '+ புதிதாக உருவாக்கு "Kasu mala"' }));
    const dialog = await screen.findByRole('dialog', { name: 'வடிவம் சேர்' });
    expect(within(dialog).getByLabelText('வடிவத்தின் பெயர்')).toHaveValue('Kasu mala');
    expect(within(dialog).getByRole('checkbox', { name: 'நாணயம்' })).toHaveAccessibleDescription(/^அணிகலன் அல்ல/);
    expect(within(dialog).getByRole('button', { name: 'ரத்து செய்' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'சேமி' }));
    await waitFor(() => expect(screen.getByTestId('chosen')).toHaveTextContent('12 Kasu mala'));
    expect(await screen.findByText('வடிவம் உருவாக்கப்பட்டது')).toBeInTheDocument();
    expect(screen.getByText('Kasu mala சேர்க்கப்பட்டது.')).toBeInTheDocument();
  });

  it("shows the server's sentence and the schema's message in Tamil", async () => {
    stubApi({
      'GET /api/jewell_designs/': () => jsonResponse([]),
      'POST /api/jewell_designs/': () =>
        jsonResponse({ detail: 'A design with this name already exists.', code: 'DESIGN_NAME_TAKEN' }, 409),
    });
    const user = userEvent.setup();
    renderInTamil();
    await user.type(screen.getByRole('combobox', { name: 'வடிவம்' }), 'Chain');
    await user.click(await screen.findByRole('option', { name: '+ புதிதாக உருவாக்கு "Chain"' }));
    const dialog = await screen.findByRole('dialog', { name: 'வடிவம் சேர்' });
    await user.click(within(dialog).getByRole('button', { name: 'சேமி' }));
    expect(await within(dialog).findByText('இந்தப் பெயரில் ஒரு வடிவம் ஏற்கெனவே உள்ளது.')).toBeInTheDocument();
    const name = within(dialog).getByLabelText('வடிவத்தின் பெயர்');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'சேமி' }));
    expect(await within(dialog).findByText('வடிவத்தின் பெயர் தேவை')).toBeInTheDocument();
  });
});
