import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { refreshLanguage } from '../../../lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '../../../test/helpers';
import type { DaybookEntry } from '../api/get-daybook-entries';
import { DaybookPage } from '../pages/daybook-page';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

const accounts = [
  { account_id: 1, account_code: '1000', account_name: 'Cash in Hand', is_active: true, manual_entry: true },
  { account_id: 3, account_code: '6100', account_name: 'Rent', is_active: true, manual_entry: true },
];

const journal: DaybookEntry = {
  entry_id: 11,
  entry_date: '2026-11-20',
  voucher_type: 'Journal',
  voucher_number: 'JV/2026-27/0004',
  reference_number: 'R-9',
  narration: 'Shop rent for November',
  total_amount: 150000,
  company_id: 1,
  created_at: '2026-11-20T10:00:00Z',
  source: 'manual',
  is_editable: true,
  daybook_details: [
    {
      account_id: 3,
      account_code: '6100',
      account_name: 'Rent',
      debit_amount: 150000,
      credit_amount: 0,
      narration: null,
    },
    {
      account_id: 1,
      account_code: '1000',
      account_name: 'Cash in Hand',
      debit_amount: 0,
      credit_amount: 150000,
      narration: null,
    },
  ],
};
const pledgeVoucher: DaybookEntry = {
  ...journal,
  entry_id: 12,
  voucher_type: 'Payment',
  voucher_number: 'PMT/2026-27/0001',
  source: 'pledge',
  is_editable: false,
};

function renderInTamil() {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <DaybookPage />
    </AppProviders>,
  );
}

describe('daybook entries in Tamil', () => {
  it('lists vouchers with Tamil headings, types, sides and the read-only mark, and deletes with a Tamil toast', async () => {
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([journal, pledgeVoucher]),
      'DELETE /api/daybook-entries/11': () => jsonResponse(null, 204),
    });
    const user = userEvent.setup();
    renderInTamil();
    await screen.findByText('JV/2026-27/0004');
    const table = screen.getByRole('table', { name: 'நாள் கணக்குப் பதிவுகள்' });
    for (const header of ['தேதி', 'வவுச்சர் எண்', 'விவரம்', 'தொகை']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const journalRow = within(table).getByText('JV/2026-27/0004').closest('tr')!;
    expect(journalRow).toHaveTextContent('ஜர்னல்');
    expect(journalRow).toHaveTextContent('குறிப்பு எண் R-9');
    expect(journalRow).toHaveTextContent('பற்று Rent · வரவு Cash in Hand');
    const pledgeRow = within(table).getByText('PMT/2026-27/0001').closest('tr')!;
    expect(pledgeRow).toHaveTextContent('செலவுச் சீட்டு · அடகு');
    expect(pledgeRow).toHaveTextContent('பார்க்க மட்டும்');
    const filters = screen.getByRole('form', { name: 'நாள் கணக்குப் பதிவுகளை வடிகட்டு' });
    expect(within(filters).getByRole('option', { name: 'எல்லா வகைகளும்' })).toBeInTheDocument();

    await user.click(within(journalRow).getByRole('button', { name: 'JV/2026-27/0004 நீக்கு' }));
    const dialog = screen.getByRole('dialog', { name: 'நாள் கணக்குப் பதிவை நீக்கு' });
    expect(dialog).toHaveTextContent('20/11/2026 தேதியிட்ட JV/2026-27/0004 வவுச்சரை நீக்கவா?');
    await user.click(within(dialog).getByRole('button', { name: 'நீக்கு' }));
    expect(await screen.findByText('நாள் கணக்குப் பதிவு வெற்றிகரமாக நீக்கப்பட்டது.')).toBeInTheDocument();
  });

  it('shows the entry dialog in Tamil with its balance messages and refusals', async () => {
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
    });
    const user = userEvent.setup();
    renderInTamil();
    expect(await screen.findByText('இன்னும் நாள் கணக்குப் பதிவுகள் இல்லை.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'பதிவைச் சேர்' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'நாள் கணக்குப் பதிவைச் சேர்' });
    await within(within(dialog).getByLabelText('கணக்கு, வரி 1')).findAllByRole('option', {
      name: /Cash in Hand/,
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'குறைந்தது ஒரு பற்று அல்லது வரவுத் தொகையை உள்ளிடவும்.',
    );
    await user.type(within(dialog).getByLabelText('பற்று, வரி 1'), '100');
    expect(within(dialog).getByRole('status')).toHaveTextContent('மொத்தப் பற்றும் மொத்த வரவும் சமமாக இருக்க வேண்டும்.');
    await user.type(within(dialog).getByLabelText('வரவு, வரி 2'), '12.345');
    expect(within(dialog).getByText('அதிகபட்சம் 2 தசம இடங்களுடன் தொகையை உள்ளிடவும்.')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('வரி 2 இல் உள்ள தொகையைத் திருத்தவும்.');
    await user.clear(within(dialog).getByLabelText('வரவு, வரி 2'));
    await user.type(within(dialog).getByLabelText('வரவு, வரி 2'), '100');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'பதிவில் குறைந்தது இரண்டு கணக்குகள் இருக்க வேண்டும்.',
    );
    await user.selectOptions(within(dialog).getByLabelText('கணக்கு, வரி 1'), '3');
    await user.selectOptions(within(dialog).getByLabelText('கணக்கு, வரி 2'), '1');
    expect(within(dialog).getByRole('status')).toHaveTextContent('பற்றும் வரவும் சமம்: 100.00');
    expect(within(dialog).getByRole('option', { name: 'கான்ட்ரா' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'ரத்து செய்' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'சேமி' }));
    expect(await within(dialog).findByText('விவரம் தேவை')).toBeInTheDocument();
  });
});
