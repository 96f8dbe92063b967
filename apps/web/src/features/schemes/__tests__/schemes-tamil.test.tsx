import { bulletTermMessage, ceilingMessage } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import { goldLoan, renderPage, types } from './schemes-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The English test's scheme, repaid in one bullet payment. */
const bulletGoldLoan = { ...goldLoan, bullet_repayment: true };

function renderInTamil() {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return renderPage();
}

describe('schemes in Tamil', () => {
  it('shows the list and an empty form refused in Tamil', async () => {
    stubApi({
      'GET /api/schemes/': () => jsonResponse([bulletGoldLoan]),
      'GET /api/jewel-types/': () => jsonResponse(types),
    });
    const user = userEvent.setup();
    renderInTamil();
    const row = (await screen.findByText('Gold Loan Regular')).closest('tr')!;
    expect(row).toHaveTextContent('12 மாதங்கள்');
    expect(row).toHaveTextContent('ஒரே தவணை');
    expect(row).toHaveTextContent('செயலில்');
    for (const header of ['திட்டம்', 'முன்னொட்டு', 'வட்டி / மாதம்', 'அனுமதிக்கப்பட்ட கடன்', 'கழிவு எடை']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'திட்டத்தைச் சேர்' }));
    const dialog = screen.getByRole('dialog', { name: 'திட்டத்தைச் சேர்' });
    await within(dialog).findByRole('option', { name: 'Chain (22K)' });
    expect(within(dialog).getByLabelText('இறுதியில் ஒரே தவணையில் திருப்பிச் செலுத்துதல்')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'சேமி' }));
    for (const message of ['நகை வகையைத் தேர்ந்தெடுக்கவும்.', 'திட்டப் பெயர் தேவை', 'முன்னொட்டு தேவை', 'காலம் தேவை']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
  });

  it("shows the server's compliance refusals in Tamil, and the delete toast", async () => {
    stubApi({
      'GET /api/schemes/': () => jsonResponse([bulletGoldLoan]),
      'GET /api/jewel-types/': () => jsonResponse(types),
      'PUT /api/schemes/21': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'interest_rate_per_month'],
                msg: ceilingMessage(200, 150),
                type: 'value_error',
              },
              { loc: ['body', 'duration_in_months'], msg: bulletTermMessage(18, 12), type: 'value_error' },
            ],
          },
          422,
        ),
      'DELETE /api/schemes/21': () => jsonResponse({ detail: 'This scheme is used by 3 pledges.' }, 409),
    });
    const user = userEvent.setup();
    renderInTamil();
    await user.click(await screen.findByRole('button', { name: 'Gold Loan Regular ஐத் திருத்து' }));
    const dialog = screen.getByRole('dialog', { name: 'திட்டத்தைத் திருத்து' });
    await within(dialog).findByRole('option', { name: 'Chain (22K)' });
    await user.click(within(dialog).getByRole('button', { name: 'புதுப்பி' }));
    expect(
      await within(dialog).findByText('மாதம் 2% வட்டி, இந்தக் கிளையின் உச்சவரம்பான மாதம் 1.5% ஐ விட அதிகம்'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'RBI விதிமுறைகளின்படி ஒரே தவணையில் திருப்பிச் செலுத்தும் கடன் அதிகபட்சம் 12 மாதங்கள் மட்டுமே; இந்தத் திட்டம் 18 மாதங்கள்',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ரத்து செய்' }));

    await user.click(screen.getByRole('button', { name: 'Gold Loan Regular ஐ நீக்கு' }));
    const confirm = screen.getByRole('dialog', { name: 'திட்டத்தை நீக்கு' });
    await user.click(within(confirm).getByRole('button', { name: 'நீக்கு' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('நீக்க முடியவில்லை');
    expect(toast).toHaveTextContent('இந்தத் திட்டத்தை 3 அடகுகள் பயன்படுத்துகின்றன.');
  });
});
