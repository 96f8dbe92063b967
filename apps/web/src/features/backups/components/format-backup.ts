/** A file's size: 820 → "820 B", 123456 → "120.6 KB", 52428800 → "50 MB" (Indian digit grouping). */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = new Intl.NumberFormat('en-IN', { maximumFractionDigits: unit === 0 ? 0 : 1 });
  return `${digits.format(value)} ${units[unit]}`;
}

/** "29/11/2026, 09:00 pm": an instant of the API on the branch's clock (IST). */
export function formatBackupTime(value: string | null | undefined): string {
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
