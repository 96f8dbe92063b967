/**
 * The text of the one date control (components/ui/date-field.tsx): what the clerk types, DD/MM/YYYY
 * whatever the browser's language, to and from the `YYYY-MM-DD` the forms and the API carry.
 */
import { formatIndianDate, isPlainDate } from '@pledge-desk/domain';

/** `YYYY-MM-DD` → "DD/MM/YYYY"; anything else (empty, half a date) → "". */
export function dateTextOf(iso: unknown): string {
  return isPlainDate(iso) ? formatIndianDate(iso) : '';
}

/**
 * What the clerk typed, masked as DD/MM/YYYY: digits only, the slashes put in as they type
 * ("28112026" → "28/11/2026", "2811" → "28/11"). A whole date typed with its own separators
 * ("1/2/2026", "01-02-2026") is padded; a `YYYY-MM-DD` (pasted, or filled by a test) is turned round.
 */
export function maskDateText(raw: string): string {
  const text = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const separated = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/.exec(text);
  if (separated) return `${separated[1]!.padStart(2, '0')}/${separated[2]!.padStart(2, '0')}/${separated[3]}`;
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

export type DateTextReading =
  | { kind: 'empty' }
  | { kind: 'date'; iso: string }
  /** Not yet a whole DD/MM/YYYY ("28/11/20"). */
  | { kind: 'incomplete' }
  /** A whole DD/MM/YYYY that no calendar has ("31/02/2026", "12/13/2026"). */
  | { kind: 'impossible' };

/** Reads a DD/MM/YYYY (as `maskDateText` leaves it) into its `YYYY-MM-DD`, or says why it is none. */
export function readDateText(text: string): DateTextReading {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(trimmed);
  if (!m) return { kind: 'incomplete' };
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isPlainDate(iso) ? { kind: 'date', iso } : { kind: 'impossible' };
}
