import { SYSTEM_ACCOUNT_LIST, VOUCHER_NARRATIONS } from '@pledge-desk/domain';
import { describe, expect, it } from 'vitest';
import { systemAccountText, voucherNarrationText } from '../accounts/i18n';
import { accountNameIn, narrationIn } from '../accounts/use-account-name';

const inTamil = (key: keyof typeof systemAccountText.ta) => systemAccountText.ta[key];

describe("system account names in the reader's language", () => {
  it('has every system account of the domain, under its code, with the English name the server gives it', () => {
    const english = Object.fromEntries(SYSTEM_ACCOUNT_LIST.map((a) => [`a${a.code}`, a.name]));
    expect(systemAccountText.en).toEqual(english);
  });

  it('names a system account by its code, and any other account as it is named', () => {
    expect(accountNameIn(inTamil, '1000', 'Cash in Hand')).toBe('கையிருப்பு ரொக்கம்');
    expect(accountNameIn(inTamil, '1200', 'Pledge Loans Receivable')).toBe('வரவேண்டிய அடகுக் கடன்கள்');
    // Renamed by its company: the company's name stands.
    expect(accountNameIn(inTamil, '1000', 'Main Counter Cash')).toBe('Main Counter Cash');
    // Made by a user.
    expect(accountNameIn(inTamil, '6100', 'Rent')).toBe('Rent');
    expect(accountNameIn(inTamil, '', 'Cash in Hand')).toBe('Cash in Hand');
  });
});

describe("voucher narrations in the reader's language", () => {
  const tamil = (key: keyof typeof voucherNarrationText.ta, values: Record<string, string>) =>
    voucherNarrationText.ta[key].replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '');

  it('has every kind the server writes, with the same English', () => {
    expect(voucherNarrationText.en).toEqual(VOUCHER_NARRATIONS);
  });

  it('says a narration of a known kind in Tamil, and any other as stored', () => {
    const params = { receipt: 'R/2026-27/000176', pledges: 'GL7' };
    expect(
      narrationIn(tamil, 'Receipt R/2026-27/000176: payment on pledge GL7', 'receipt_payment', params),
    ).toBe('ரசீது R/2026-27/000176: அடகு GL7 மீது செலுத்துதல்');
    expect(narrationIn(tamil, 'Shop rent', null, null)).toBe('Shop rent');
    expect(narrationIn(tamil, 'Old text', 'a_kind_not_known', params)).toBe('Old text');
  });
});
