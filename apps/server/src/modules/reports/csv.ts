/**
 * CSV for the report downloads: RFC 4180 quoting, CRLF line ends, a UTF-8 byte order mark so that
 * spreadsheet programs read Tamil names correctly. Amounts are plain decimals (1234.50), not grouped,
 * so they stay numbers in a spreadsheet.
 *
 * Text cells are neutralised against formula injection (issue 11): a spreadsheet runs a cell that
 * starts with `=`, `+`, `-`, `@`, tab or CR as a formula even when it is quoted, so such text gets a
 * leading `'`, which the spreadsheet shows as text. Number cells are ours, never text a person typed,
 * and stay numbers (a negative balance is `-1234.50`).
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const cell = (v: string | number | null | undefined) => {
    if (v === null || v === undefined) return '';
    const text = typeof v === 'number' ? v.toFixed(2) : neutralise(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Text a spreadsheet would take for a formula, made plain text with a leading `'`. */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
