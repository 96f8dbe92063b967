import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { paymentNo, paymentView } from './payment-fixtures';

afterEach(() => {
  window.location.hash = '';
});

function listAnswer(rows: unknown[], total: number) {
  const response = jsonResponse(rows);
  response.headers.set('X-Total-Count', String(total));
  return response;
}

function openHistoryInTamil(handlers: Parameters<typeof stubApi>[0]) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = '#/pledge/payment-list';
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
  return fetchMock;
}

describe('payment history in Tamil', () => {
  it('shows the table, its badges, filters and paging in Tamil, and refuses dates out of order in Tamil', async () => {
    openHistoryInTamil({
      'GET /api/pledge-payments/': () =>
        listAnswer(
          [
            paymentView({ payment_type: 'full_payment' }),
            paymentNo(5, { payment_type: 'partial_principal', payment_method: 'online', reversed: true }),
          ],
          2,
        ),
    });
    const row = (await screen.findByText('R/2026-27/000021')).closest('tr')!;
    expect(within(row).getByText('முழுத் தீர்வு')).toBeInTheDocument();
    expect(within(row).getByText('ரொக்கம்')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'GL/2026-27/0007 அடகின் R/2026-27/000021 செலுத்துதலைப் பார்' }),
    ).toBeInTheDocument();
    const reversedRow = screen.getByText('R/2026-27/000005').closest('tr')!;
    expect(within(reversedRow).getByText('பகுதி அசல்')).toBeInTheDocument();
    expect(within(reversedRow).getByText('திரும்பப்பெறப்பட்டது')).toBeInTheDocument();
    expect(within(reversedRow).getByText('ஆன்லைன் செலுத்துதல்')).toBeInTheDocument();
    for (const header of ['ரசீது எண் / தேதி', 'அடகு எண் / வாடிக்கையாளர்', 'செலுத்திய தொகை', 'நிலுவை']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const nav = screen.getByRole('navigation', { name: 'செலுத்துதல் பக்கங்கள்' });
    expect(within(nav).getByText('மொத்தம் 2 இல் 1–2 காட்டப்படுகிறது')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'முந்தைய' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'அடுத்த' })).toBeInTheDocument();

    const filters = screen.getByRole('form', { name: 'செலுத்துதல் வடிகட்டிகள்' });
    expect(within(filters).getByRole('option', { name: 'எல்லா வகைகளும்' })).toBeInTheDocument();
    expect(
      within(filters).getByRole('option', { name: 'வங்கிப் பரிமாற்றம் (பல அடகுச் செலுத்துதல்)' }),
    ).toBeInTheDocument();
    fireEvent.change(within(filters).getByLabelText('தொடக்கத் தேதி'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(filters).getByLabelText('இறுதித் தேதி'), { target: { value: '2026-11-01' } });
    await userEvent.setup().click(within(filters).getByRole('button', { name: 'தேடு' }));
    expect(await screen.findByText('தொடக்கத் தேதி இறுதித் தேதிக்குப் பின் இருக்கக்கூடாது')).toBeInTheDocument();
  });

  it('shows the View modal and the Reverse dialog in Tamil', async () => {
    const detail = paymentView({ bank_reference: null, created_by_username: 'ravi' });
    openHistoryInTamil({
      'GET /api/pledge-payments/': () => listAnswer([detail], 1),
      'GET /api/pledge-payments/31': () => jsonResponse(detail),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'GL/2026-27/0007 அடகின் R/2026-27/000021 செலுத்துதலைப் பார்' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'செலுத்துதல் R/2026-27/000021' });
    await within(dialog).findByText('ravi');
    const field = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(field('ரசீது எண்')).toHaveTextContent('R/2026-27/000021');
    expect(field('வாடிக்கையாளர் பெயர்')).toHaveTextContent('முருகன்');
    expect(field('மொத்தம் செலுத்தியது')).toHaveTextContent('Rs.');
    expect(field('வங்கிக் குறிப்பு எண்')).toHaveTextContent('இல்லை');
    expect(within(dialog).getByRole('heading', { name: 'தொகைகள்' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'ரசீது அச்சிடு' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'மூடு' }));

    await user.click(
      await screen.findByRole('button', {
        name: 'GL/2026-27/0007 அடகின் R/2026-27/000021 செலுத்துதலைத் திரும்பப்பெறு',
      }),
    );
    const reverse = await screen.findByRole('dialog', { name: 'செலுத்துதலைத் திரும்பப்பெறு' });
    expect(within(reverse).getByRole('button', { name: 'ரத்து செய்' })).toBeInTheDocument();
    await user.type(within(reverse).getByLabelText('திரும்பப்பெறுவதற்கான காரணம்'), 'Wrong pledge');
    await user.click(within(reverse).getByRole('button', { name: 'செலுத்துதலைத் திரும்பப்பெறு' }));
    expect(within(reverse).getByText(/^ரசீது R\/2026-27\/000021 ஐத் திரும்பப்பெறவா\?/)).toBeInTheDocument();
    expect(within(reverse).getByRole('button', { name: 'ஆம், திரும்பப்பெறு' })).toBeInTheDocument();
    expect(within(reverse).getByRole('button', { name: 'பின்செல்' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a reversal after a sale in Tamil, above the dialog's buttons", async () => {
    const detail =
      'Pledge GL/2026-27/0007 was sold at auction on 12/11/2026 (lot AL/2026-27/0003): its payments can no longer be reversed.';
    openHistoryInTamil({
      'GET /api/pledge-payments/': () => listAnswer([paymentView()], 1),
      'POST /api/pledge-payments/31/reverse': () => jsonResponse({ detail, code: 'PLEDGE_SOLD' }, 409),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /செலுத்துதலைத் திரும்பப்பெறு$/ }));
    const reverse = await screen.findByRole('dialog', { name: 'செலுத்துதலைத் திரும்பப்பெறு' });
    await user.type(within(reverse).getByLabelText('திரும்பப்பெறுவதற்கான காரணம்'), 'Cheque bounced');
    await user.click(within(reverse).getByRole('button', { name: 'செலுத்துதலைத் திரும்பப்பெறு' }));
    await user.click(within(reverse).getByRole('button', { name: 'ஆம், திரும்பப்பெறு' }));
    expect(await within(reverse).findByRole('alert')).toHaveTextContent(
      'அடகு GL/2026-27/0007 12/11/2026 அன்று ஏலத்தில் விற்கப்பட்டது (தொகுதி AL/2026-27/0003): அதன் செலுத்துதல்களை இனி திரும்பப்பெற இயலாது.',
    );
  });
});
