/**
 * CSV for the report downloads: RFC 4180 quoting, CRLF line ends, a UTF-8 byte order mark so that
 * spreadsheet programs read Tamil names correctly. Amounts are plain decimals (1234.50), not grouped,
 * so they stay numbers in a spreadsheet.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const cell = (v: string | number | null | undefined) => {
    if (v === null || v === undefined) return '';
    const text = typeof v === 'number' ? v.toFixed(2) : v;
    return /[",\r\n]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
