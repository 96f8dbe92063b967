import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, stubApi } from '@/test/helpers';
import { banks, murugan, open, pledgeView, register, row } from './pledge-fixture';

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

describe('re-pledges with a bank in Tamil', () => {
  it('shows the At Banks register, its filters and totals in Tamil, the printed headings in both languages', async () => {
    openInTamil('/registers/at-banks', {
      'GET /api/bank-details/': banks,
      'GET /api/bank-repledges': () => jsonResponse(register([row(1)])),
    });
    const table = await screen.findByRole('table', { name: 'வங்கியில் உள்ளவை பதிவேடு' });
    for (const header of ['நகைகள்', 'வங்கிக்குக் கொடுத்த தேதி', 'பெற்ற கடன்', 'வங்கியில் இருந்த நாட்கள்'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Pledge No / அடகு எண்' })).toBeInTheDocument();
    const totals = screen.getByRole('table', { name: 'வங்கி வாரியான மொத்தம்' });
    expect(within(totals).getByText('எல்லா வங்கிகளும்')).toBeInTheDocument();
    expect(within(totals).getByRole('columnheader', { name: 'இன்னும் வங்கியில்' })).toBeInTheDocument();
    const show = screen.getByLabelText('காட்டு');
    expect(within(show).getByRole('option', { name: 'இப்போது வங்கியில் உள்ளவை' })).toBeInTheDocument();
    expect(within(show).getByRole('option', { name: 'திரும்பியவை' })).toBeInTheDocument();
    expect(screen.getAllByText('இப்போது வங்கியில் உள்ளவை').length).toBeGreaterThan(1);
  });

  it('says in Tamil when nothing came back from a bank', async () => {
    openInTamil('/registers/at-banks?status=returned', {
      'GET /api/bank-details/': banks,
      'GET /api/bank-repledges': () => jsonResponse(register([])),
    });
    expect(await screen.findByText('எந்த நகையும் வங்கியிலிருந்து திரும்பவில்லை.')).toBeInTheDocument();
  });

  it("shows the pledge's bank part and Move to Bank in Tamil, with its checks and the server's refusal in Tamil", async () => {
    openInTamil('/pledges?view=7', {
      'GET /api/pledges/': () => jsonResponse([pledgeView()]),
      'GET /api/pledges/7': () => jsonResponse(pledgeView()),
      'GET /api/customers/41': () => jsonResponse(murugan),
      'GET /api/pledges/7/bank-repledges': () => jsonResponse([]),
      'GET /api/bank-details/': banks,
      'POST /api/pledges/7/move-to-bank': () =>
        jsonResponse(
          {
            detail: "This pledge's articles are already at a bank. Return them from the bank first.",
            code: 'PLEDGE_AT_BANK',
          },
          409,
        ),
    });
    expect(
      await screen.findByText('நகைகள் பெட்டகத்தில் உள்ளன; அவை வங்கியில் மறுஅடகு வைக்கப்படவில்லை.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'வங்கிக்கு மாற்று' }));
    const dialog = await screen.findByRole('dialog', { name: 'வங்கிக்கு மாற்று: அடகு GL/2026-27/0007' });
    expect(within(dialog).getByRole('option', { name: 'வங்கிக் கணக்கில்' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'வங்கிக்கு மாற்று' }));
    expect(await within(dialog).findByText('பெற்ற கடன் 0 ஐ விட அதிகமாக இருக்க வேண்டும்')).toBeInTheDocument();
    expect(
      within(dialog).getByText('வங்கியின் குறிப்பு எண்ணை (அதன் கடன் அல்லது பொட்டல எண்) உள்ளிடவும்'),
    ).toBeInTheDocument();

    await user.selectOptions(await within(dialog).findByLabelText('வங்கி'), '7');
    await user.type(within(dialog).getByLabelText('வங்கியில் பெற்ற கடன் (₹)'), '30000');
    await user.type(within(dialog).getByLabelText('வங்கிக் குறிப்பு எண்'), 'CB/GL/7');
    await user.click(within(dialog).getByRole('button', { name: 'வங்கிக்கு மாற்று' }));
    expect(
      await within(dialog).findByText(
        'இந்த அடகின் நகைகள் ஏற்கெனவே வங்கியில் உள்ளன. முதலில் அவற்றை வங்கியிலிருந்து திரும்பப் பெறவும்.',
      ),
    ).toBeInTheDocument();
  });
});
