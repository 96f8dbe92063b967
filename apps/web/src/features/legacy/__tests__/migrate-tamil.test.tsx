import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, renderApp } from '@/test/helpers';
import { DEFAULT_SEARCH_TERM } from '../pages/migrate-page';
import { murugan as englishMurugan, openMigrate, toast } from './migrate-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

/** The English test's Murugan, his original address as the legacy store spells it. */
const murugan = { ...englishMurugan, address_original: '12, ¸£ú ÃÐ' };

function openMigrateInTamil(handlers: Parameters<typeof openMigrate>[0]) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  openMigrate(handlers);
  renderApp();
}

describe('migrate in Tamil', () => {
  it('shows the search, its results, a migration and its toast in Tamil', async () => {
    openMigrateInTamil({
      'GET /api/legacy/customers/search': () => jsonResponse({ data: [murugan] }),
      'POST /api/legacy/customers/P1001/migrate': () =>
        jsonResponse(
          {
            created: true,
            customer: {
              id: 41,
              acc_code: 'C000041',
              customer_name: 'முருகன்',
              incomplete_fields: ['guardian_name', 'pincode'],
            },
          },
          201,
        ),
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'பழைய மென்பொருளின் வாடிக்கையாளர்கள்' });
    expect(screen.getByText(/க்கான தேடல் முடிவுகள்/).closest('p')).toHaveTextContent(
      `"${DEFAULT_SEARCH_TERM}" க்கான தேடல் முடிவுகள்1 வாடிக்கையாளர்`,
    );
    await toast('தேடல் முடிந்தது');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['வாடிக்கையாளர் எண்', 'பெயர்', 'முகவரி', 'தொலைபேசி', 'கைபேசி', 'குறிப்பு எண்', 'செயல்கள்']);
    expect(screen.getByLabelText('தேடல் சொல்')).toHaveValue(DEFAULT_SEARCH_TERM);

    await user.click(within(table).getByRole('button', { name: 'வாடிக்கையாளர் P1001 ஐ இடமாற்று' }));
    await toast('வாடிக்கையாளர் இடமாற்றப்பட்டார்');
    expect(
      screen.getByText(
        'முருகன் இப்போது வாடிக்கையாளர் C000041. வாடிக்கையாளர்கள் திரையில் இன்னும் நிரப்ப வேண்டியவை: தந்தை / கணவர் பெயர், அஞ்சல் குறியீடு.',
      ),
    ).toBeInTheDocument();
    expect(within(table).getByText('இடமாற்றப்பட்டது')).toBeInTheDocument();
  });

  it('shows a failed search and a blank term in Tamil', async () => {
    openMigrateInTamil({
      'GET /api/legacy/customers/search': () =>
        new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
    });
    const user = userEvent.setup();
    await toast('தேடல் தோல்வி');
    const box = screen.getAllByRole('alert').find((el) => el.textContent?.startsWith('பிழை:'));
    expect(box).toHaveTextContent('பிழை:வாடிக்கையாளர்களைப் பெற முடியவில்லை: 500 Internal Server Error');
    await user.clear(screen.getByLabelText('தேடல் சொல்'));
    await user.click(screen.getByRole('button', { name: 'தேடு' }));
    await toast('தேடல் சொல் தேவை');
  });
});
