/** The first day of the financial year (1 April–31 March, docs/domain-rules.md §1.3) holding a YYYY-MM-DD date. */
export function financialYearStart(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return `${month >= 4 ? year : year - 1}-04-01`;
}

export const RANGE_MESSAGE = 'The start date must not be after the end date.';
