import { assertPaise } from './money.ts';

// An amount in words for the pawn ticket's "amount paid out" (Form F): the Indian system, so the
// groups are thousand, lakh (1,00,000) and crore (1,00,00,000), never million; the paise, when any,
// follow as "and Fifty Paise". Integer arithmetic only (docs/domain-rules.md §1).

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

/** 1..99 in words: 48 → "Forty Eight". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]!} ${ONES[unit]!}`;
}

/** 1..999 in words: 900 → "Nine Hundred", 105 → "One Hundred Five". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]!} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number of rupees in Indian words, 0 → "Zero". Above 99 crore the crores are themselves
 * read in the Indian system ("One Hundred Crore", "One Lakh Crore"), as Indian cheques write them.
 */
export function integerInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole non-negative number: ${n}`);
  if (n === 0) return ONES[0];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (crore > 0) parts.push(`${integerInIndianWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * An amount in paise as the ticket writes it: 4890000 → "Rupees Forty Eight Thousand Nine Hundred
 * Only", 4890050 → "Rupees Forty Eight Thousand Nine Hundred and Fifty Paise Only", 0 → "Rupees Zero
 * Only", 50 → "Fifty Paise Only". A negative amount reads "Minus Rupees …" (a ticket never shows one; a report might).
 */
export function amountInWords(paise: number): string {
  assertPaise(paise, 'amount');
  const negative = paise < 0;
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const cents = abs % 100;
  // Less than a rupee is written in paise alone ("Fifty Paise Only"), as a cheque writes it.
  let words: string;
  if (rupees === 0 && cents > 0) words = `${belowHundred(cents)} Paise`;
  else {
    words = `Rupees ${integerInIndianWords(rupees)}`;
    if (cents > 0) words += ` and ${belowHundred(cents)} Paise`;
  }
  words += ' Only';
  return negative ? `Minus ${words}` : words;
}
