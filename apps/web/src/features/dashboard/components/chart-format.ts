import { formatIndianDate } from '@pledge-desk/domain';
import { formatRupeeAmount } from '@/lib/format';

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
