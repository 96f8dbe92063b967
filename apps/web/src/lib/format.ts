/**
 * Formatting glue for the screens. Money and business dates come from @pledge-desk/domain
 * (formatRupees, formatIndianNumber, formatIndianDate); here only what is about presentation.
 */
import {
  businessToday,
  formatGrams,
  formatIndianDate,
  formatIndianNumber,
  formatRupees,
  gramsToMg,
  groupIndianDigits,
  rupeesToPaise,
} from '@pledge-desk/domain';
import type { Language } from '@/lib/i18n/catalogue';

/** The gram in each language: "g", and in Tamil கி (கிராம்), as the forms' headings write it. */
const GRAM: Record<Language, string> = { en: 'g', ta: 'கி' };

/** Grams of the API (3 decimals at most) as the ledger writes them: 12.5 → "12.500 g", in Tamil "12.500 கி". */
export function formatWeight(grams: number, language: Language = 'en'): string {
  return `${formatGrams(gramsToMg(grams))} ${GRAM[language]}`;
}

/** Lakh and crore in Tamil words: CLDR's Tamil short form counts thousands and millions instead. */
const TAMIL_COMPACT = [
  { size: 1_00_00_000, word: 'கோடி' },
  { size: 1_00_000, word: 'லட்சம்' },
  { size: 1_000, word: 'ஆயிரம்' },
] as const;

/**
 * A rupee amount in short form for a chart's axis, in the Indian system: 260000 → "2.6L" in English
 * (en-IN's compact form gives lakh and crore), "2.6 லட்சம்" in Tamil; below a thousand in full.
 */
export function formatCompactRupees(rupees: number, language: Language = 'en'): string {
  if (language === 'en') {
    return new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 }).format(rupees);
  }
  const unit = TAMIL_COMPACT.find((u) => Math.abs(rupees) >= u.size);
  const digits = new Intl.NumberFormat('ta-IN', { maximumFractionDigits: 1 });
  return unit ? `${digits.format(rupees / unit.size)} ${unit.word}` : digits.format(rupees);
}

/** A rupee amount of the API (2 decimals at most) in Indian grouping: 125000 → "1,25,000.00". */
export function formatAmount(rupees: number): string {
  return formatIndianNumber(rupeesToPaise(rupees));
}

/** The same with the currency: 6886.5 → "Rs. 6,886.50". */
export function formatRupeeAmount(rupees: number): string {
  return formatRupees(rupeesToPaise(rupees));
}

/**
 * Grams of the API (3 decimals) in Indian grouping with their three decimals: 4914.551 → "4,914.551",
 * 125000.5 → "1,25,000.500". Rounded to the milligram (a weight the API sends never has more).
 */
export function formatGramsFigure(grams: number): string {
  const text = formatGrams(Math.round(grams * 1000));
  const negative = text.startsWith('-');
  const [whole = '0', decimals = '000'] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}${groupIndianDigits(whole)}.${decimals}`;
}

/** A count in Indian grouping: 12345 → "12,345". */
export function formatCount(n: number): string {
  return n < 0 ? `-${groupIndianDigits(String(-n))}` : groupIndianDigits(String(n));
}

/**
 * An instant of the API (`created_at`) as the product's date, DD/MM/YYYY on the business day of
 * India: "2026-11-28T20:00:00Z" → "29/11/2026". The profile's Member Since tile.
 */
export function formatInstantDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return formatIndianDate(businessToday(undefined, date));
}

/** "22/11/2026, 03:40 pm": an instant of the API (a stored timestamp) on the branch's clock (IST). */
export function formatInstantTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  });
}

/** "clerk" → "Clerk". */
export function capitalise(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** Up to two initials for the locally drawn avatar: "ravi kumar" → "RK", "admin" → "AD". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[1]![0]!).toUpperCase();
}
