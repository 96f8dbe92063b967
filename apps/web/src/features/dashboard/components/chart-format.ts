import { formatIndianDate } from '@pledge-desk/domain';
import { formatRupeeAmount } from '@/lib/format';

/** An axis tick in thousands of rupees: 125000 → "125k", 800 → "0.8k". */
export function thousands(rupees: number): string {
  if (rupees === 0) return '0';
  const k = rupees / 1000;
  return `${Number.isInteger(k) ? k : k.toFixed(1)}k`;
}

/** A tooltip amount in full, Indian grouping. */
export const tooltipAmount = (value: unknown, name: unknown) =>
  [formatRupeeAmount(Number(value)), String(name)] as [string, string];

/** A tooltip label: the business date as dd/mm/yyyy. */
export const tooltipDate = (label: unknown) => formatIndianDate(String(label));

/**
 * "Mon" for a YYYY-MM-DD date (read as a calendar date, not a time); `names` are the seven short
 * names from Sunday, comma-separated (the dashboard catalogue's `weekdays`, in the chosen language).
 */
export function weekdayOf(date: string, names = 'Sun,Mon,Tue,Wed,Thu,Fri,Sat'): string {
  const [y, m, d] = date.split('-').map(Number);
  return names.split(',')[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()] ?? '';
}
