import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse';
import { DBFFile } from 'dbffile';
import type { Db } from '../../db/open-db.ts';
import { analyzeLegacy, insertLegacyRows, type NewLegacyRow } from './legacy.repository.ts';
import { decodeLegacyText, LEGACY_FIELDS, type LegacyField, type RawLegacyRow } from './legacy-record.ts';

/**
 * `npm run legacy:import -- <file>`: the old system's customer file (CSV, or dBASE/FoxPro .dbf) into
 * the legacy store. Every field is read as raw bytes and decoded from TSCII by us
 * (packages/domain/src/tscii/fixtures/README.md, rule 5); rows are streamed and inserted in batches,
 * all in one transaction, so a malformed file leaves the store as it was.
 */

/** Which column of the file holds each field (`--map name=CUSTNAME`); by default the field's name. */
export type ColumnMap = Record<LegacyField, string>;
export const DEFAULT_COLUMNS: ColumnMap = Object.fromEntries(LEGACY_FIELDS.map((f) => [f, f])) as ColumnMap;

/** Longest field we keep, in bytes; a longer one means a broken row, skipped with the reason. */
export const FIELD_MAX_BYTES: Record<LegacyField, number> = {
  pno: 40,
  name: 500,
  address: 1_000,
  phoneno: 100,
  mobile: 100,
  cust_refno: 100,
};

const BATCH = 1_000;

export class LegacyImportError extends Error {}

export interface ImportProgress {
  read: number;
  added: number;
}

export interface ImportSummary {
  file: string;
  read: number;
  added: number;
  /** Skipped rows by reason, with the first few row numbers of each. */
  skipped: { reason: string; count: number; rows: number[] }[];
  /** Fields the file has no column for, left empty. */
  absentColumns: LegacyField[];
  seconds: number;
}

/** Parses `name=CUSTNAME,address=ADDR1` over the default columns. */
export function parseColumnMap(spec: string | undefined): ColumnMap {
  const map = { ...DEFAULT_COLUMNS };
  if (!spec) return map;
  for (const part of spec.split(',')) {
    const m = /^\s*([a-z_]+)\s*=\s*(.+?)\s*$/.exec(part);
    if (!m || !LEGACY_FIELDS.includes(m[1] as LegacyField)) {
      throw new LegacyImportError(
        `--map: "${part.trim()}" is not field=COLUMN with a field among ${LEGACY_FIELDS.join(', ')}.`,
      );
    }
    map[m[1] as LegacyField] = m[2]!;
  }
  return map;
}

interface FileRow {
  /** 1-based number of the data row (the header is not a row). */
  row: number;
  /** Where it is in the file, for messages: "line 12" or "record 12". */
  where: string;
  fields: RawLegacyRow;
}

interface RowReader {
  columns: string[];
  rows: AsyncIterable<FileRow>;
  close(): Promise<void>;
}

const EMPTY = new Uint8Array();
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Positions of the mapped columns in the header, case-insensitively; absent optional fields are -1. */
function locateColumns(
  header: string[],
  map: ColumnMap,
  explicit: Set<LegacyField>,
): { index: Record<LegacyField, number>; absent: LegacyField[] } {
  const names = header.map((h) => h.trim().toLowerCase());
  const index = {} as Record<LegacyField, number>;
  const absent: LegacyField[] = [];
  for (const field of LEGACY_FIELDS) {
    const at = names.indexOf(map[field].toLowerCase());
    if (at < 0 && (field === 'pno' || field === 'name' || explicit.has(field))) {
      throw new LegacyImportError(
        `The file has no column "${map[field]}" for ${field}; its columns are: ${header.join(', ')}. Use --map ${field}=COLUMN.`,
      );
    }
    if (at < 0) absent.push(field);
    index[field] = at;
  }
  return { index, absent };
}

function pickFields(values: Uint8Array[], index: Record<LegacyField, number>): RawLegacyRow {
  const out = {} as RawLegacyRow;
  for (const field of LEGACY_FIELDS) out[field] = index[field] >= 0 ? (values[index[field]] ?? EMPTY) : EMPTY;
  return out;
}

/**
 * CSV through csv-parse with `encoding: null`, which hands every field over as bytes. Not `bom: true`:
 * on finding a UTF-8 BOM csv-parse switches to decoding fields as UTF-8, which would mangle TSCII; we
 * strip a BOM from the header ourselves.
 */
async function openCsv(file: string): Promise<{ header: Uint8Array[]; reader: RowReader }> {
  const stream = fs.createReadStream(file);
  const parser = stream.pipe(parse({ encoding: null, info: true, skip_empty_lines: true }));
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<{
    record: Uint8Array[];
    info: { lines: number };
  }>;
  // csv-parse may raise an error before the rows ahead of it are read: its own count of records
  // (the header is the first) is then the number of the row at fault.
  const malformed = (err: unknown, row: number) => {
    const e = err as { message?: string; lines?: number; records?: number };
    const at = typeof e.records === 'number' ? e.records : row;
    return new LegacyImportError(
      `The file is malformed at row ${at}${e.lines ? ` (line ${e.lines})` : ''}: ${e.message ?? String(err)}`,
    );
  };
  let first: IteratorResult<{ record: Uint8Array[]; info: { lines: number } }>;
  try {
    first = await iterator.next();
  } catch (err) {
    stream.destroy();
    throw malformed(err, 0);
  }
  if (first.done) {
    stream.destroy();
    throw new LegacyImportError('The file is empty: it has no header row.');
  }
  const header = first.value.record.map((field, i) => {
    const bytes = Buffer.from(field);
    return i === 0 && UTF8_BOM.every((b, j) => bytes[j] === b) ? bytes.subarray(3) : bytes;
  });
  let row = 0;
  async function* rows(): AsyncIterable<FileRow> {
    for (;;) {
      let next: IteratorResult<{ record: Uint8Array[]; info: { lines: number } }>;
      try {
        next = await iterator.next();
      } catch (err) {
        throw malformed(err, row + 1);
      }
      if (next.done) return;
      row++;
      yield { row, where: `line ${next.value.info.lines}`, fields: next.value.record as never };
    }
  }
  return {
    header,
    reader: {
      columns: header.map((h) => Buffer.from(h).toString('latin1')),
      rows: rows(),
      close: async () => {
        stream.destroy();
      },
    },
  };
}

/**
 * dBASE/FoxPro through dbffile. It decodes character fields with iconv-lite; its 'latin1' maps every
 * byte to the character of that code, one to one (unlike a WHATWG TextDecoder, which reads latin1 as
 * windows-1252), so Buffer.from(text, 'latin1') gives the file's bytes back, 0x80-0x9F included (the
 * importer test proves it). Deleted records are left out, as FoxPro would. Trailing spaces of
 * fixed-width fields are trimmed by dbffile.
 */
async function openDbf(file: string): Promise<{ header: Uint8Array[]; reader: RowReader }> {
  let dbf: DBFFile;
  try {
    dbf = await DBFFile.open(file, { encoding: 'latin1', readMode: 'loose' });
  } catch (err) {
    throw new LegacyImportError(`The file is not a readable .dbf file: ${(err as Error).message}`);
  }
  const names = dbf.fields.map((f) => f.name);
  let row = 0;
  const bytesOf = (value: unknown): Uint8Array => {
    if (value == null) return EMPTY;
    if (typeof value === 'string') return Buffer.from(value, 'latin1');
    if (value instanceof Date) return Buffer.from(value.toISOString().slice(0, 10), 'latin1');
    if (typeof value === 'boolean') return Buffer.from(value ? 'Y' : 'N', 'latin1');
    return Buffer.from(String(value), 'latin1');
  };
  async function* rows(): AsyncIterable<FileRow> {
    const iterator = dbf[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Record<string, unknown>>;
      try {
        next = await iterator.next();
      } catch (err) {
        throw new LegacyImportError(
          `The file is malformed at row ${row + 1} (record ${row + 1}): ${(err as Error).message}`,
        );
      }
      if (next.done) return;
      row++;
      const values = names.map((n) => bytesOf(next.value[n]));
      yield { row, where: `record ${row}`, fields: values as never };
    }
  }
  return {
    header: names.map((n) => Buffer.from(n, 'latin1')),
    reader: { columns: names, rows: rows(), close: async () => {} },
  };
}

/** Reads the file's rows mapped to the six legacy fields. */
async function openLegacyFile(
  file: string,
  map: ColumnMap,
  explicit: Set<LegacyField>,
): Promise<{ rows: AsyncIterable<FileRow>; absent: LegacyField[]; close(): Promise<void> }> {
  if (!fs.existsSync(file)) throw new LegacyImportError(`No such file: ${file}`);
  const isDbf = path.extname(file).toLowerCase() === '.dbf';
  const { reader } = isDbf ? await openDbf(file) : await openCsv(file);
  let located: ReturnType<typeof locateColumns>;
  try {
    located = locateColumns(reader.columns, map, explicit);
  } catch (err) {
    await reader.close();
    throw err;
  }
  const { index, absent } = located;
  async function* mapped(): AsyncIterable<FileRow> {
    for await (const r of reader.rows) {
      yield { ...r, fields: pickFields(r.fields as unknown as Uint8Array[], index) };
    }
  }
  return { rows: mapped(), absent, close: reader.close };
}

export interface ImportOptions {
  map?: ColumnMap;
  /** Fields named on the command line: their column must exist. */
  explicit?: Set<LegacyField>;
  onProgress?: (p: ImportProgress) => void;
}

/**
 * Imports the file into the legacy store in one transaction. Keyed by pno: a row whose pno is in the
 * store already adds nothing, so importing the same file again adds nothing. Skips, with the reason: a
 * row without a customer number, a number repeated in the file (the first row wins), a field longer
 * than FIELD_MAX_BYTES. A malformed file throws LegacyImportError naming the row, and nothing is kept.
 */
export async function importLegacyFile(
  db: Db,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const t0 = performance.now();
  const map = options.map ?? DEFAULT_COLUMNS;
  const opened = await openLegacyFile(file, map, options.explicit ?? new Set());
  const skipped = new Map<string, { count: number; rows: number[] }>();
  const skip = (reason: string, row: number) => {
    const entry = skipped.get(reason) ?? { count: 0, rows: [] };
    entry.count++;
    if (entry.rows.length < 10) entry.rows.push(row);
    skipped.set(reason, entry);
  };
  let read = 0;
  let added = 0;
  // One pno per row seen: 100,000 short strings are a few MB, and this tells a number repeated in the
  // file apart from one imported before.
  const seen = new Set<string>();
  try {
    await db.transaction(async (tx) => {
      let batch: NewLegacyRow[] = [];
      const flush = async () => {
        const done = await insertLegacyRows(tx, batch);
        added += done.length;
        for (let i = done.length; i < batch.length; i++) skip('already in the store', 0);
        batch = [];
        options.onProgress?.({ read, added });
      };
      for await (const { row, fields } of opened.rows) {
        read++;
        const pno = decodeLegacyText(fields.pno);
        const tooLong = LEGACY_FIELDS.find((f) => fields[f].length > FIELD_MAX_BYTES[f]);
        if (pno === '') skip('no customer number', row);
        else if (tooLong) skip(`${tooLong} longer than ${FIELD_MAX_BYTES[tooLong]} bytes`, row);
        else if (seen.has(pno)) skip('customer number repeated in the file (the first row is kept)', row);
        else {
          seen.add(pno);
          batch.push({
            pno,
            nameRaw: Buffer.from(fields.name),
            addressRaw: Buffer.from(fields.address),
            name: decodeLegacyText(fields.name),
            address: decodeLegacyText(fields.address),
            phoneno: decodeLegacyText(fields.phoneno),
            mobile: decodeLegacyText(fields.mobile),
            custRefno: decodeLegacyText(fields.cust_refno),
          });
          if (batch.length >= BATCH) await flush();
        }
      }
      await flush();
    });
  } finally {
    await opened.close();
  }
  if (added > 0) await analyzeLegacy(db);
  return {
    file,
    read,
    added,
    skipped: [...skipped].map(([reason, v]) => ({
      reason,
      count: v.count,
      rows: v.rows.filter((r) => r > 0),
    })),
    absentColumns: opened.absent,
    seconds: (performance.now() - t0) / 1000,
  };
}

const grouped = (n: number) => n.toLocaleString('en-IN');

/** The summary printed at the end of an import. */
export function formatSummary(s: ImportSummary): string {
  const skippedTotal = s.skipped.reduce((sum, x) => sum + x.count, 0);
  const lines = [
    `Read ${grouped(s.read)} rows from ${path.basename(s.file)} in ${s.seconds.toFixed(1)} s.`,
    `Added ${grouped(s.added)} to the legacy store.`,
    `Skipped ${grouped(skippedTotal)}${skippedTotal > 0 ? ':' : '.'}`,
    ...s.skipped.map(
      (x) =>
        `  ${grouped(x.count)} ${x.reason}${x.rows.length > 0 ? ` (rows ${x.rows.join(', ')}${x.count > x.rows.length ? ', …' : ''})` : ''}`,
    ),
  ];
  if (s.absentColumns.length > 0) lines.push(`No column for ${s.absentColumns.join(', ')}: left empty.`);
  return lines.join('\n');
}
