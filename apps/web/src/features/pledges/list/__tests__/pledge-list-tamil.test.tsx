import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { murugan, muruganKyc, pledgeView } from './pledge-fixtures';

afterEach(() => {
  window.location.hash = '';
});

function listAnswer(rows: unknown[], total: number) {
  const response = jsonResponse(rows);
  response.headers.set('X-Total-Count', String(total));
  return response;
}

function openPledgesInTamil(handlers: Parameters<typeof stubApi>[0], hash = '#/pledges') {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = hash;
  stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
}

describe('pledge list in Tamil', () => {
  it('says in Tamil that the customer has no nominee, or that the KYC cannot be read', async () => {
    openPledgesInTamil(
      {
        'GET /api/pledges/': () => listAnswer([pledgeView()], 1),
        'GET /api/pledges/7': () => jsonResponse(pledgeView()),
        'GET /api/customers/41': () => jsonResponse(murugan),
        'GET /api/customers/41/kyc': () => jsonResponse(muruganKyc({ nominee: null })),
      },
      '#/pledges?view=7',
    );
    const dialog = await screen.findByRole('dialog', { name: 'அடகு GL/2026-27/0007' });
    expect(await within(dialog).findByText('பதிவில் இல்லை')).toBeInTheDocument();
  });

  it('shows the table, its search, status badges and paging in Tamil', async () => {
    openPledgesInTamil({
      'GET /api/pledges/': () =>
        listAnswer(
          [
            pledgeView({ total_loan_amount: 125000 }),
            pledgeView({
              pledge_id: 8,
              pledge_no: 'GL/2026-27/0008',
              closed_date: '2026-11-21',
              status: 'inactive',
              is_move_to_bank: true,
            }),
          ],
          2,
        ),
    });
    const row = (await screen.findByText('GL/2026-27/0007')).closest('tr')!;
    for (const text of ['கெடு 20/05/2027', 'Rs. 1,25,000.00', 'நிகர 10.250 கி', 'செயலில்']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const closed = screen.getByText('GL/2026-27/0008').closest('tr')!;
    for (const text of ['செயலில் இல்லை', 'மூடப்பட்டது', 'வங்கியில்'])
      expect(within(closed).getByText(text)).toBeInTheDocument();

    for (const header of ['அடகு எண்', 'வாடிக்கையாளர்', 'கடன் தொகை', 'மொத்த / நிகர எடை', 'நிலை'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(screen.getByLabelText('அடகுகளைத் தேடு')).toHaveAttribute(
      'placeholder',
      'அடகு எண், பெயர், கைபேசி அல்லது குறியீடு',
    );
    expect(screen.getByRole('button', { name: 'தேடு' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'அழி' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'அடகு உருவாக்கு' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'அடகு GL/2026-27/0007 திருத்து' })).toHaveTextContent('திருத்து');

    const pages = screen.getByRole('navigation', { name: 'அடகுப் பக்கங்கள்' });
    expect(within(pages).getByText('2 இல் 1–2 காட்டப்படுகிறது')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'அடகுகள் பக்கம் 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('button', { name: 'முந்தைய' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'அடுத்த' })).toBeDisabled();
  });

  it('says no pledge matches a search in Tamil', async () => {
    openPledgesInTamil({ 'GET /api/pledges/': () => listAnswer([], 0) }, '#/pledges?search=zz');
    expect(await screen.findByText('அடகுகள் எதுவும் இல்லை')).toBeInTheDocument();
    expect(
      screen.getByText('"zz" உடன் எதுவும் பொருந்தவில்லை. அடகு எண் அல்லது பெயரின் ஒரு பகுதியைக் கொண்டு முயலவும்.'),
    ).toBeInTheDocument();
  });

  it('shows the View modal in Tamil', async () => {
    openPledgesInTamil({
      'GET /api/pledges/': () => listAnswer([pledgeView()], 1),
      'GET /api/pledges/7': () => jsonResponse(pledgeView()),
      'GET /api/customers/41': () => jsonResponse(murugan),
      'GET /api/customers/41/kyc': () => jsonResponse(muruganKyc()),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'அடகு GL/2026-27/0007 பார்' }));
    const dialog = await screen.findByRole('dialog', { name: 'அடகு GL/2026-27/0007' });
    expect(await within(dialog).findByRole('img', { name: 'முருகன் அவர்களின் புகைப்படம்' })).toBeInTheDocument();
    expect(within(dialog).getByText('வாரிசுதாரர்')).toBeInTheDocument();
    expect(within(dialog).getByTestId('detail-nominee')).toHaveTextContent(
      'செல்வி (உறவு: மனைவி)கைபேசி 9842099999',
    );
    for (const text of ['வாடிக்கையாளர் விவரம்', 'அடகு விவரம்', 'கெடு தேதி', 'வட்டி விகிதம்', 'மாதம் 2%'])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: /^நகைகள் \(\d+\)$/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'முழு அச்சு' })).toHaveAttribute(
      'href',
      '#/pledge/print/7?kind=full',
    );
    expect(within(dialog).getByRole('link', { name: 'உள்ளடக்கம் மட்டும்' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'மூடு' }).length).toBeGreaterThan(0);
  });
});
