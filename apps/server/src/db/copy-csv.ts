import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from './open-db.ts';

// The database writes a CSV's lines itself: `COPY (select …) TO STDOUT (FORMAT csv)` on PostgreSQL
// (streamed through pg-copy-streams), `COPY (select …) TO '/dev/blob'` on PGlite (the file comes back
// whole as a Blob in the query's result). Neither driver then parses a row: a year's collections
// are 270,000 rows of 12 cells (docs/performance.md, "The whole-year CSV downloads in SQL").
//
// PostgreSQL's CSV quotes a cell exactly when toCsv does (it holds a quote, a comma, a CR or a LF; a
// quote is doubled), and writes NULL as an empty cell; an empty string it writes as `""`, so the
// queries give NULL for an empty text (csvTextSql). It ends its lines with LF alone: crlfLineEnds adds
// the CR of each line end outside quotes (a line break inside a quoted cell stays as it is, as toCsv
// leaves it).

const dialect = new PgDialect();

/**
 * A query's text with its parameters written in as literals: COPY takes no bind parameters. Strings
 * are quoted by drizzle's dialect (`'` doubled; the connections run with standard_conforming_strings,
 * PostgreSQL's default since 9.1, so a backslash is an ordinary character).
 */
export function inlinedQuery(query: SQL): string {
  return dialect.sqlToQuery(query.inlineParams()).sql;
}

/**
 * A text cell as toCsv writes it (csvTextCell), as an SQL expression over `expr`: a text starting with
 * = + - @ tab or CR gets a leading `'` (neutralise), an empty text is NULL (an empty cell). The quoting
 * is COPY's.
 */
export function csvTextSql(expr: string): string {
  return `(case when ascii(${expr}) in (61, 43, 45, 64, 9, 13) then '''' || ${expr} else nullif(${expr}, '') end)`;
}

function clientOf(db: Db): unknown {
  return (db as unknown as { $client: unknown }).$client;
}

/**
 * The CSV lines (CRLF line ends, no heading) of `select`, written by the database: streamed chunk by
 * chunk from PostgreSQL, one chunk from PGlite.
 */
export async function* copyCsv(db: Db, select: SQL): AsyncGenerator<Buffer> {
  const text = `copy (${inlinedQuery(select)}) to %TARGET% (format csv)`;
  const client = clientOf(db);
  const ends = new LineEnds();
  if (client instanceof PGlite) {
    const result = await client.query(text.replace('%TARGET%', `'/dev/blob'`));
    if (result.blob && result.blob.size > 0) yield ends.crlf(new Uint8Array(await result.blob.arrayBuffer()));
    return;
  }
  const conn = await (client as pg.Pool).connect();
  const stream = conn.query(copyTo(text.replace('%TARGET%', 'stdout')));
  let done = false;
  try {
    for await (const chunk of stream) yield ends.crlf(chunk as Buffer);
    done = true;
  } finally {
    // A COPY left half read (the download cancelled, an error) leaves its connection mid-protocol: it
    // is closed, not handed back to the pool.
    if (!done) stream.destroy();
    conn.release(!done);
  }
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** COPY's LF line ends made CRLF across a stream's chunks (a quoted cell may span two chunks). */
export class LineEnds {
  #quoted = false;

  crlf(chunk: Uint8Array): Buffer {
    const src = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const ends: number[] = [];
    let quoted = this.#quoted;
    let pos = 0;
    // memchr-fast jumps: quotes are rare, so each line costs a search or two in native code.
    for (;;) {
      const q = src.indexOf(QUOTE, pos);
      if (quoted) {
        if (q === -1) break;
        quoted = false;
        pos = q + 1;
        continue;
      }
      const lf = src.indexOf(LF, pos);
      if (lf !== -1 && (q === -1 || lf < q)) {
        ends.push(lf);
        pos = lf + 1;
        // Every line end before the next quote at once.
        let next = lf;
        for (;;) {
          next = src.indexOf(LF, next + 1);
          if (next === -1 || (q !== -1 && next > q)) break;
          ends.push(next);
          pos = next + 1;
        }
        continue;
      }
      if (q === -1) break;
      quoted = true;
      pos = q + 1;
    }
    this.#quoted = quoted;
    if (ends.length === 0) return src;
    const out = Buffer.allocUnsafe(src.length + ends.length);
    let from = 0;
    let at = 0;
    for (const lf of ends) {
      at += src.copy(out, at, from, lf);
      out[at++] = CR;
      out[at++] = LF;
      from = lf + 1;
    }
    src.copy(out, at, from);
    return out;
  }
}
