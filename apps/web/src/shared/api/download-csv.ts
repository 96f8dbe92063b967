import { apiRequest } from '@/lib/api-client';

/**
 * Saves a server CSV (`format=csv`) as a file. The file comes through the api-client, which sends the
 * bearer token and the company header (a plain link cannot), and is handed to the browser as a blob URL.
 *
 * Reading the answer as text drops the server's byte order mark (the decoder strips it); the file gets
 * it back, or a spreadsheet program reads the Tamil names as another encoding.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string>,
  filename: string,
): Promise<void> {
  const body = await apiRequest<unknown>(path, {
    query: { ...query, format: 'csv' },
    headers: { Accept: 'text/csv' },
  });
  saveCsv(typeof body === 'string' ? body : JSON.stringify(body), filename);
}

/** A CSV cell: text (neutralised and quoted as needed), a number (2 decimals), or empty. */
export type CsvCell = string | number | null | undefined;

/**
 * A CSV written in the browser, as the server writes its reports' (apps/server reports/csv.ts): RFC
 * 4180 quoting, CRLF line ends, amounts as plain decimals; text that a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading `'`. For a report the server sends as JSON
 * only (the RBI ratio report).
 */
export function buildCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function csvCell(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  const text = typeof v === 'number' ? v.toFixed(2) : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Hands CSV text to the browser as a file, with the byte order mark a spreadsheet needs for Tamil. */
export function saveCsv(text: string, filename: string): void {
  const file = text.startsWith('\uFEFF') ? text : `\uFEFF${text}`;
  const url = URL.createObjectURL(new Blob([file], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Chromium reads the blob when the click is handled; revoking on the next turn is safe.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
