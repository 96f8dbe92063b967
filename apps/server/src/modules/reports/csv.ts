import { CSV_HEADING_STYLES, formatIndianDate } from '@pledge-desk/domain';
import { z } from 'zod';
import { rupeesFromNumeric } from '../../lib/numeric.ts';

/** A CSV cell: text (neutralised and quoted as needed), a number (2 decimals), or empty. */
export type CsvCell = string | number | null | undefined;
export type CsvRow = readonly CsvCell[];

/**
 * CSV for the report downloads: RFC 4180 quoting, CRLF line ends, a UTF-8 byte order mark so that
 * spreadsheet programs read Tamil names correctly. Amounts are plain decimals (1234.50), not grouped,
 * so they stay numbers in a spreadsheet.
 *
 * Text cells are neutralised against formula injection: a spreadsheet runs a cell that
 * starts with `=`, `+`, `-`, `@`, tab or CR as a formula even when it is quoted, so such text gets a
 * leading `'`, which the spreadsheet shows as text. Number cells are ours, never text a person typed,
 * and stay numbers (a negative balance is `-1234.50`).
 */
export function toCsv(rows: readonly CsvRow[]): string {
  return `${CSV_BOM}${rows.map(csvLine).join('\r\n')}\r\n`;
}

export const CSV_BOM = '\uFEFF';

/**
 * The registers' `headings` query value (format=csv only): `bilingual` (default) writes each heading
 * as the screen does, English with the Tamil under it; `en` writes English only, for a program.
 */
export const csvHeadingsField = z.enum(CSV_HEADING_STYLES).default('bilingual');
export const CSV_HEADINGS_DESCRIPTION =
  'Headings are English with the Tamil under it in the same cell (a quoted line feed); headings=en writes them in English only, for a program that reads the columns by name.';

/**
 * Rows (or pledges) a streamed CSV reads per query: bounded, so a year of a busy branch never sits in
 * one answer of the database, and large, so a year's file is a few dozen queries. A setting, not a
 * constant, so a test can cross batch boundaries on a small book.
 */
export const csvBatch = { rows: 5000 };

/** One cell as toCsv writes it. */
export function csvCell(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  return csvText(typeof v === 'number' ? v.toFixed(2) : neutralise(v));
}

/** Text quoted when it holds a quote, comma or line break (not neutralised: see csvCell). */
function csvText(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const NEEDS_QUOTES = /[",\r\n]/;

/** One line of cells as toCsv writes it, without its line end. */
export function csvLine(row: CsvRow): string {
  let line = '';
  for (let i = 0; i < row.length; i++) line += i === 0 ? csvCell(row[i]) : `,${csvCell(row[i])}`;
  return line;
}

/** Text a spreadsheet would take for a formula, made plain text with a leading `'`. */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

// Cells straight from the database's text (numeric and date cast to text in SQL), written as toCsv
// writes the numbers and dates the JSON rows carry, without going through them: a year's CSV has
// millions of cells ("Registers' and reports' CSVs" in docs/performance.md).

/** A numeric(·,2) amount's text as toCsv writes the rupees it stands for ("1234.50"; "0" → "0.00"). */
export function csvMoney(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  if (MONEY_2.test(text)) return text;
  return rupeesFromNumeric(text).toFixed(2);
}
const MONEY_2 = /^-?\d+\.\d\d$/;

/** A date's ISO text (YYYY-MM-DD) as DD/MM/YYYY; null as an empty cell. */
export function csvDate(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return '';
  if (iso.length !== 10) return formatIndianDate(iso);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** Text a person typed, as toCsv writes a text cell (null → empty). */
export function csvTextCell(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  return csvText(neutralise(text));
}

/**
 * A CSV produced a batch of lines at a time: the byte order mark and heading, each batch's lines
 * (already written, without line ends; or, as a Buffer, the lines the database wrote with their CRLF
 * line ends, db/copy-csv.ts), then the footer's rows (asked for once the batches are done, so it may
 * use what they counted). The same bytes as toCsv of every row in one array.
 */
export async function* csvChunks(
  heading: CsvRow,
  batches: AsyncIterable<readonly string[] | Buffer>,
  footer: () => CsvRow[] | Promise<CsvRow[]>,
): AsyncGenerator<string | Buffer> {
  yield `${CSV_BOM}${csvLine(heading)}\r\n`;
  for await (const lines of batches) {
    if (Buffer.isBuffer(lines)) {
      if (lines.length > 0) yield lines;
    } else if (lines.length > 0) yield `${lines.join('\r\n')}\r\n`;
  }
  const rows = await footer();
  if (rows.length > 0) yield `${rows.map(csvLine).join('\r\n')}\r\n`;
}
