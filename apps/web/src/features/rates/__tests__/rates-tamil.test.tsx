import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import type { User } from '@/lib/session-types';
import { adminUser, clerkUser, jsonResponse, stubApi } from '@/test/helpers';
import { GoldSilverRatesPage } from '../pages/gold-silver-rates-page';
import { RateManagementPage } from '../pages/rate-management-page';
import { rate, renderPage } from './rates-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderInTamil(page: ReactNode, user: User = adminUser) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return renderPage(page, user);
}

describe('gold and silver rates in Tamil', () => {
  it('shows the daily rates, their change and the detailed table in Tamil', async () => {
    stubApi({
      'GET /api/gold_silver_rates': () =>
        jsonResponse([rate(2, '2026-11-21', 7512, 95.5), rate(1, '2026-11-20', 7500, 96)]),
    });
    renderInTamil(<GoldSilverRatesPage />);
    const gold = await screen.findByRole('region', { name: 'தங்கம் 24K' });
    expect(gold).toHaveTextContent('+Rs. 12.00 (+0.16%)முந்தைய நாளிலிருந்து');
    expect(gold).toHaveTextContent('/ கிராம்');
    expect(screen.getByRole('region', { name: 'வெள்ளி' })).toBeInTheDocument();
    expect(screen.getByText(/தேதியின் விலைகள்/)).toHaveTextContent(
      '21/11/2026 தேதியின் விலைகள், 20/11/2026 உடன் ஒப்பிட்டு.',
    );
    expect(screen.getByRole('heading', { name: 'விலை வரலாறு' })).toBeInTheDocument();
    expect(screen.getByText('கடைசி 2 பதிவு நாட்கள், கிராம் விலை')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'விரிவான விலைகள்' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('உலோகம்தரம்ஒரு கிராம்10 கிராம்ஒரு கிலோ');
    expect(rows[1]).toHaveTextContent('தங்கம்24K (999)');
    expect(rows[3]).toHaveTextContent('வெள்ளி999 தூய்மை');
  });

  it('tells a clerk in Tamil to ask an admin when no rate is stored', async () => {
    stubApi({ 'GET /api/gold_silver_rates': () => jsonResponse([]) });
    renderInTamil(<GoldSilverRatesPage />, clerkUser);
    expect(await screen.findByText('இன்னும் தங்கம், வெள்ளி விலைகள் இல்லை.')).toBeInTheDocument();
    expect(screen.getByText('இன்றைய தங்கம், வெள்ளி விலையைச் சேர்க்க நிர்வாகியிடம் கேட்கவும்.')).toBeInTheDocument();
  });

  it('shows Rate Management, its form, its validation and the server clash in Tamil', async () => {
    stubApi({
      'GET /api/gold_silver_rates': () => jsonResponse([rate(2, '2026-11-21', 12512.5, 95.5)]),
      'PUT /api/gold_silver_rates/2': () =>
        jsonResponse({ detail: 'A rate for this date already exists.' }, 409),
    });
    const user = userEvent.setup();
    renderInTamil(<RateManagementPage />);
    const cell = await screen.findByText('21/11/2026');
    expect(cell.closest('tr')).toHaveTextContent('21/11/2026Rs. 12,512.50Rs. 95.50');
    for (const header of ['தேதி', 'தங்க விலை / கிராம்', 'வெள்ளி விலை / கிராம்']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'விலையைச் சேர்' }));
    let dialog = screen.getByRole('dialog', { name: 'விலையைச் சேர்' });
    await user.type(within(dialog).getByLabelText('கிராம் ஒன்றுக்குத் தங்க விலை (24K, ரூ.)'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'சேமி' }));
    expect(await within(dialog).findByText('தங்க விலை பூஜ்ஜியத்தை விட அதிகமாக இருக்க வேண்டும்')).toBeInTheDocument();
    expect(within(dialog).getByText('வெள்ளி விலை தேவை')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ரத்து செய்' }));

    await user.click(screen.getByRole('button', { name: '21/11/2026 தேதியின் விலையைத் திருத்து' }));
    dialog = screen.getByRole('dialog', { name: 'விலையைத் திருத்து' });
    await user.click(within(dialog).getByRole('button', { name: 'புதுப்பி' }));
    expect(await within(dialog).findByText('இந்தத் தேதிக்கான விலை ஏற்கெனவே உள்ளது.')).toBeInTheDocument();
  });
});
