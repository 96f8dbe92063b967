import {
  businessToday,
  type CsvHeadingStyle,
  formatIndianDate,
  PLEDGE_BOOK_ENTRIES_PER_PAGE,
  type PledgeBookRow,
  pledgeBookSchema,
  REGISTER_DEFAULT_PAGE_SIZE,
  REGISTER_MAX_PAGE_SIZE,
  registerCsvHeadings,
  registerRangeProblem,
  schemaFields,
  type VaultRegister,
  vaultRegisterSchema,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendCsv, sendCsvStream } from '../../lib/csv-reply.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { CSV_HEADINGS_DESCRIPTION, type CsvRow, csvChunks, csvHeadingsField } from '../reports/csv.ts';
import {
  copyVaultCsv,
  readPledgeBookRows,
  readPledgeBookTotals,
  readVaultRows,
  readVaultTotals,
} from './registers.repository.ts';

/** An empty query value (`?as_of=`) counts as absent, as the date pickers send it. */
const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalDate = z.preprocess(
  blankAsAbsent,
  schemaFields.plainDate('Use a date as YYYY-MM-DD').optional(),
);

export const registerPagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(REGISTER_MAX_PAGE_SIZE).default(REGISTER_DEFAULT_PAGE_SIZE),
  format: z.enum(['json', 'csv']).default('json'),
  headings: csvHeadingsField,
});

/** Weights in the CSV keep their three decimals (the money cells get two from toCsv). */
const grams = (g: number) => g.toFixed(3);
const date = (d: string | null) => (d ? formatIndianDate(d) : null);

function articlesText(r: PledgeBookRow): string {
  return r.articles
    .map(
      (a) =>
        `${a.count} ${a.description}${a.jewel_type ? ` (${a.jewel_type})` : ''} ${grams(a.gross_weight)}/${grams(a.net_weight)} g`,
    )
    .join('; ');
}

function paymentsText(r: PledgeBookRow): string {
  return r.payments
    .map(
      (p) => `${formatIndianDate(p.payment_date)} ${p.amount.toFixed(2)}${p.reversed ? ' (reversed)' : ''}`,
    )
    .join('; ');
}

function pledgeBookCsv(rows: PledgeBookRow[], headings: CsvHeadingStyle): (string | number | null)[][] {
  return [
    registerCsvHeadings('pledgeBook', headings),
    ...rows.map((r) => [
      String(r.serial),
      String(r.page),
      r.pledge_no,
      date(r.pledge_date),
      r.customer_code,
      r.customer_name,
      r.guardian_name,
      r.address,
      r.amount_lent,
      r.interest_rate,
      // The interest charged, as the screen and the print show it under the rate (Form E).
      r.first_month_interest,
      String(r.duration_months),
      date(r.due_date),
      articlesText(r),
      String(r.item_count),
      grams(r.gross_weight),
      grams(r.net_weight),
      r.value,
      paymentsText(r),
      date(r.closed_date),
      date(r.auction_date),
      r.redeemer ? `${r.redeemer.name} (${r.redeemer.kind})` : null,
      r.status,
    ]),
  ];
}

/**
 * The vault register's CSV: every article of the pledges open at the end of asOf, written by the
 * database (db/copy-csv.ts: one COPY, streamed as it is written on PostgreSQL, answered whole on
 * PGlite), then the totals by jewel type and overall from the open pledges' own sums
 * (vaultTotalsQuery, read while the lines are written).
 */
export function vaultCsvChunks(
  db: Db,
  companyId: number,
  asOf: string,
  headings: CsvHeadingStyle,
): AsyncGenerator<string | Buffer> {
  const totals = readVaultTotals(db, companyId, asOf, true);
  totals.catch(() => {});
  return csvChunks(registerCsvHeadings('vault', headings), copyVaultCsv(db, companyId, asOf), async () => {
    const t = await totals;
    const row = (label: string, type: string | null, v: VaultRegister['totals']['overall']): CsvRow => [
      '',
      '',
      '',
      label,
      type,
      `${v.pledges} pledges`,
      '',
      String(v.items),
      grams(v.gross_weight),
      grams(v.net_weight),
    ];
    return [
      // The types in the database's collation, the one without a type last.
      ...t.by_jewel_type.map((v) => row(`Total ${v.jewel_type ?? ''}`.trim(), v.jewel_type, v)),
      row('Total', '', t.overall),
    ];
  });
}

export const registersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { reportsDb: db, config }) => {
  // Every route here only reads: all of them on the reports handle (ModuleDeps.reportsDb).
  const today = () => businessToday(config.businessTimeZone);

  app.get(
    '/registers/pledge-book',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['registers'],
        summary:
          'The pledge book (Tamil Nadu Form E): the pledges dated in a range, in register order, with their articles and payments',
        description: `from defaults to the first of to's month, to to today; at most 366 days. Each row carries its register serial (order of creation) and its printed page (${PLEDGE_BOOK_ENTRIES_PER_PAGE} entries a page), the same whatever range is printed. X-Total-Count: the pledges of the range. format=csv answers the whole range as a file. ${CSV_HEADINGS_DESCRIPTION}`,
        querystring: registerPagingQuery.extend({ from: optionalDate, to: optionalDate }),
        response: { 200: pledgeBookSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const to = q.to ?? today();
      const from = q.from ?? `${to.slice(0, 7)}-01`;
      const problem = registerRangeProblem(from, to);
      if (problem)
        throw new AppError('VALIDATION', 422, problem, [
          { loc: ['query', from > to ? 'from' : 'to'], msg: problem, type: 'value_error' },
        ]);
      const c = request.companyId;
      if (q.format === 'csv') {
        const rows = await readPledgeBookRows(db, c, from, to, null);
        return sendCsv(reply, `pledge-book-${from}-${to}.csv`, pledgeBookCsv(rows, q.headings));
      }
      const totals = await readPledgeBookTotals(db, c, from, to);
      const rows = await readPledgeBookRows(db, c, from, to, {
        offset: (q.page - 1) * q.page_size,
        limit: q.page_size,
      });
      reply.header('x-total-count', String(totals.pledges));
      return {
        from,
        to,
        page: q.page,
        page_size: q.page_size,
        entries_per_page: PLEDGE_BOOK_ENTRIES_PER_PAGE,
        rows,
        totals,
      };
    },
  );

  app.get(
    '/registers/vault',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['registers'],
        summary:
          'The vault register: every article of the pledges open at the end of a day (default today), with totals by jewel type',
        description: `One row per article, in register order. X-Total-Count: the articles. format=csv answers every article and the totals as a file. ${CSV_HEADINGS_DESCRIPTION}`,
        querystring: registerPagingQuery.extend({ as_of: optionalDate }),
        response: { 200: vaultRegisterSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const asOf = q.as_of ?? today();
      const c = request.companyId;
      if (q.format === 'csv')
        return sendCsvStream(reply, `vault-${asOf}.csv`, vaultCsvChunks(db, c, asOf, q.headings));
      const totals = await readVaultTotals(db, c, asOf);
      const rows = await readVaultRows(db, c, asOf, {
        offset: (q.page - 1) * q.page_size,
        limit: q.page_size,
      });
      reply.header('x-total-count', String(totals.overall.items));
      return { as_of: asOf, page: q.page, page_size: q.page_size, rows, totals };
    },
  );
};
