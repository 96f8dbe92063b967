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
