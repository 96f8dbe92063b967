import {
  type Denominations,
  DRAWER_NOTES,
  denominationsTotalPaise,
  MAX_NOTES_PER_KIND,
  paiseToRupees,
} from '@pledge-desk/domain';
import { readMoneyText } from '@/components/ui/money-input';

/** The grid's rows as typed: each note's count and the coins in rupees, as text. */
export type DenominationKey = '500' | '200' | '100' | '50' | '20' | '10' | 'coins';
export type DenominationText = Record<DenominationKey, string>;

export const NOTE_KEYS = DRAWER_NOTES.map((n) => String(n)) as Exclude<DenominationKey, 'coins'>[];

export function emptyDenominationText(): DenominationText {
  return { '500': '', '200': '', '100': '', '50': '', '20': '', '10': '', coins: '' };
}

/** A count as typed: '' is 0; anything but a whole number of at most MAX_NOTES_PER_KIND is an error. */
function readCount(note: string, text: string): { count: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { count: 0 };
  if (!/^\d+$/.test(trimmed)) return { error: `Enter the count of ₹${note} notes as a whole number` };
  const count = Number(trimmed);
  if (count > MAX_NOTES_PER_KIND) return { error: `The count of ₹${note} notes is too large` };
  return { count };
}

/**
 * The count the grid holds: the request's denominations, the total in paise (the domain's
 * `denominationsTotalPaise`) and a message per bad row. The total counts only the rows that read.
 */
export function readDenominations(text: DenominationText): {
  denominations: Denominations;
  totalPaise: number;
  errors: Partial<Record<DenominationKey, string>>;
} {
  const errors: Partial<Record<DenominationKey, string>> = {};
  const denominations: Denominations = {
    '500': 0,
    '200': 0,
    '100': 0,
    '50': 0,
    '20': 0,
    '10': 0,
    coins: 0,
  };
  for (const key of NOTE_KEYS) {
    const read = readCount(key, text[key]);
    if ('error' in read) errors[key] = read.error;
    else denominations[key] = read.count;
  }
  const coins = readMoneyText(text.coins);
  if ('error' in coins) errors.coins = coins.error;
  else denominations.coins = paiseToRupees(coins.paise ?? 0);
  return { denominations, totalPaise: denominationsTotalPaise(denominations), errors };
}

/** The request's `denominations` back as grid text (a stored count shown again). */
export function denominationText(d: Denominations): DenominationText {
  const text = emptyDenominationText();
  for (const key of NOTE_KEYS) text[key] = d[key] ? String(d[key]) : '';
  text.coins = d.coins ? d.coins.toFixed(2) : '';
  return text;
}
