import {
  businessToday,
  formatIndianDate,
  PLEDGE_BOOK_ENTRIES_PER_PAGE,
  type PledgeBookRow,
  pledgeBookSchema,
  REGISTER_DEFAULT_PAGE_SIZE,
  REGISTER_MAX_PAGE_SIZE,
  registerRangeProblem,
  schemaFields,
  type VaultRow,
  vaultRegisterSchema,
} from '@pledge-desk/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { toCsv } from '../reports/csv.ts';
import {
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
});

/** Weights in the CSV keep their three decimals (the money cells get two from toCsv). */
const grams = (g: number) => g.toFixed(3);
const date = (d: string | null) => (d ? formatIndianDate(d) : null);

function sendCsv(reply: FastifyReply, filename: string, rows: (string | number | null)[][]) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(toCsv(rows));
}

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

function pledgeBookCsv(rows: PledgeBookRow[]): (string | number | null)[][] {
  return [
    [
      'Serial',
      'Page',
      'Pledge No.',
      'Date',
      'Pawner',
      'Father / Husband',
      'Address',
      'Amount Lent',
      'Interest % per month',
      'Redemption Period (months)',
      'Due Date',
      'Articles',
      'Article Count',
      'Gross Weight (g)',
      'Net Weight (g)',
      'Value',
      'Payments',
      'Redemption Date',
      'Auction Date',
      'Status',
    ],
    ...rows.map((r) => [
      String(r.serial),
      String(r.page),
      r.pledge_no,
      date(r.pledge_date),
      r.customer_name,
      r.guardian_name,
      r.address,
      r.amount_lent,
      r.interest_rate,
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
      r.status,
    ]),
  ];
}

function vaultCsv(rows: VaultRow[], totals: Awaited<ReturnType<typeof readVaultTotals>>) {
  const out: (string | number | null)[][] = [
    [
      'Pledge No.',
      'Packet No.',
      'Date',
      'Customer',
      'Jewel Type',
      'Description',
      'Condition',
      'Count',
      'Gross Weight (g)',
      'Net Weight (g)',
    ],
    ...rows.map((r) => [
      r.pledge_no,
      r.packet_no,
      date(r.pledge_date),
      r.customer_name,
      r.jewel_type,
      r.description,
      r.condition,
      String(r.count),
      grams(r.gross_weight),
      grams(r.net_weight),
    ]),
  ];
  for (const t of totals.by_jewel_type) {
    out.push([
      '',
      '',
      '',
      `Total ${t.jewel_type ?? ''}`.trim(),
      t.jewel_type,
      `${t.pledges} pledges`,
      '',
      String(t.items),
      grams(t.gross_weight),
      grams(t.net_weight),
    ]);
  }
  const o = totals.overall;
  out.push([
    '',
    '',
    '',
    'Total',
    '',
    `${o.pledges} pledges`,
    '',
    String(o.items),
    grams(o.gross_weight),
    grams(o.net_weight),
  ]);
  return out;
}

export const registersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const today = () => businessToday(config.businessTimeZone);

  app.get(
    '/registers/pledge-book',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['registers'],
        summary:
          'The pledge book (Tamil Nadu Form E): the pledges dated in a range, in register order, with their articles and payments',
        description: `from defaults to the first of to's month, to to today; at most 366 days. Each row carries its register serial (order of creation) and its printed page (${PLEDGE_BOOK_ENTRIES_PER_PAGE} entries a page), the same whatever range is printed. X-Total-Count: the pledges of the range. format=csv answers the whole range as a file.`,
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
        return sendCsv(reply, `pledge-book-${from}-${to}.csv`, pledgeBookCsv(rows));
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
        description:
          'One row per article, in register order. X-Total-Count: the articles. format=csv answers every article and the totals as a file.',
        querystring: registerPagingQuery.extend({ as_of: optionalDate }),
        response: { 200: vaultRegisterSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const asOf = q.as_of ?? today();
      const c = request.companyId;
      const totals = await readVaultTotals(db, c, asOf);
      if (q.format === 'csv') {
        const rows = await readVaultRows(db, c, asOf, null);
        return sendCsv(reply, `vault-${asOf}.csv`, vaultCsv(rows, totals));
      }
      const rows = await readVaultRows(db, c, asOf, {
        offset: (q.page - 1) * q.page_size,
        limit: q.page_size,
      });
      reply.header('x-total-count', String(totals.overall.items));
      return { as_of: asOf, page: q.page, page_size: q.page_size, rows, totals };
    },
  );
};
