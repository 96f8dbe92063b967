import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { toCsv } from '../modules/reports/csv.ts';

/** Sends rows as a CSV attachment, the whole file at once (toCsv: quoting, BOM, CRLF). */
export function sendCsv(reply: FastifyReply, filename: string, rows: (string | number | null)[][]) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(toCsv(rows));
}

/**
 * Sends a streamed CSV as an attachment. The body is written as its batches come from the database,
 * so a year's file never sits whole in memory and the first bytes leave before the last rows are
 * read. An error after the first chunk cannot become an error answer any more: the connection is cut
 * (the client sees a truncated download, not a file that looks complete) and the error is logged.
 */
export function sendCsvStream(reply: FastifyReply, filename: string, chunks: AsyncIterable<string | Buffer>) {
  return (
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      // Text is written as UTF-8; the database's CSV (db/copy-csv.ts) comes as UTF-8 bytes already.
      .send(Readable.from(chunks, { objectMode: false }))
  );
}
