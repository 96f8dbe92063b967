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
  vaultRegisterSchema,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendCsv, sendCsvStream } from '../../lib/csv-reply.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  CSV_HEADINGS_DESCRIPTION,
  type CsvRow,
  csvBatch,
  csvChunks,
  csvDate,
  csvGrams,
  csvHeadingsField,
  csvTextCell,
} from '../reports/csv.ts';
import {
  readPledgeBookRows,
  readPledgeBookTotals,
  readVaultCsvBatch,
  readVaultRows,
  readVaultTotals,
  sortedJewelTypes,
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

/** Σ of a jewel type's articles, weights in integer milligrams (numeric(10,3) summed exactly). */
interface VaultSums {
  pledges: number;
  items: number;
  grossMg: number;
  netMg: number;
}

const milligrams = (text: string) => Math.round(Number(text) * 1000);
/** Grams as the totals query's numeric sum reads back (gramsFromNumeric), with three decimals. */
const gramsOfMg = (mg: number) => (Math.round((mg / 1000) * 1000) / 1000).toFixed(3);

/**
 * The vault register's CSV, streamed: every article of the pledges open at the end of asOf, a batch
 * of pledges a query, then the totals by jewel type and overall, summed from the rows as they pass
 * (the same figures as vaultTotalsQuery, without reading the vault a second time).
 */
export function vaultCsvChunks(
  db: Db,
  companyId: number,
  asOf: string,
  headings: CsvHeadingStyle,
): AsyncGenerator<string> {
  const byType = new Map<string | null, VaultSums>();
  async function* batches() {
    let after = 0;
    for (;;) {
      const rows = await readVaultCsvBatch(db, companyId, asOf, after, csvBatch.rows);
      const lines: string[] = [];
      let lastPledge = -1;
      let pledges = 0;
      for (const r of rows) {
        const pledgeId = Number(r.pledge_id);
        if (pledgeId !== lastPledge) pledges += 1;
        if (r.item_id === null) {
          lastPledge = pledgeId;
          continue;
        }
        let sums = byType.get(r.jewel_type);
        if (!sums) {
          sums = { pledges: 0, items: 0, grossMg: 0, netMg: 0 };
          byType.set(r.jewel_type, sums);
        }
        // Rows come by pledge, and a pledge has one jewel type (its scheme's).
        if (pledgeId !== lastPledge) sums.pledges += 1;
        lastPledge = pledgeId;
        sums.items += 1;
        sums.grossMg += milligrams(r.gross_weight);
        sums.netMg += milligrams(r.net_weight);
        lines.push(
          `${csvTextCell(r.pledge_no)},${csvTextCell(r.packet_no)},${csvDate(r.pledge_date)},${csvTextCell(
            r.customer_name,
          )},${csvTextCell(r.jewel_type)},${csvTextCell(r.description)},${csvTextCell(r.condition)},1,${csvGrams(
            r.gross_weight,
          )},${csvGrams(r.net_weight)}`,
        );
      }
      if (lines.length > 0) yield lines;
      // The pledge of the last row is the batch's last pledge: a batch never ends inside a pledge.
      if (pledges < csvBatch.rows) return;
      after = lastPledge;
    }
  }
  return csvChunks(registerCsvHeadings('vault', headings), batches(), async () => {
    const named = [...byType.keys()].filter((k): k is string => k !== null);
    // The types in the database's collation, the one without a type last, as vaultTotalsQuery orders them.
    const order: (string | null)[] = await sortedJewelTypes(db, named);
    if (byType.has(null)) order.push(null);
    const overall: VaultSums = { pledges: 0, items: 0, grossMg: 0, netMg: 0 };
    const out: CsvRow[] = [];
    for (const type of order) {
      const t = byType.get(type)!;
      overall.pledges += t.pledges;
      overall.items += t.items;
      overall.grossMg += t.grossMg;
      overall.netMg += t.netMg;
      out.push([
        '',
        '',
        '',
        `Total ${type ?? ''}`.trim(),
        type,
        `${t.pledges} pledges`,
        '',
        String(t.items),
        gramsOfMg(t.grossMg),
        gramsOfMg(t.netMg),
      ]);
    }
    out.push([
      '',
      '',
      '',
      'Total',
      '',
      `${overall.pledges} pledges`,
      '',
      String(overall.items),
      gramsOfMg(overall.grossMg),
      gramsOfMg(overall.netMg),
    ]);
    return out;
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
