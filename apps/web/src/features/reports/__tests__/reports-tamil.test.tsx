import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import type { TrialBalance } from '../api/get-trial-balance';
import { DayBookPage } from '../pages/day-book-page';
import { LedgerPage } from '../pages/ledger-page';
import { TrialBalancePage } from '../pages/trial-balance-page';
import { dayBook, renderPage } from './reports-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  refreshLanguage();
});

function renderInTamil(page: React.ReactNode) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return renderPage(page);
}

/** The English test's day book, its cash line without a narration. */
const dayBookWithoutLineNotes = {
  ...dayBook,
  vouchers: dayBook.vouchers.map((voucher) => ({
    ...voucher,
    lines: voucher.lines.map((line) => ({ ...line, narration: null })),
  })),
};

/** The same with the server's narration of a payment receipt, stored with its kind. */
const dayBookWithReceipt = {
  ...dayBookWithoutLineNotes,
  vouchers: dayBookWithoutLineNotes.vouchers.map((voucher) => ({
    ...voucher,
    narration: 'Receipt R/2026-27/000176: payment on pledge GL7',
    narration_code: 'receipt_payment',
    narration_params: { receipt: 'R/2026-27/000176', pledges: 'GL7' },
  })),
};

const row = (over: Partial<TrialBalance['rows'][number]>): TrialBalance['rows'][number] => ({
  account_id: 4,
  account_code: '3000',
  account_name: 'Capital',
  account_type: 'Equity',
  balance_side: 'credit',
  opening_balance: 500000,
  debit: 0,
  credit: 0,
  closing_balance: 500000,
  closing_debit: 0,
  closing_credit: 500000,
  ...over,
});

const trialBalance: TrialBalance = {
  as_of: '2026-11-22',
  rows: [
    row({}),
    // A system account renamed by its company, and one a user made: both as named.
    row({ account_id: 5, account_code: '1190', account_name: 'HDFC Clearing', account_type: 'Asset' }),
    row({ account_id: 6, account_code: '6100', account_name: 'Rent', account_type: 'Expense' }),
    row({
      account_id: null,
      account_code: '',
      account_name: 'Opening balance difference',
      account_type: '',
      balance_side: 'debit',
      closing_debit: 500000,
      closing_credit: 0,
    }),
  ],
  opening_balance_difference: 500000,
  totals: { debit: 0, credit: 0, closing_debit: 500000, closing_credit: 500000 },
  balanced: false,
};

describe('accounting reports in Tamil', () => {
  it('shows the trial balance with Tamil headings, types, sides and a Tamil download failure toast', async () => {
    stubApi({
      'GET /api/reports/trial-balance': ({ url }) =>
        url.includes('format=csv') ? new Response('', { status: 500 }) : jsonResponse(trialBalance),
    });
    renderInTamil(<TrialBalancePage />);
    const table = await screen.findByRole('table', { name: 'இருப்பாய்வு' });
    for (const header of ['குறியீடு', 'கணக்கு', 'தொடக்க இருப்பு', 'பற்று', 'வரவு', 'இறுதி பற்று']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    // A system account by its code in Tamil (Capital, account 3000; its type is also மூலதனம்).
    expect(within(table).queryByText('Capital')).toBeNull();
    expect(within(table).getByText('3000').closest('tr')).toHaveTextContent(
      '3000மூலதனம்மூலதனம்5,00,000.00 வரவு',
    );
    expect(within(table).getByText('HDFC Clearing')).toBeInTheDocument();
    expect(within(table).getByText('Rent')).toBeInTheDocument();
    expect(within(table).getByText('தொடக்க இருப்பு வேறுபாடு')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^நெடுவரிசைகள் பொருந்தவில்லை/);
    expect(screen.getByRole('heading', { name: 'இருப்பாய்வு' })).toBeInTheDocument();
    expect(screen.getByLabelText('நிலவரத் தேதி')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'CSV பதிவிறக்கு' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('பதிவிறக்கம் தோல்வி');
    expect(toast).toHaveTextContent('அறிக்கையைப் பதிவிறக்க முடியவில்லை.');
  });

  it('names a system account and a server narration on the ledger in Tamil, a typed narration as typed', async () => {
    stubApi({
      'GET /api/chart-of-accounts/1': () =>
        jsonResponse([{ id: 1, account_code: '1000', account_name: 'Cash in Hand', status: true }]),
      'GET /api/reports/ledger': () =>
        jsonResponse({
          account: {
            account_id: 1,
            account_code: '1000',
            account_name: 'Cash in Hand',
            account_type: 'Asset',
            balance_side: 'debit',
          },
          from: '2026-04-01',
          to: '2026-11-22',
          brought_forward: 0,
          lines: [
            {
              entry_date: '2026-11-02',
              entry_id: 5,
              voucher_number: 'RCT/2026-27/0001',
              voucher_type: 'Receipt',
              narration: 'Capital brought in',
              narration_code: null,
              narration_params: null,
              debit: 100000,
              credit: 0,
              balance: 100000,
            },
            {
              entry_date: '2026-11-03',
              entry_id: 6,
              voucher_number: 'PMT/2026-27/0001',
              voucher_type: 'Payment',
              narration: 'Pledge GL1 to Murugan K: loan paid out',
              narration_code: 'pledge_payout',
              narration_params: { pledge: 'GL1', customer: 'Murugan K' },
              debit: 0,
              credit: 40000,
              balance: 60000,
            },
          ],
          totals: { debit: 100000, credit: 40000 },
          closing_balance: 60000,
        }),
    });
    renderInTamil(<LedgerPage />);
    await screen.findByRole('option', { name: '1000 — கையிருப்பு ரொக்கம்' });
    await userEvent.setup().selectOptions(screen.getByLabelText('கணக்கு'), '1');
    const table = await screen.findByRole('table', { name: 'கணக்குப் பேரேடு' });
    expect(within(table).getByText('அடகு GL1, Murugan K க்கு: கடன் வழங்கப்பட்டது')).toBeInTheDocument();
    expect(within(table).getByText('Capital brought in')).toBeInTheDocument();
  });

  it('asks in Tamil for an account on the ledger', async () => {
    stubApi({ 'GET /api/chart-of-accounts/': () => jsonResponse([]) });
    renderInTamil(<LedgerPage />);
    expect(screen.getByText('பேரேட்டைக் காண ஒரு கணக்கைத் தேர்ந்தெடுக்கவும்.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'கணக்குப் பேரேடு' })).toBeInTheDocument();
    expect(screen.getByLabelText('கணக்கு')).toBeInTheDocument();
  });

  it('shows the day book with Tamil voucher types and totals, and refuses dates out of order in Tamil', async () => {
    stubApi({
      'GET /api/reports/day-book': () => jsonResponse(dayBookWithReceipt),
    });
    renderInTamil(<DayBookPage />);
    const vouchers = await screen.findByRole('table', { name: 'வவுச்சர்கள்' });
    expect(within(vouchers).getByText('குறிப்பு எண் R-7')).toBeInTheDocument();
    expect(within(vouchers).getByText('மொத்தம் (1 வவுச்சர்)')).toBeInTheDocument();
    const byType = screen.getByRole('table', { name: 'வவுச்சர் வகை வாரியான மொத்தம்' });
    expect(within(byType).getByText('ஜர்னல்')).toBeInTheDocument();
    // Cash in Hand (1000) in Tamil, the user's Rent account as named.
    expect(within(vouchers).getByText('கையிருப்பு ரொக்கம்')).toBeInTheDocument();
    expect(within(vouchers).getByText('Rent')).toBeInTheDocument();
    expect(within(vouchers).queryByText('Cash in Hand')).toBeNull();
    // The server's narration by its kind, in Tamil.
    expect(within(vouchers).getByText('ரசீது R/2026-27/000176: அடகு GL7 மீது செலுத்துதல்')).toBeInTheDocument();

    // A range of fixed dates (not today's, which moves), in order and then out of order.
    fireEvent.change(screen.getByLabelText('தேதி முதல்'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('தேதி வரை'), { target: { value: '2026-10-31' } });
    expect(screen.queryByText('தொடக்கத் தேதி இறுதித் தேதிக்குப் பின் இருக்கக்கூடாது.')).toBeNull();
    fireEvent.change(screen.getByLabelText('தேதி முதல்'), { target: { value: '2026-11-15' } });
    expect(await screen.findAllByText('தொடக்கத் தேதி இறுதித் தேதிக்குப் பின் இருக்கக்கூடாது.')).not.toHaveLength(0);
  });
});
