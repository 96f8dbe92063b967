import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { CashLimitControl, checkCashLimit } from '../cash-limit/cash-limit-control';
import { BankPicker } from '../pickers/bank-picker';
import { SchemePicker } from '../pickers/scheme-picker';

// The shared controls every money screen uses read in Tamil: the cash limit's sentence and
// its box, and the select pickers' label, prompt, inactive mark and failure.

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

function inTamil(ui: ReactNode) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  seedSession({ user: adminUser, company: mainBranch });
  return render(<AppProviders>{ui}</AppProviders>);
}

const settings = (mode: 'warn' | 'block') => ({ cash_limit: 20000, cash_limit_mode: mode });

describe('the shared controls in Tamil', () => {
  it("says the cash limit's block in Tamil, naming the limit", () => {
    const check = checkCashLimit({
      amountPaise: 2_500_000,
      method: 'cash',
      settings: settings('block'),
      confirmed: false,
      what: 'receipt',
    });
    inTamil(<CashLimitControl check={check} confirmed={false} onConfirmedChange={() => {}} />);
    expect(screen.getByTestId('cash-limit-block')).toHaveTextContent(
      '₹20,000 அல்லது அதற்கு மேலான ரொக்க வரவு அனுமதிக்கப்படாது. வங்கிப் பரிமாற்றம் அல்லது ஆன்லைனைத் தேர்ந்தெடுக்கவும்.',
    );
  });

  it('offers the "Customer insists on cash" box in Tamil, with the server\'s sentence under it in Tamil', () => {
    const check = checkCashLimit({
      amountPaise: 2_500_000,
      method: 'cash',
      settings: settings('warn'),
      confirmed: false,
      what: 'payout',
    });
    inTamil(
      <CashLimitControl check={check} confirmed={false} onConfirmedChange={() => {}} error={check.message} />,
    );
    expect(
      screen.getByRole('checkbox', { name: 'வாடிக்கையாளர் ரொக்கமே கேட்கிறார் (₹20,000 அல்லது அதற்கு மேல்)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^₹20,000 அல்லது அதற்கு மேலான ரொக்க வழங்கலுக்கு/);
  });

  it('names a picker, its prompt and an inactive choice in Tamil', async () => {
    stubApi({
      'GET /api/schemes/': () =>
        jsonResponse([
          { id: 1, jewel_type_id: 1, scheme_name: 'Gold Monthly', short_name: 'GM', status: true },
          { id: 3, jewel_type_id: 1, scheme_name: 'Gold Old', short_name: 'GO', status: false },
        ]),
    });
    inTamil(<SchemePicker value={3} onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'திட்டம்' });
    await within(select).findByRole('option', { name: 'Gold Monthly (GM)' });
    expect(within(select).getByRole('option', { name: 'திட்டத்தைத் தேர்ந்தெடுக்கவும்' })).toBeInTheDocument();
    expect(within(select).getByRole('option', { name: 'Gold Old (GO) (செயலில் இல்லை)' })).toBeInTheDocument();
  });

  it('says in Tamil that the banks could not be loaded', async () => {
    stubApi({ 'GET /api/bank-details/': () => jsonResponse({ detail: 'Internal Server Error' }, 500) });
    inTamil(<BankPicker value={null} onChange={() => {}} />);
    expect(await screen.findByText('வங்கிகளைப் பெற முடியவில்லை.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'வங்கி' })).toBeInTheDocument();
  });
});
