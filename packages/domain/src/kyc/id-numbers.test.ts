import { describe, expect, it } from 'vitest';
import {
  aadhaarLastFour,
  ID_DOCUMENT_KINDS,
  idNumberProblem,
  keptIdNumber,
  maskedAadhaar,
  shownIdNumber,
  verhoeffCheckDigit,
  verhoeffValid,
} from './id-numbers.ts';

describe('Verhoeff check digit (the last digit of an Aadhaar number)', () => {
  it("gives Verhoeff's published examples: 236 → 3, 12345 → 1", () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('123451')).toBe(true);
  });

  it('passes the UIDAI specimen card number 4991 1866 5246', () => {
    expect(verhoeffValid('499118665246')).toBe(true);
  });

  it('catches every single changed digit and every swap of two neighbouring digits', () => {
    const good = '499118665246';
    for (let i = 0; i < good.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[i]) continue;
        expect(verhoeffValid(good.slice(0, i) + d + good.slice(i + 1)), `digit ${i} → ${d}`).toBe(false);
      }
      if (i + 1 < good.length && good[i] !== good[i + 1]) {
        const swapped = good.slice(0, i) + good[i + 1] + good[i] + good.slice(i + 2);
        expect(verhoeffValid(swapped), `swap ${i}`).toBe(false);
      }
    }
  });

  it('the digit it computes always checks', () => {
    for (const body of ['23456789012', '98765432109', '50000000000', '77777777777']) {
      expect(verhoeffValid(body + verhoeffCheckDigit(body))).toBe(true);
    }
  });
});

describe('idNumberProblem: each kind of ID document has its own form', () => {
  it('Aadhaar: 12 digits, as typed with spaces or hyphens', () => {
    expect(idNumberProblem('aadhaar', '4991 1866 5246')).toBeNull();
    expect(idNumberProblem('aadhaar', '4991-1866-5246')).toBeNull();
    expect(idNumberProblem('aadhaar', '4991 1866 524')).toBe('aadhaarDigits');
    expect(idNumberProblem('aadhaar', '4991 1866 52460')).toBe('aadhaarDigits');
    expect(idNumberProblem('aadhaar', '4991 1866 524O')).toBe('aadhaarDigits');
  });

  it('Aadhaar: never starts with 0 or 1', () => {
    const body = '12345678901';
    expect(idNumberProblem('aadhaar', body + verhoeffCheckDigit(body))).toBe('aadhaarFirstDigit');
    const zero = '02345678901';
    expect(idNumberProblem('aadhaar', zero + verhoeffCheckDigit(zero))).toBe('aadhaarFirstDigit');
  });

  it('Aadhaar: a wrong last digit is refused by the Verhoeff check', () => {
    expect(idNumberProblem('aadhaar', '499118665247')).toBe('aadhaarCheckDigit');
  });

  it('PAN: five letters, four digits, a letter; lower case is taken as capitals', () => {
    expect(idNumberProblem('pan', 'ABCDE1234F')).toBeNull();
    expect(idNumberProblem('pan', 'abcde1234f')).toBeNull();
    expect(idNumberProblem('pan', 'ABCD1234F')).toBe('panFormat');
    expect(idNumberProblem('pan', 'ABCDE12345')).toBe('panFormat');
    expect(idNumberProblem('pan', '1BCDE1234F')).toBe('panFormat');
  });

  it('Voter ID (EPIC): three letters and seven digits', () => {
    expect(idNumberProblem('voter_id', 'TNX1234567')).toBeNull();
    expect(idNumberProblem('voter_id', 'TN1234567')).toBe('voterIdFormat');
    expect(idNumberProblem('voter_id', 'TNX123456')).toBe('voterIdFormat');
  });

  it('Passport: a letter and seven digits', () => {
    expect(idNumberProblem('passport', 'J8369854')).toBeNull();
    expect(idNumberProblem('passport', 'J836985')).toBe('passportFormat');
    expect(idNumberProblem('passport', '18369854')).toBe('passportFormat');
  });

  it('Driving licence: state, RTO, year and seven digits, as printed with a space or hyphen', () => {
    expect(idNumberProblem('driving_licence', 'TN07 20110012345')).toBeNull();
    expect(idNumberProblem('driving_licence', 'TN-0720110012345')).toBeNull();
    expect(idNumberProblem('driving_licence', 'TN0720110012')).toBe('drivingLicenceFormat');
    expect(idNumberProblem('driving_licence', 'TN0730110012345')).toBe('drivingLicenceFormat');
  });

  it('Ration card and other: 4 to 20 letters and digits', () => {
    expect(idNumberProblem('ration_card', '333-0123456789')).toBeNull();
    expect(idNumberProblem('ration_card', '12')).toBe('rationCardFormat');
    expect(idNumberProblem('other', 'X'.repeat(21))).toBe('otherFormat');
    expect(idNumberProblem('other', 'NREGA/TN/01')).toBeNull();
  });

  it('every kind has its rule (an empty number is refused by each)', () => {
    for (const kind of ID_DOCUMENT_KINDS) expect(idNumberProblem(kind, ''), kind).not.toBeNull();
  });
});

describe('an Aadhaar number is kept as its last four digits only', () => {
  it('keeps 5246 of 4991 1866 5246 and shows it as XXXX XXXX 5246', () => {
    expect(aadhaarLastFour('4991 1866 5246')).toBe('5246');
    expect(keptIdNumber('aadhaar', '4991 1866 5246')).toBe('5246');
    expect(maskedAadhaar('5246')).toBe('XXXX XXXX 5246');
    expect(shownIdNumber('aadhaar', '5246')).toBe('XXXX XXXX 5246');
  });

  it('keeps any other kind whole, normalised', () => {
    expect(keptIdNumber('pan', 'abcde 1234f')).toBe('ABCDE1234F');
    expect(shownIdNumber('pan', 'ABCDE1234F')).toBe('ABCDE1234F');
  });

  it('refuses to keep a number that fails its check', () => {
    expect(() => keptIdNumber('aadhaar', '499118665247')).toThrow(/aadhaarCheckDigit/);
    expect(() => maskedAadhaar('52460')).toThrow();
  });
});
