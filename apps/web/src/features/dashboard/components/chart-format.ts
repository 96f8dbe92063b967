import { formatIndianDate } from '@pledge-desk/domain';
import type { ValueAxis } from '@/components/charts/layout';
import { formatCompactRupees, formatRupeeAmount } from '@/lib/format';
import type { Language } from '@/lib/i18n/catalogue';

/** A tooltip amount in full, Indian grouping: 125000 → "Rs. 1,25,000.00". */
export const tooltipAmount = (rupees: number) => formatRupeeAmount(rupees);

/** A tooltip label: the business date as dd/mm/yyyy. */
export const tooltipDate = (date: string) => formatIndianDate(date);

/**
 * "Mon" for a YYYY-MM-DD date (read as a calendar date, not a time); `names` are the seven short
 * names from Sunday, comma-separated (the dashboard catalogue's `weekdays`, in the chosen language).
 */
export function weekdayOf(date: string, names = 'Sun,Mon,Tue,Wed,Thu,Fri,Sat'): string {
  const [y, m, d] = date.split('-').map(Number);
  return names.split(',')[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()] ?? '';
}

/** The dashboard charts' amount axis: compact rupees in the reader's language. */
export function rupeeAxis(language: Language): ValueAxis {
  return {
    format: (rupees) => formatCompactRupees(rupees, language),
    // Tamil writes the unit in full ("2.9 லட்சம்"): room for it on one line.
    width: language === 'ta' ? 104 : 48,
    minStep: 0.1,
  };
}
