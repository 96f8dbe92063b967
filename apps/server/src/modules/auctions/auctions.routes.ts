import {
  auctionEligibleSchema,
  auctionLotDetailSchema,
  auctionLotListSchema,
  auctionLotSchema,
  auctionSaleSavedSchema,
  auctionSaleSchema,
  auctionShortfallListSchema,
  auctionShortfallSchema,
  auctionSurplusListSchema,
  auctionSurplusSchema,
  auctionWithdrawSchema,
  businessToday,
  type CsvHeadingStyle,
  formatIndianDate,
  gramsToMg,
  paiseToRupees,
  REGISTER_DEFAULT_PAGE_SIZE,
  REGISTER_MAX_PAGE_SIZE,
  registerCsvHeadings,
  registerRangeProblem,
  rupeesToPaise,
  type SaleBookRow,
  saleBookSchema,
  schemaFields,
  shortfallCollectedSchema,
  shortfallCollectSchema,
  shortfallReceiptSchema,
  shortfallWriteOffSchema,
  sumPaise,
  surplusDepositSchema,
  surplusPaySchema,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { sendCsv } from '../../lib/csv-reply.ts';
import { errorSchema, idParams, pagingQuery, rowsRefusalSchema } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { CSV_HEADINGS_DESCRIPTION, csvHeadingsField } from '../reports/csv.ts';
import { createLot, withdrawFromLot } from './auction-lots.service.ts';
import { recordSale } from './auction-sale.service.ts';
import {
  collectShortfall,
  depositSurplus,
  paySurplus,
  writeOffShortfall,
} from './auction-settlement.service.ts';
import {
  readEligible,
  readLotDetail,
  readLots,
  readSaleBookRows,
  readSaleBookTotals,
  readShortfallReceipt,
  readShortfalls,
  readSurpluses,
} from './auctions.repository.ts';
import type { AuctionWriter } from './auctions-shared.ts';

// The auction (docs/domain-rules.md §8.6–§8.7; Pawnbrokers Act s. 12, §10.5): lots of pledges
// whose notice period has passed, the sale of each pledge, the surplus owed to the pawner and the
// shortfall owed by them, and the sale book (Form G).

/** An empty query value counts as absent, as the date pickers send it. */
const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalDate = z.preprocess(
  blankAsAbsent,
  schemaFields.plainDate('Use a date as YYYY-MM-DD').optional(),
);

const grams = (g: number) => g.toFixed(3);

/**
 * The sale book's totals line, summed from the rows the file holds (paise and milligrams, exactly): the
 * screen and the print show the same totals under their rows, so the file does too.
 */
function saleBookCsvTotals(rows: readonly SaleBookRow[]): (string | number | null)[] {
  const paise = (pick: (r: SaleBookRow) => number) =>
    paiseToRupees(sumPaise(rows.map((r) => rupeesToPaise(pick(r)))));
  const grams = (pick: (r: SaleBookRow) => number) =>
    (rows.reduce((s, r) => s + gramsToMg(pick(r)), 0) / 1000).toFixed(3);
  return [
    '',
    '',
    `Total: ${rows.length} ${rows.length === 1 ? 'sale' : 'sales'}`,
    '',
    '',
    '',
    '',
    '',
    String(rows.reduce((s, r) => s + r.item_count, 0)),
    grams((r) => r.gross_weight),
    grams((r) => r.net_weight),
    '',
    '',
    '',
    '',
    paise((r) => r.sale_price),
    paise((r) => r.principal_due),
    paise((r) => r.interest_due),
    paise((r) => r.outstanding),
    paise((r) => r.surplus),
    paise((r) => r.shortfall),
  ];
}

function saleBookCsv(rows: SaleBookRow[], headings: CsvHeadingStyle): (string | number | null)[][] {
  return [
    registerCsvHeadings('saleBook', headings),
    ...rows.map((r) => [
      String(r.serial),
      r.lot_no,
      r.pledge_no,
      formatIndianDate(r.pledge_date),
      r.customer_name,
      r.guardian_name,
      r.address,
      r.articles.map((a) => `${a.description} ${grams(a.gross_weight)}/${grams(a.net_weight)} g`).join('; '),
      String(r.item_count),
      grams(r.gross_weight),
      grams(r.net_weight),
      formatIndianDate(r.sale_date),
      r.auctioneer,
      r.buyer_name,
      r.buyer_address,
      r.sale_price,
      r.principal_due,
      r.interest_due,
      r.outstanding,
      r.surplus,
      r.shortfall,
    ]),
    saleBookCsvTotals(rows),
  ];
}

export const auctionsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, reportsDb, config }) => {
  const today = () => businessToday(config.businessTimeZone);
  const writer = (request: {
    companyId: number;
    user?: { id: number } | null;
    idempotency?: AuctionWriter['idempotency'];
  }): AuctionWriter => ({
    companyId: request.companyId,
    userId: request.user!.id,
    today: today(),
    idempotency: request.idempotency ?? null,
  });
  const lotOr404 = async (companyId: number, id: number) => {
    const lot = await readLotDetail(db, companyId, id);
    if (!lot) throw AppError.notFound('Auction lot');
    return lot;
  };

  app.get(
    '/auctions',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['auctions'],
        summary: 'Auction lots, latest auction first, with their counts',
        querystring: pagingQuery(100, 500).extend({ status: z.enum(['open', 'closed']).optional() }),
        response: { 200: auctionLotListSchema },
      },
    },
    async (request) => readLots(db, request.companyId, request.query),
  );

  app.get(
    '/auctions/eligible',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['auctions'],
        summary:
          'Open pledges that may go into a lot held on a date (default today): a sent notice whose date of sale has come, not at a bank, in no live lot',
        querystring: z.object({ as_of: optionalDate }),
        response: { 200: auctionEligibleSchema },
      },
    },
    async (request) => readEligible(db, request.companyId, request.query.as_of ?? today()),
  );

  app.post(
    '/auctions',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['auctions'],
        summary: 'Make an auction lot of pledges whose notice period has passed',
        description:
          'Each pledge must be open, not at a bank, in no other live lot, and have a notice sent to the pawner whose date of sale is on or before the auction date; otherwise 409 naming each such pledge and why under its pledge (422 for an id that is no pledge of the branch). The lot is numbered AL/<financial year>/<n>.',
        body: auctionLotSchema,
        response: { 201: auctionLotDetailSchema, 409: rowsRefusalSchema },
      },
    },
    async (request, reply) => {
      const id = await createLot(db, writer(request), request.body);
      return reply.code(201).send(await lotOr404(request.companyId, id));
    },
  );

  app.get(
    '/auctions/:id',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['auctions'],
        summary:
          "A lot and its catalogue: each pledge with its pawner, notice, articles and weights, and what it owes as of the auction date (the sale's figures once sold)",
        params: idParams,
        response: { 200: auctionLotDetailSchema, 404: errorSchema },
      },
    },
    async (request) => lotOr404(request.companyId, request.params.id),
  );

  app.post(
    '/auctions/:id/withdraw',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['auctions'],
        summary: 'Take a pledge out of a lot before its sale (for example, the pawner paid first)',
        params: idParams,
        body: auctionWithdrawSchema,
        response: { 200: auctionLotDetailSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      await withdrawFromLot(db, writer(request), request.params.id, request.body);
      return lotOr404(request.companyId, request.params.id);
    },
  );

  app.post(
    '/auctions/:id/sales',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['auctions'],
        summary: 'Record the sale of one pledge of the lot',
        description:
          'One transaction: the pledge locked; the sale price against its outstanding as of the sale date; a Receipt voucher (Dr 1000/1190 the price; Cr 1200 the principal, Cr 4000 the interest; Cr 2100 the surplus owed to the pawner, or Dr 1210 the shortfall receivable); the pledge closed by the auction and its articles gone to the buyer. Send an Idempotency-Key header to make a retry safe.',
        params: idParams,
        body: auctionSaleSchema,
        response: { 201: auctionSaleSavedSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const saved = await recordSale(db, writer(request), request.params.id, request.body);
      return reply.code(201).send(saved);
    },
  );

  const surplusOr404 = async (companyId: number, id: number) => {
    const { items } = await readSurpluses(db, companyId, today(), { id });
    if (!items[0]) throw AppError.notFound('Surplus');
    return items[0];
  };

  app.get(
    '/auction-surpluses',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['auctions'],
        summary:
          'Auction surpluses owed to pawners (or paid, or deposited), oldest sale first, with their age and due dates',
        querystring: pagingQuery(100, 500).extend({
          status: z.enum(['owed', 'paid', 'deposited']).optional(),
        }),
        response: { 200: auctionSurplusListSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const r = await readSurpluses(db, request.companyId, today(), q);
      return { items: r.items, total: r.total, total_owed: paiseToRupees(r.totalOwedPaise) };
    },
  );

  app.get(
    '/auction-surpluses/:id',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['auctions'],
        summary: 'One auction surplus (the payout receipt prints from it)',
        params: idParams,
        response: { 200: auctionSurplusSchema, 404: errorSchema },
      },
    },
    async (request) => surplusOr404(request.companyId, request.params.id),
  );

  app.post(
    '/auction-surpluses/:id/pay',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['auctions'],
        summary: 'Pay a surplus out to the pawner (Payment voucher: Dr 2100, Cr 1000/1190)',
        params: idParams,
        body: surplusPaySchema,
        response: { 200: auctionSurplusSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      await paySurplus(db, writer(request), request.params.id, request.body);
      return surplusOr404(request.companyId, request.params.id);
    },
  );

  app.post(
    '/auction-surpluses/:id/deposit',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['auctions'],
        summary:
          "Deposit an unclaimed surplus with the Government once the company's holding period has passed (409 before, naming the date)",
        params: idParams,
        body: surplusDepositSchema,
        response: { 200: auctionSurplusSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      await depositSurplus(db, writer(request), request.params.id, request.body);
      return surplusOr404(request.companyId, request.params.id);
    },
  );

  const shortfallOr404 = async (companyId: number, id: number) => {
    const { items } = await readShortfalls(db, companyId, { id });
    if (!items[0]) throw AppError.notFound('Shortfall');
    return items[0];
  };

  app.get(
    '/auction-shortfalls',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['auctions'],
        summary: 'Auction shortfalls receivable from pawners, with their collections and write-offs',
        querystring: pagingQuery(100, 500).extend({ status: z.enum(['open', 'settled']).optional() }),
        response: { 200: auctionShortfallListSchema },
      },
    },
    async (request) => {
      const r = await readShortfalls(db, request.companyId, request.query);
      return { items: r.items, total: r.total, total_open: paiseToRupees(r.totalOpenPaise) };
    },
  );

  app.get(
    '/auction-shortfalls/:id',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['auctions'],
        summary: 'One auction shortfall',
        params: idParams,
        response: { 200: auctionShortfallSchema, 404: errorSchema },
      },
    },
    async (request) => shortfallOr404(request.companyId, request.params.id),
  );

  app.post(
    '/auction-shortfalls/:id/collect',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['auctions'],
        summary: 'Collect part or all of a shortfall from the pawner (Receipt: Dr 1000/1190, Cr 1210)',
        params: idParams,
        body: shortfallCollectSchema,
        response: { 200: shortfallCollectedSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const done = await collectShortfall(db, writer(request), request.params.id, request.body);
      return {
        ...(await shortfallOr404(request.companyId, request.params.id)),
        settlement_id: done.settlementId,
        receipt_no: done.receiptNo,
      };
    },
  );

  app.get(
    '/auction-shortfall-collections/:id',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['auctions'],
        summary:
          'The printable receipt of one shortfall collection (its number, the pawner, the sale and what is left)',
        params: idParams,
        response: { 200: shortfallReceiptSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const receipt = await readShortfallReceipt(db, request.companyId, request.params.id);
      if (!receipt) throw AppError.notFound('Receipt');
      return receipt;
    },
  );

  app.post(
    '/auction-shortfalls/:id/write-off',
    {
      config: { access: 'accounts.manage', idempotent: true },
      schema: {
        tags: ['auctions'],
        summary: 'Write part or all of a shortfall off, approved by an admin (Journal: Dr 5200, Cr 1210)',
        params: idParams,
        body: shortfallWriteOffSchema,
        response: { 200: auctionShortfallSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      await writeOffShortfall(db, writer(request), request.params.id, request.body);
      return shortfallOr404(request.companyId, request.params.id);
    },
  );

  app.get(
    '/registers/sale-book',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['registers'],
        summary: 'The sale book (Tamil Nadu Form G): every pledge sold at auction in a range of sale dates',
        description: `from defaults to the first of to's month, to to today; at most 366 days. X-Total-Count: the sales of the range. format=csv answers the whole range as a file. ${CSV_HEADINGS_DESCRIPTION}`,
        querystring: z.object({
          from: optionalDate,
          to: optionalDate,
          page: z.coerce.number().int().min(1).max(1_000_000).default(1),
          page_size: z.coerce
            .number()
            .int()
            .min(1)
            .max(REGISTER_MAX_PAGE_SIZE)
            .default(REGISTER_DEFAULT_PAGE_SIZE),
          format: z.enum(['json', 'csv']).default('json'),
          headings: csvHeadingsField,
        }),
        response: { 200: saleBookSchema },
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
        const rows = await readSaleBookRows(reportsDb, c, from, to, null);
        return sendCsv(reply, `sale-book-${from}-${to}.csv`, saleBookCsv(rows, q.headings));
      }
      const totals = await readSaleBookTotals(reportsDb, c, from, to);
      const rows = await readSaleBookRows(reportsDb, c, from, to, {
        offset: (q.page - 1) * q.page_size,
        limit: q.page_size,
      });
      reply.header('x-total-count', String(totals.sales));
      return { from, to, page: q.page, page_size: q.page_size, rows, totals };
    },
  );
};
