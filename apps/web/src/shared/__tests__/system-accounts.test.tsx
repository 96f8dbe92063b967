import { SYSTEM_ACCOUNT_LIST } from '@pledge-desk/domain';
import { describe, expect, it } from 'vitest';
import { systemAccountText } from '../accounts/i18n';
import { accountNameIn } from '../accounts/use-account-name';

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
