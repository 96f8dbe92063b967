import {
  businessToday,
  collectionReportSchema,
  disbursementReportSchema,
  formatIndianDate,
  OPS_REPORT_DEFAULT_PAGE_SIZE,
  OPS_REPORT_MAX_PAGE_SIZE,
  opsReportRangeProblem,
  overdueListSchema,
  schemaFields,
} from '@pledge-desk/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { toCsv } from '../reports/csv.ts';
import {
  allCollectionRows,
  allDisbursementRows,
  allOverdueRows,
  collectionReport,
  collectionSummary,
  disbursementReport,
  disbursementSummary,
  findOverdueTotalsFor,
  overdueList,
} from './operations-reports.service.ts';

/** An empty query value means "not given" (a form may send `from=`). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** Pages past this are refused: 200 rows × 100,000 pages is far beyond any branch's year. */
const MAX_PAGE = 100_000;

const paging = {
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(OPS_REPORT_MAX_PAGE_SIZE)
    .default(OPS_REPORT_DEFAULT_PAGE_SIZE),
  format: z.enum(['json', 'csv']).default('json'),
};

const rangeQuery = z.object({
  from: optional(schemaFields.plainDate('From must be a date as YYYY-MM-DD')),
  to: optional(schemaFields.plainDate('To must be a date as YYYY-MM-DD')),
  ...paging,
});

const overdueQuery = z.object({
  as_of: optional(schemaFields.plainDate('As of must be a date as YYYY-MM-DD')),
  ...paging,
});

const csvDescription =
  'JSON pages of page_size rows (at most 200) with X-Total-Count; format=csv answers the whole range as a UTF-8 CSV file (dates DD/MM/YYYY, amounts with 2 decimals).';

/** from and to default to today (the business day); a range is at most 366 days, from not after to. */
function rangeOf(q: { from?: string | undefined; to?: string | undefined }, today: string) {
  const to = q.to ?? q.from ?? today;
  const from = q.from ?? to;
  const problem = opsReportRangeProblem(from, to);
  if (problem) {
    throw new AppError('VALIDATION', 422, problem, [
      { loc: ['query', 'to'], msg: problem, type: 'value_error' },
    ]);
  }
  return { from, to };
}

async function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: string[],
  batches: AsyncIterable<(string | number | null)[][]>,
  footer: (string | number | null)[][],
) {
  const rows: (string | number | null)[][] = [header];
  for await (const batch of batches) rows.push(...batch);
  rows.push(...footer);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(toCsv(rows));
}

async function* mapBatches<T>(source: AsyncIterable<T[]>, f: (row: T) => (string | number | null)[]) {
  for await (const batch of source) yield batch.map(f);
}

const dmy = formatIndianDate;

export const operationsReportsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const today = () => businessToday(config.businessTimeZone);

  app.get(
    '/registers/overdue',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['registers'],
        summary:
          'Overdue list as of a date (default today): pledges open on that date past their due date, most overdue first',
        description: `Outstanding is the remaining principal and interest as of as_of (DOMAIN-RULES §3–§4). ${csvDescription}`,
        querystring: overdueQuery,
        response: { 200: overdueListSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const asOf = q.as_of ?? today();
      const c = request.companyId;
      if (q.format === 'csv') {
        const totals = await findOverdueTotalsFor(db, c, asOf);
        return sendCsv(
          reply,
          `overdue-${asOf}.csv`,
          [
            'Pledge No.',
            'Pledge Date',
            'Customer',
            'Mobile',
            'Due Date',
            'Days Overdue',
            'Loan Amount',
            'Principal Outstanding',
            'Interest Outstanding',
            'Outstanding',
          ],
          mapBatches(allOverdueRows(db, c, asOf), (r) => [
            r.pledge_no,
            dmy(r.pledge_date),
            r.customer_name,
            r.mobile_number,
            dmy(r.due_date),
            String(r.days_overdue),
            r.loan_amount,
            r.remaining_principal,
            r.remaining_interest,
            r.outstanding,
          ]),
          [
            [
              'Total',
              '',
              `${totals.count} pledges`,
              '',
              '',
              '',
              null,
              totals.principal_outstanding,
              null,
              null,
            ],
          ],
        );
      }
      const list = await overdueList(db, c, asOf, q.page, q.page_size);
      reply.header('x-total-count', String(list.total_count));
      return list;
    },
  );

  app.get(
    '/reports/collections',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['registers'],
        summary:
          'Daily collection: the receipts of a day or range (default today) with sums by payment type, method, user and day',
        description: `Reversed receipts are listed, flagged reversed, and left out of every sum (counted under reversed). ${csvDescription}`,
        querystring: rangeQuery,
        response: { 200: collectionReportSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { from, to } = rangeOf(q, today());
      const c = request.companyId;
      if (q.format === 'csv') {
        const s = await collectionSummary(db, c, from, to);
        return sendCsv(
          reply,
          `collections-${from}-${to}.csv`,
          [
            'Date',
            'Receipt No.',
            'Customer',
            'Pledges',
            'Method',
            'User',
            'Interest',
            'Principal',
            'Penalty',
            'Discount',
            'Net',
            'Reversed',
          ],
          mapBatches(allCollectionRows(db, c, from, to), (r) => [
            dmy(r.payment_date),
            r.receipt_no,
            r.customer_name,
            r.pledge_nos.join(' '),
            r.payment_method,
            r.username ?? '',
            r.interest,
            r.principal,
            r.penalty,
            r.discount,
            r.net,
            r.reversed ? 'Reversed' : '',
          ]),
          [
            [
              'Total',
              `${s.totals.receipts} receipts`,
              '',
              '',
              '',
              '',
              s.totals.interest,
              s.totals.principal,
              s.totals.penalty,
              s.totals.discount,
              s.totals.net,
              s.reversed.receipts > 0 ? `${s.reversed.receipts} reversed, not counted` : '',
            ],
          ],
        );
      }
      const report = await collectionReport(db, c, from, to, q.page, q.page_size);
      reply.header('x-total-count', String(report.total_count));
      return report;
    },
  );

  app.get(
    '/reports/disbursements',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['registers'],
        summary:
          'Loans paid out: the pledges of a day or range (default today) with sums by day, scheme, user and payout method',
        description: csvDescription,
        querystring: rangeQuery,
        response: { 200: disbursementReportSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { from, to } = rangeOf(q, today());
      const c = request.companyId;
      if (q.format === 'csv') {
        const s = await disbursementSummary(db, c, from, to);
        return sendCsv(
          reply,
          `disbursements-${from}-${to}.csv`,
          [
            'Date',
            'Pledge No.',
            'Customer',
            'Scheme',
            'User',
            'Loan Amount',
            'First Month Interest',
            'Document Charges',
            'Amount Paid',
            'Payout Method',
            'Payout Reference',
          ],
          mapBatches(allDisbursementRows(db, c, from, to), (r) => [
            dmy(r.pledge_date),
            r.pledge_no,
            r.customer_name,
            r.scheme_name,
            r.username ?? '',
            r.loan,
            r.first_month_interest,
            r.document_charges,
            r.final_amount,
            r.payout_method,
            r.payout_reference ?? '',
          ]),
          [
            [
              'Total',
              `${s.totals.count} pledges`,
              '',
              '',
              '',
              s.totals.loan,
              s.totals.first_month_interest,
              s.totals.document_charges,
              s.totals.final_amount,
              '',
              '',
            ],
          ],
        );
      }
      const report = await disbursementReport(db, c, from, to, q.page, q.page_size);
      reply.header('x-total-count', String(report.total_count));
      return report;
    },
  );
};
