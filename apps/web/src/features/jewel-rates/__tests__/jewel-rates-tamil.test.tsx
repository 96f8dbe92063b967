import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import { chainRate, renderPage, types } from './jewel-rates-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderInTamil() {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return renderPage();
}

describe('jewel rates in Tamil', () => {
  it('shows the list, the form and its validation in Tamil', async () => {
    stubApi({
      'GET /api/jewel-rates/': () => jsonResponse([chainRate]),
      'GET /api/jewel-types/': () => jsonResponse(types),
    });
    const user = userEvent.setup();
    renderInTamil();
    const row = (await screen.findByText('Chain')).closest('tr')!;
    expect(row).toHaveTextContent('ChainRs. 6,886.50Rs. 7,100.00Rs. 7,250.0020/11/2026செயலில்');
    for (const header of ['நகை வகை', 'விலை / கிராம்', 'சந்தை விலை', 'விற்பனை விலை', 'அமலாகும் தேதி']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(
      within(row).getByRole('button', { name: '20/11/2026 முதல் Chain விலையைத் திருத்து' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'நகை விலையைச் சேர்' }));
    const dialog = screen.getByRole('dialog', { name: 'நகை விலையைச் சேர்' });
    await within(dialog).findByRole('option', { name: 'Anklet (925) (செயலில் இல்லை)' });
    await user.type(within(dialog).getByLabelText('கிராம் ஒன்றுக்கு விலை (ரூ.)'), '-100');
    await user.click(within(dialog).getByRole('button', { name: 'சேமி' }));
    expect(await within(dialog).findByText('நகை வகையைத் தேர்ந்தெடுக்கவும்.')).toBeInTheDocument();
    expect(within(dialog).getByText('கிராம் விலை பூஜ்ஜியத்தை விட அதிகமாக இருக்க வேண்டும்')).toBeInTheDocument();
    expect(within(dialog).getByText('சந்தை விலை தேவை')).toBeInTheDocument();
  });

  it('says a delete in a Tamil toast', async () => {
    stubApi({
      'GET /api/jewel-rates/': () => jsonResponse([chainRate]),
      'DELETE /api/jewel-rates/11': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderInTamil();
    await user.click(await screen.findByRole('button', { name: '20/11/2026 முதல் Chain விலையை நீக்கு' }));
    const dialog = screen.getByRole('dialog', { name: 'நகை விலையை நீக்கு' });
    expect(dialog).toHaveTextContent('20/11/2026 முதல் கிராமுக்கு Rs. 6,886.50 என்ற Chain விலையை நீக்கவா?');
    await user.click(within(dialog).getByRole('button', { name: 'நீக்கு' }));
    expect(await screen.findByText('நகை விலை நீக்கப்பட்டது.')).toBeInTheDocument();
  });
});
