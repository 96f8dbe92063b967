import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { pledgeView } from '@/features/pledges/list/__tests__/pledge-fixtures';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse } from '@/test/helpers';
import { openRenew, preview } from './renew-pledge-fixtures';

afterEach(() => {
  window.location.hash = '';
});

function openRenewInTamil(handlers: Parameters<typeof openRenew>[0], pledge = pledgeView()) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return openRenew(handlers, pledge);
}

describe('Renew / Top-up in Tamil', () => {
  it('shows the form, the preview with its cash statement and the saved renewal in Tamil', async () => {
    openRenewInTamil({
      'POST /api/pledges/7/renew/preview': () => jsonResponse(preview()),
      'POST /api/pledges/7/renew': () =>
        jsonResponse(
          {
            ...preview(),
            renewal_id: 1,
            receipt_id: 55,
            receipt_no: 'R/2026-27/000055',
            close_voucher: { ...preview().close_voucher, voucher_number: 'RCT/2026-27/0009' },
            open_voucher: { ...preview().open_voucher, voucher_number: 'PMT/2026-27/0010' },
            old_pledge_view: pledgeView({ status: 'inactive', closed_date: '2026-11-26' }),
            new_pledge_view: pledgeView({ pledge_id: 8, id: 8, pledge_no: 'GL/2026-27/0008' }),
          },
          201,
        ),
    });
    const user = userEvent.setup();
    const panel = await screen.findByRole(
      'complementary',
      { name: 'புதுப்பித்தல் முன்னோட்டம்' },
      { timeout: 15000 },
    );
    expect(
      await within(panel).findByText('வாடிக்கையாளருக்கு Rs. 9,000.00 ரொக்கமாகக் கொடுக்கவும்.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('வட்டி (178 நாட்கள்)')).toBeInTheDocument();
    const table = within(panel).getByRole('table', { name: 'புதிய கடன் வழங்கல்' });
    expect(within(table).getByRole('columnheader', { name: 'பற்று' })).toBeInTheDocument();
    expect(
      screen.getByText('அடகு GL/2026-27/0007 இன் நகைகள்: வைத்திரு அல்லது திருப்பிக் கொடு'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('புதிய கடன் தொகை')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'ரொக்கம்' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Ring வைத்திரு' }));
    expect(
      screen.getByText('1 வைக்கப்படுகின்றன, 1 புதுப்பித்தலுடன் வாடிக்கையாளருக்குத் திருப்பிக் கொடுக்கப்படுகின்றன.'),
    ).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('button', { name: 'புதுப்பித்தலைச் சேமி' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'புதுப்பித்தலைச் சேமி' }));
    const saved = await screen.findByRole('region', { name: 'புதுப்பித்தல் சேமிக்கப்பட்டது' });
    expect(within(saved).getByTestId('renewal-new-pledge-no')).toHaveTextContent('GL/2026-27/0008');
    expect(within(saved).getByRole('heading')).toHaveTextContent(
      'அடகு GL/2026-27/0007 புதுப்பிக்கப்பட்டது, புதிய அடகு GL/2026-27/0008',
    );
    expect(within(saved).getByTestId('renewal-saved-cash')).toHaveTextContent(
      'வாடிக்கையாளருக்கு Rs. 9,000.00 ரொக்கமாகக் கொடுக்கவும்.',
    );
    expect(within(saved).getByRole('link', { name: 'புதிய அடகுச் சீட்டை அச்சிடு' })).toBeInTheDocument();
    expect(within(saved).getByRole('link', { name: 'ரசீது R/2026-27/000055' })).toBeInTheDocument();
  });

  it("puts the server's refusal under the renewal date in Tamil", async () => {
    openRenewInTamil({
      'POST /api/pledges/7/renew/preview': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'renewal_date'],
                msg: 'Renewal date cannot be after today.',
                type: 'value_error',
              },
            ],
          },
          422,
        ),
    });
    expect(
      await screen.findByText('புதுப்பிக்கும் தேதி இன்றைக்குப் பின் இருக்கக்கூடாது.', {}, { timeout: 15000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'புதுப்பித்தலைச் சேமி' })).toBeDisabled();
  });

  it('says in Tamil that a closed pledge cannot be renewed', async () => {
    openRenewInTamil({}, pledgeView({ closed_date: '2026-10-01', status: 'inactive' }));
    expect(
      await screen.findByText(
        'இந்த அடகைப் புதுப்பிக்க இயலாது: நகைகள் கடையில் உள்ள, செயலில் உள்ள, நடப்பு அடகை மட்டுமே புதுப்பிக்க முடியும்.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('renew-pledge-no')).toHaveTextContent(
      'அடகு GL/2026-27/0007 · முருகன் · அடகு தேதி',
    );
  });
});
