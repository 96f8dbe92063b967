import type { AuctionSurplusList } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, stubApi } from '@/test/helpers';
import { balance, lot, open } from './auctions-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  refreshLanguage();
  window.location.hash = '';
});

function openInTamil(path: string, handlers: Parameters<typeof stubApi>[0]) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  open(path);
  return fetchMock;
}

describe('the auction screens in Tamil', () => {
  it('shows the catalogue and the sale form in Tamil, with the server refusals in Tamil', async () => {
    let answer = 0;
    openInTamil('/auctions/lot?id=7', {
      'GET /api/auctions/7': () => jsonResponse(lot),
      'GET /api/pledges/41/balance': () => jsonResponse(balance),
      'POST /api/auctions/7/sales': () =>
        ++answer === 1
          ? jsonResponse(
              {
                detail: [
                  {
                    loc: ['body', 'sale_date'],
                    msg: 'The sale date cannot be after today.',
                    type: 'value_error',
                  },
                  { loc: ['body', 'buyer_name'], msg: "Please enter the buyer's name", type: 'value_error' },
                ],
              },
              422,
            )
          : jsonResponse(
              { detail: 'Pledge GL41 is at a bank; bring the articles back before the sale.' },
              409,
            ),
    });
    const table = await screen.findByRole('table', { name: 'தொகுதி AL/2026-27/0001 இன் ஏலப் பட்டியல்' });
    const tabs = screen.getByRole('navigation', { name: 'ஏலத் திரைகள்' });
    expect(within(tabs).getByRole('link', { name: 'விற்பனைப் புத்தகம்' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'நிலை' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'மொத்த எடை (கி)' })).toBeInTheDocument();
    // The printed headings stay in both languages.
    expect(within(table).getByRole('columnheader', { name: 'Pledge No. / அடகு எண்' })).toBeInTheDocument();
    const row = within(table).getByText('GL41').closest('tr')!;
    expect(row).toHaveTextContent('அறிவிப்பு N/2026-27/0001');
    expect(row).toHaveTextContent('விற்பனைக்கு');
    expect(screen.getByRole('button', { name: 'ஏலப் பட்டியலை அச்சிடு' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'விற்பனையைப் பதிவு செய்' }));
    const form = screen.getByRole('form', { name: 'அடகு GL41 இன் விற்பனை' });
    expect(within(form).getByTestId('sale-result')).toHaveTextContent('விற்பனை விலையை உள்ளிடவும்');
    await within(form).findByText('Rs. 1,15,000.00');
    await user.type(within(form).getByLabelText('விற்பனை விலை (ரூ.)'), '120000.50');
    expect(within(form).getByTestId('sale-result')).toHaveTextContent(
      'அடகு வைத்தவருக்குத் தர வேண்டிய உபரி Rs. 5,000.50',
    );
    expect(within(form).getByRole('option', { name: 'ரொக்கம்' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'விற்பனையைச் சேமி' }));
    expect(await within(form).findByText('விற்பனை தேதி இன்றைக்குப் பின் இருக்கக்கூடாது.')).toBeInTheDocument();
    expect(within(form).getByText('வாங்கியவர் பெயரை உள்ளிடவும்')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'விற்பனையைச் சேமி' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'அடகு GL41 வங்கியில் உள்ளது; விற்பனைக்கு முன் நகைகளைத் திரும்பக் கொண்டுவரவும்.',
    );
  });

  it('shows the surpluses, their empty state and the lots in Tamil', async () => {
    const empty: AuctionSurplusList = { total: 0, total_owed: 0, items: [] };
    openInTamil('/auctions/surpluses', {
      'GET /api/auction-surpluses': () => jsonResponse(empty),
      'GET /api/auctions': () => jsonResponse({ items: [], total: 0 }),
    });
    expect(await screen.findByText('தர வேண்டிய உபரி எதுவும் இல்லை.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'ஏல உபரிகள் (அடகு வைத்தவர்களுக்குத் தர வேண்டியவை)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'அரசிடம் செலுத்தியவை' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'ஏலத் திரைகள்' });
    await userEvent.setup().click(within(tabs).getByRole('link', { name: 'ஏலத் தொகுதிகள்' }));
    expect(
      await screen.findByText(
        'இன்னும் ஏலத் தொகுதி எதுவும் இல்லை. அறிவிப்புக் காலம் முடிந்த அடகுகளைக் கொண்டு ஒன்றை உருவாக்கவும்.',
      ),
    ).toBeInTheDocument();
  });
});
