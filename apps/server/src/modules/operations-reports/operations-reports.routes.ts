import {
  businessToday,
  collectionReportSchema,
  disbursementReportSchema,
  OPS_REPORT_DEFAULT_PAGE_SIZE,
  OPS_REPORT_MAX_PAGE_SIZE,
  opsReportRangeProblem,
  overdueListSchema,
  paiseToRupees,
  registerCsvHeadings,
  rupeesToPaise,
  schemaFields,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { sendCsvStream } from '../../lib/csv-reply.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  CSV_HEADINGS_DESCRIPTION,
  type CsvRow,
  csvChunks,
  csvDate,
  csvHeadingsField,
  csvLine,
  csvMoney,
  csvTextCell,
} from '../reports/csv.ts';
import {
  collectionReport,
  collectionsCsvBody,
  collectionsCsvTotals,
  disbursementReport,
  disbursementsCsvLines,
  findOverdueTotalsFor,
  overdueCsvLines,
  overdueList,
  shortfallsCollected,
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
  headings: csvHeadingsField,
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

const csvDescription = `JSON pages of page_size rows (at most 200) with X-Total-Count; format=csv answers the whole range as a UTF-8 CSV file (dates DD/MM/YYYY, amounts with 2 decimals). ${CSV_HEADINGS_DESCRIPTION}`;

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

/** Starts a query now and hands its promise over for later (its failure is reported where awaited). */
function early<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

export const operationsReportsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (
  app,
  { reportsDb: db, config },
) => {
  // Every route here only reads: all of them on the reports handle (ModuleDeps.reportsDb).
  const today = () => businessToday(config.businessTimeZone);

  app.get(
    '/registers/overdue',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['registers'],
        summary:
          'Overdue list as of a date (default today): pledges open on that date past their due date, most overdue first',
        description: `Outstanding is the remaining principal and interest as of as_of (docs/domain-rules.md §3–§4). ${csvDescription}`,
        querystring: overdueQuery,
        response: { 200: overdueListSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const asOf = q.as_of ?? today();
      const c = request.companyId;
      if (q.format === 'csv') {
        const totals = early(findOverdueTotalsFor(db, c, asOf));
        return sendCsvStream(
          reply,
          `overdue-${asOf}.csv`,
          csvChunks(
            registerCsvHeadings('overdue', q.headings),
            overdueCsvLines(db, c, asOf, (r) =>
              csvLine([
                r.pledge_no,
                csvDate(r.pledge_date),
                r.customer_name,
                r.mobile_number,
                csvDate(r.due_date),
                String(r.days_overdue),
                r.loan_amount,
                r.remaining_principal,
                r.remaining_interest,
                r.outstanding,
              ]),
            ),
            async (): Promise<CsvRow[]> => {
              const t = await totals;
              return [
                ['Total', '', `${t.count} pledges`, '', '', '', null, t.principal_outstanding, null, null],
              ];
            },
          ),
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
        const totals = early(collectionsCsvTotals(db, c, from, to));
        const shortfalls = early(shortfallsCollected(db, c, from, to));
        return sendCsvStream(
          reply,
          `collections-${from}-${to}.csv`,
          csvChunks(
            registerCsvHeadings('collections', q.headings),
            collectionsCsvBody(db, c, from, to),
            async (): Promise<CsvRow[]> => {
              const t = await totals;
              const sf = await shortfalls;
              const rows: CsvRow[] = [
                [
                  'Total',
                  `${t.receipts} receipts`,
                  '',
                  '',
                  '',
                  '',
                  t.interest,
                  t.principal,
                  t.penalty,
                  t.discount,
                  t.net,
                  t.reversed > 0 ? `${t.reversed} reversed, not counted` : '',
                ],
              ];
              if (sf.receipts === 0) return rows;
              // The auction shortfalls collected, cash taken in with receipts of
              // their own, then everything the range brought in.
              return [
                ...rows,
                ...sf.rows.map(
                  (r): CsvRow => [
                    csvDate(r.collected_on),
                    r.receipt_no ?? '',
                    r.customer_name,
                    r.pledge_no,
                    r.payment_method,
                    r.username ?? '',
                    '',
                    '',
                    '',
                    '',
                    r.amount,
                    'Auction shortfall collected',
                  ],
                ),
                [
                  'Shortfalls collected',
                  `${sf.receipts} receipts`,
                  '',
                  '',
                  '',
                  '',
                  '',
                  '',
                  '',
                  '',
                  sf.net,
                  '',
                ],
                [
                  'Total collected',
                  `${t.receipts + sf.receipts} receipts`,
                  '',
                  '',
                  '',
                  '',
                  '',
                  '',
                  '',
                  '',
                  paiseToRupees(rupeesToPaise(t.net) + rupeesToPaise(sf.net)),
                  '',
                ],
              ];
            },
          ),
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
        const lines = disbursementsCsvLines(
          db,
          c,
          from,
          to,
          (r) =>
            `${csvDate(r.pledge_date)},${csvTextCell(r.pledge_no)},${csvTextCell(r.customer_name)},${csvTextCell(
              r.scheme_name,
            )},${csvTextCell(r.username)},${csvMoney(r.loan)},${csvMoney(r.first_month_interest)},${csvMoney(
              r.document_charges,
            )},${csvMoney(r.final_amount)},${csvTextCell(r.payout_method)},${csvTextCell(r.payout_reference)}`,
        );
        return sendCsvStream(
          reply,
          `disbursements-${from}-${to}.csv`,
          csvChunks(registerCsvHeadings('disbursements', q.headings), lines, (): CsvRow[] => {
            // The rows are the range's pledges: their sums are the summary's totals.
            const t = lines.totals();
            return [
              [
                'Total',
                `${t.count} pledges`,
                '',
                '',
                '',
                t.loan,
                t.first_month_interest,
                t.document_charges,
                t.final_amount,
                '',
                '',
              ],
            ];
          }),
        );
      }
      const report = await disbursementReport(db, c, from, to, q.page, q.page_size);
      reply.header('x-total-count', String(report.total_count));
      return report;
    },
  );
};
