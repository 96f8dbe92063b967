import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import { account, capital, renderPage } from './accounts-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

/** Cash in Hand without the English test's opening balance. */
const cash = account({ id: 1, account_code: '1000', account_name: 'Cash in Hand', is_system: true });

function renderInTamil() {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return renderPage();
}

describe('chart of accounts in Tamil', () => {
  it('shows the list with Tamil headings, types and the system badge, and the Add dialog refuses in Tamil', async () => {
    stubApi({ 'GET /api/chart-of-accounts/1': () => jsonResponse([cash, capital]) });
    const user = userEvent.setup();
    renderInTamil();
    await screen.findByText('Cash in Hand');
    const table = screen.getByRole('table', { name: 'கணக்குகளின் பட்டியல்' });
    for (const header of ['குறியீடு', 'பெயர்', 'தாய்க் கணக்கு', 'வகை', 'தொடக்க இருப்பு']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText('Capital').closest('tr')).toHaveTextContent('மூலதனம்');
    expect(within(table).getByText('அமைப்பு')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Capital நீக்கு' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'கணக்கைச் சேர்' }));
    const dialog = screen.getByRole('dialog', { name: 'கணக்கைச் சேர்' });
    expect(within(dialog).getByRole('button', { name: 'ரத்து செய்' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'சேமி' }));
    expect(await within(dialog).findByText('கணக்குப் பெயர் தேவை')).toBeInTheDocument();
    expect(within(dialog).getByText('கணக்கு வகை தேவை')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('கணக்குக் குறியீடு')).toBeInTheDocument();
  });

  it('asks before deleting in Tamil and shows the server refusal in a Tamil toast', async () => {
    stubApi({
      'GET /api/chart-of-accounts/1': () => jsonResponse([capital]),
      'DELETE /api/chart-of-accounts/3': () =>
        jsonResponse(
          { detail: 'This account is used by 2 voucher lines and cannot be deleted. Deactivate it instead.' },
          409,
        ),
    });
    const user = userEvent.setup();
    renderInTamil();
    await user.click(await screen.findByRole('button', { name: 'Capital நீக்கு' }));
    const dialog = screen.getByRole('dialog', { name: 'கணக்கை நீக்கு' });
    expect(dialog).toHaveTextContent('"3000 — Capital" கணக்கை நீக்கவா? இது தொடர்புடைய பதிவுகளைப் பாதிக்கலாம்.');
    await user.click(within(dialog).getByRole('button', { name: 'நீக்கு' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('நீக்க முடியவில்லை');
    expect(toast).toHaveTextContent('இந்தக் கணக்கை 2 வவுச்சர் வரிகள் பயன்படுத்துவதால் நீக்க முடியாது.');
  });
});
