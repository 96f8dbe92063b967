import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import { chain as goldlessChain, renderPage } from './jewel-types-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The English test's Chain, of gold. */
const chain = { ...goldlessChain, metal: 'gold' };

function renderInTamil() {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return renderPage();
}

describe('jewel types in Tamil', () => {
  it('shows the list, the form and its validation in Tamil', async () => {
    stubApi({
      'GET /api/jewel-types/': () =>
        jsonResponse([chain, { ...chain, id: 8, jewel_name: 'Anklet', metal: 'silver', status: false }]),
    });
    const user = userEvent.setup();
    renderInTamil();
    const table = await screen.findByRole('table', { name: 'நகை வகைகள்' });
    expect(within(table).getByText('Chain').closest('tr')).toHaveTextContent('Chain22Kதங்கம்Gold chainசெயலில்');
    expect(within(table).getByText('Anklet').closest('tr')).toHaveTextContent('வெள்ளி');
    for (const header of ['நகைப் பெயர்', 'தரம்', 'உலோகம்', 'விளக்கம்', 'நிலை']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'நகை வகையைச் சேர்' }));
    const dialog = screen.getByRole('dialog', { name: 'நகை வகையைச் சேர்' });
    expect(within(dialog).getByRole('option', { name: 'வெள்ளி' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'சேமி' }));
    expect(await within(dialog).findByText('நகைப் பெயர் தேவை')).toBeInTheDocument();
    expect(within(dialog).getByText('தரம் தேவை')).toBeInTheDocument();
  });

  it("shows the server's refusal of a delete in a Tamil toast", async () => {
    stubApi({
      'GET /api/jewel-types/': () => jsonResponse([chain]),
      'DELETE /api/jewel-types/7': () =>
        jsonResponse({ detail: 'This jewel type is used by 2 schemes and 1 jewel rate.' }, 409),
    });
    const user = userEvent.setup();
    renderInTamil();
    await user.click(await screen.findByRole('button', { name: 'Chain ஐ நீக்கு' }));
    const dialog = screen.getByRole('dialog', { name: 'நகை வகையை நீக்கு' });
    expect(dialog).toHaveTextContent('"Chain" நகை வகையை நீக்கவா?');
    await user.click(within(dialog).getByRole('button', { name: 'நீக்கு' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('நீக்க முடியவில்லை');
    expect(toast).toHaveTextContent('இந்த நகை வகையை 2 திட்டங்களும் 1 நகை விலையும் பயன்படுத்துகின்றன.');
  });
});
