import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, mainBranch } from '@/test/helpers';
import { candidate, notice, openAt } from './notices-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

function openInTamil(hash: string, handlers: Parameters<typeof openAt>[1]) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return openAt(hash, handlers);
}

/** The English test's notice, printed once already. */
const printedNotice = { ...notice, prints: 1 };

describe('notices in Tamil', () => {
  it('prints the letter in both languages, its own words and the page around it in Tamil', async () => {
    openInTamil('#/pledge/notices/print/3', {
      'GET /api/notices': () => jsonResponse({ total_count: 1, rows: [printedNotice] }),
      'GET /api/companies/1': () =>
        jsonResponse({ ...mainBranch, company_name: 'Sri Lakshmi Jewel Loans', phone: '0452 2345678' }),
    });
    const letter = await screen.findByRole('article', { name: 'அறிவிப்பு N/2026-27/0001' });
    await within(letter).findByText('Sri Lakshmi Jewel Loans');
    // The letter stays in both languages.
    expect(within(letter).getByText('NOTICE BEFORE SALE')).toBeInTheDocument();
    expect(within(letter).getByText('/ விற்பனைக்கு முன் அறிவிப்பு')).toBeInTheDocument();
    expect(within(letter).getByText(/^The above pledge has passed its due date\./)).toBeInTheDocument();
    expect(within(letter).getByText(/^மேற்கண்ட அடகின் கெடு தேதி கடந்துவிட்டது\./)).toBeInTheDocument();
    // The reprint's stamp says the receipt's words in both languages, in a Tamil interface too.
    expect(within(letter).getByTestId('duplicate-mark')).toHaveTextContent('DUPLICATE / நகல்');
    // Its one-language words follow the interface.
    expect(within(letter).getByText('தந்தை / கணவர்: Ramasamy')).toBeInTheDocument();
    expect(within(letter).getByText('கைபேசி: 9840012345')).toBeInTheDocument();
    expect(within(letter).getByText('1 நகை')).toBeInTheDocument();
    expect(within(letter).getByText('Sri Lakshmi Jewel Loans சார்பாக')).toBeInTheDocument();
    expect(screen.getByText('1 அறிவிப்பு, தேதி 20/11/2026: ஒரு பக்கத்துக்கு ஒரு கடிதம்.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'அறிவிப்புகளுக்குத் திரும்பு' })).toBeInTheDocument();
  });

  it("shows the notices page in Tamil, with the server's refusal under its row in Tamil", async () => {
    openInTamil('#/pledge/notices', {
      'GET /api/notices/candidates': () =>
        jsonResponse({
          as_of: '2026-11-26',
          grace_days: 0,
          notice_wait_days: 30,
          total_count: 1,
          rows: [candidate],
        }),
      'GET /api/notices': () => jsonResponse({ total_count: 1, rows: [printedNotice] }),
      'POST /api/notices': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'pledge_ids', 0],
                msg: 'Pledge GL7 is closed; a notice is only for an open pledge.',
                type: 'value_error',
              },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'அடகு GL7 தேர்ந்தெடு' }));
    expect(screen.getByRole('heading', { name: 'விற்பனைக்கு முன் அறிவிப்புகள்' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'கெடு கடந்த அடகுகள்' })).toBeInTheDocument();
    expect(
      screen.getByText('26/11/2026 நிலவரப்படி 1 கெடு கடந்தவை (சலுகை 0 நாட்கள்; அறிவிப்புக்குப் பின் 30 நாட்களில் ஏலம்)'),
    ).toBeInTheDocument();
    for (const header of ['கெடு கடந்த நாட்கள்', 'கடைசி அறிவிப்பு', 'அனுப்பிய தேதி', 'சேர்ந்த தேதி']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = screen.getByTestId('notice-row-N/2026-27/0001');
    expect(row).toHaveTextContent('அனுப்பப்படவில்லை');
    expect(within(row).getByRole('button', { name: 'N/2026-27/0001 அனுப்பிய விவரத்தைச் சேமி' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'அனுப்பப்படாதவை' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'அறிவிப்புகளை உருவாக்கு (1)' }));
    expect(
      await screen.findByText('அடகு GL7 முடிக்கப்பட்டது; அறிவிப்பு நடப்பில் உள்ள அடகுக்கு மட்டுமே.'),
    ).toBeInTheDocument();
  });

  it('shows the reminders in Tamil', async () => {
    openInTamil('#/pledge/reminders', {
      'GET /api/reminders': () =>
        jsonResponse({
          as_of: '2026-11-26',
          days: 15,
          total_count: 1,
          rows: [
            {
              pledge_id: 7,
              pledge_no: 'GL7',
              due_date: '2026-11-01',
              overdue: true,
              customer_id: 41,
              customer_name: 'Murugan',
              mobile_number: '9840012345',
              amount_due: 47200,
              text_ta: 'வணக்கம் Murugan, உங்கள் அடகு GL7 கெடு கடந்துவிட்டது.',
              text_en: 'Dear Murugan, your pledge GL7 is overdue.',
              whatsapp_link: 'https://wa.me/919840012345',
              call_link: 'tel:+919840012345',
              reminded_today: false,
              last_reminded_on: '2026-11-20',
            },
          ],
        }),
    });
    const section = await screen.findByRole('region', { name: 'இன்றைய நினைவூட்டல்கள்' });
    const row = await within(section).findByTestId('reminder-row-GL7');
    expect(screen.getByRole('heading', { level: 2, name: 'நினைவூட்டல்கள்' })).toBeInTheDocument();
    expect(within(row).getByText('கெடு கடந்தது')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'GL7 பற்றி Murugan ஐ அழை' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'நினைவூட்டியதாகக் குறி' })).toBeInTheDocument();
    expect(within(row).getByText('கடைசியாக: 20/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'செய்தி (தமிழில்)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '15 நாட்கள்' })).toBeInTheDocument();
  });

  it('says in Tamil when nothing is overdue', async () => {
    openInTamil('#/pledge/notices', {
      'GET /api/notices/candidates': () =>
        jsonResponse({ as_of: '2026-11-26', grace_days: 0, notice_wait_days: 30, total_count: 0, rows: [] }),
      'GET /api/notices': () => jsonResponse({ total_count: 0, rows: [] }),
    });
    expect(await screen.findByText('இந்தத் தேதியில் கெடு கடந்த அடகு எதுவும் இல்லை.')).toBeInTheDocument();
    expect(await screen.findByText('இதுவரை அறிவிப்பு எதுவும் இல்லை.')).toBeInTheDocument();
  });
});
