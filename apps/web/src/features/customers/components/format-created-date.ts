/** An instant as the business day it fell on, DD/MM/YYYY in India's time (docs/domain-rules.md §1.3–§1.4). */
export function formatCreatedDate(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
}
