import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLine, csvTextCell } from '../modules/reports/csv.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { copyCsv, csvTextSql, LineEnds } from './copy-csv.ts';

// The database's CSV (COPY … FORMAT csv) must be the bytes toCsv writes: the same quoting, the
// neutralising of csvTextSql, empty text as an empty cell, CRLF line ends (LineEnds) and UTF-8.

const AWKWARD = [
  'plain',
  '',
  ' spaced ',
  '=SUM(A1)',
  '+91 98400',
  '-5',
  '@home',
  '\tTab first',
  '\rCR first',
  'a, b',
  'say "hi"',
  '"',
  'line one\nline two',
  'CRLF\r\ninside',
  'ends with LF\n',
  '\\.',
  '\\',
  "it's",
  'மீனாட்சி, "கடை"',
  '=மீனாட்சி',
  '\u{1F4B0} coins',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function text(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts).toString('utf8');
}

describe('the database writes a CSV as toCsv does', () => {
  it('quotes, neutralises and ends lines byte for byte', async () => {
    const rows = sql.join(
      AWKWARD.map((v, i) => sql`(${i}::int, ${v}::text)`),
      sql`, `,
    );
    const got = await text(
      copyCsv(
        t.database.db,
        sql`select ${sql.raw(csvTextSql('v.s'))}, v.i, ${sql.raw(csvTextSql('null::text'))}, ${sql.raw(csvTextSql('v.s'))}
              from (values ${rows}) v(i, s) order by v.i`,
      ),
    );
    const want = AWKWARD.map((v, i) => `${csvTextCell(v)},${i},,${csvTextCell(v)}\r\n`).join('');
    expect(got).toBe(want);
    // A query with no rows writes nothing.
    expect(await text(copyCsv(t.database.db, sql`select 1 where false`))).toBe('');
  });
});

describe('LineEnds', () => {
  it('makes the line ends CRLF and leaves the breaks inside quoted cells, however the chunks fall', () => {
    const lines = AWKWARD.map((v, i) => csvLine([v, String(i), v]));
    const copyOutput = Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8');
    const want = lines.map((l) => `${l}\r\n`).join('');
    // Deterministic pseudo-random cut points (every size from 1 byte up), so a quote, a CR or a LF falls
    // at a chunk's edge.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 200; round++) {
      const ends = new LineEnds();
      const out: Buffer[] = [];
      let at = 0;
      while (at < copyOutput.length) {
        const size = 1 + (next() % (round < 20 ? round + 1 : 64));
        out.push(ends.crlf(copyOutput.subarray(at, at + size)));
        at += size;
      }
      expect(Buffer.concat(out).toString('utf8')).toBe(want);
    }
  });
});
