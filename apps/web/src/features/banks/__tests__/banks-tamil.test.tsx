import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse } from '@/test/helpers';
import { openBanks, sbi } from './banks-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

function openBanksInTamil(handlers: Parameters<typeof openBanks>[0]) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  openBanks(handlers);
}

describe('banks in Tamil', () => {
  it('shows the list, the switch and the form with its validation in Tamil', async () => {
    openBanksInTamil({
      'GET /api/bank-details/': () => jsonResponse([sbi]),
      'PUT /api/bank-details/3': () => jsonResponse({ ...sbi, status: false }),
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'வங்கிகள்' });
    await within(table).findByText('Madurai Main');
    for (const header of ['வங்கிப் பெயர்', 'கணக்கு வைத்திருப்பவர்', 'கணக்கு எண்', 'கிளை / IFSC', 'கணக்கு வகை']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const toggle = within(table).getByRole('switch', { name: 'State Bank of India 30123456789 செயலில்' });
    expect(toggle).toHaveTextContent('செயலில்');
    expect(toggle).toHaveAttribute('title', 'செயலற்றதாக்க அழுத்தவும்');
    await user.click(toggle);
    expect(await screen.findByText('வங்கியின் நிலை "செயலில் இல்லை" என மாற்றப்பட்டது.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'வங்கியைச் சேர்' }));
    const dialog = screen.getByRole('dialog', { name: 'வங்கியைச் சேர்' });
    await user.type(within(dialog).getByLabelText('IFSC குறியீடு'), 'SBIN000081');
    await user.click(within(dialog).getByRole('button', { name: 'வங்கியை உருவாக்கு' }));
    expect(await within(dialog).findByText('வங்கிப் பெயர் தேவை')).toBeInTheDocument();
    expect(within(dialog).getByText('கணக்கு வகை தேவை')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '11 எழுத்து IFSC ஐ உள்ளிடவும்: 4 ஆங்கில எழுத்துகள், 0, பின்னர் 6 எழுத்துகள் அல்லது எண்கள் (SBIN0001234).',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's sentence of a refused edit in a Tamil toast", async () => {
    openBanksInTamil({
      'GET /api/bank-details/': () => jsonResponse([sbi]),
      'PUT /api/bank-details/3': () => jsonResponse({ detail: 'Bank not found.' }, 404),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'State Bank of India 30123456789 ஐத் திருத்து' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'வங்கியைத் திருத்து' });
    await user.click(within(dialog).getByRole('button', { name: 'வங்கியைப் புதுப்பி' }));
    const toast = (await screen.findByText('வங்கி கிடைக்கவில்லை.')).closest('[data-testid="toast"]');
    expect(toast).toHaveTextContent('சரிபார்ப்புப் பிழை');
  });
});
