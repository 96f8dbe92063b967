/**
 * The numbers on a customer's identity documents (issue 33, KYC): which kinds there are, how each is
 * written, and the checks a number must pass before it is kept. Pure rules, shared by the server (the
 * authority) and the web form (which says so before save).
 *
 * An Aadhaar number is never kept whole: the UIDAI's Aadhaar (Data Security) Regulations and the RBI's
 * KYC Direction let a regulated entity keep only its last four digits (`XXXX XXXX 1234`); the whole
 * number is checked here, at the counter, and only `aadhaarLastFour` of it goes further.
 */

export const ID_DOCUMENT_KINDS = [
  'aadhaar',
  'pan',
  'voter_id',
  'passport',
  'driving_licence',
  'ration_card',
  'other',
] as const;
export type IdDocumentKind = (typeof ID_DOCUMENT_KINDS)[number];

/** Why a number is refused: the sentence's key under `kyc.` (the messages' table words it). */
export type IdNumberProblem =
  | 'aadhaarDigits'
  | 'aadhaarFirstDigit'
  | 'aadhaarCheckDigit'
  | 'panFormat'
  | 'voterIdFormat'
  | 'passportFormat'
  | 'drivingLicenceFormat'
  | 'rationCardFormat'
  | 'otherFormat';

/** The number as a clerk may type it: spaces and hyphens dropped, letters in capitals. */
export function normaliseIdNumber(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toUpperCase();
}

// Verhoeff's dihedral-group tables (J. Verhoeff, 1969), the check digit the UIDAI puts last on every
// Aadhaar number: it catches every single-digit error and every swap of two neighbouring digits.
const MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;
const PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;
const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

function verhoeffState(digits: string, offset: number): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = MULTIPLY[c]![PERMUTE[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/** Does the last digit of `digits` check the rest (Verhoeff)? */
export function verhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && verhoeffState(digits, 0) === 0;
}

/** The Verhoeff check digit to append to `digits`. */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('Verhoeff works on digits only');
  return INVERSE[verhoeffState(digits, 1)]!;
}

/**
 * What is wrong with `raw` as a number of `kind`, or null when it passes. Aadhaar: 12 digits, not
 * starting with 0 or 1 (the UIDAI issues none), its last the Verhoeff check digit. PAN: five letters,
 * four digits, a letter (`ABCDE1234F`). Voter ID (EPIC): three letters and seven digits. Passport: a
 * letter and seven digits. Driving licence: the state's two letters, the RTO's two digits, the year's
 * four and seven more (`TN0720110012345`; spaces and hyphens as printed are dropped). Ration card and
 * other: 4 to 20 letters and digits (their forms differ by state and kind).
 */
export function idNumberProblem(kind: IdDocumentKind, raw: string): IdNumberProblem | null {
  const n = normaliseIdNumber(raw);
  switch (kind) {
    case 'aadhaar':
      if (!/^\d{12}$/.test(n)) return 'aadhaarDigits';
      if (n[0] === '0' || n[0] === '1') return 'aadhaarFirstDigit';
      return verhoeffValid(n) ? null : 'aadhaarCheckDigit';
    case 'pan':
      return /^[A-Z]{5}\d{4}[A-Z]$/.test(n) ? null : 'panFormat';
    case 'voter_id':
      return /^[A-Z]{3}\d{7}$/.test(n) ? null : 'voterIdFormat';
    case 'passport':
      return /^[A-Z]\d{7}$/.test(n) ? null : 'passportFormat';
    case 'driving_licence':
      return /^[A-Z]{2}\d{2}(19|20)\d{2}\d{7}$/.test(n) ? null : 'drivingLicenceFormat';
    case 'ration_card':
      return /^[A-Z0-9]{4,20}$/.test(n) ? null : 'rationCardFormat';
    case 'other':
      return /^[A-Z0-9/]{4,20}$/.test(n) ? null : 'otherFormat';
  }
}

/** The last four digits of an Aadhaar number: all of it that is ever kept. */
export function aadhaarLastFour(raw: string): string {
  const n = normaliseIdNumber(raw);
  if (!/^\d{12}$/.test(n)) throw new Error('An Aadhaar number has 12 digits');
  return n.slice(8);
}

/** How a kept Aadhaar number is shown everywhere (screens, papers, CSVs, the audit trail). */
export function maskedAadhaar(lastFour: string): string {
  if (!/^\d{4}$/.test(lastFour)) throw new Error('The kept part of an Aadhaar number is 4 digits');
  return `XXXX XXXX ${lastFour}`;
}

/**
 * A number as it is kept: an Aadhaar number's last four digits only, any other kind normalised whole.
 * Refuses a number that does not pass its kind's check.
 */
export function keptIdNumber(kind: IdDocumentKind, raw: string): string {
  const problem = idNumberProblem(kind, raw);
  if (problem) throw new Error(`Not a valid ${kind} number (${problem})`);
  return kind === 'aadhaar' ? aadhaarLastFour(raw) : normaliseIdNumber(raw);
}

/** A kept number as it is shown. */
export function shownIdNumber(kind: IdDocumentKind, kept: string): string {
  return kind === 'aadhaar' ? maskedAadhaar(kept) : kept;
}
