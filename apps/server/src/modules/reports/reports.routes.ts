import {
  businessToday,
  dayBookSchema,
  ledgerSchema,
  schemaFields,
  trialBalanceSchema,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { sendCsv } from '../../lib/csv-reply.ts';
import { errorSchema } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { accountLedger, dayBook, financialYearStart, trialBalance } from './reports.service.ts';

const format = z.enum(['json', 'csv']).default('json');
const optionalDate = schemaFields.plainDate('Use a date as YYYY-MM-DD').optional();

function range(from: string | undefined, to: string | undefined, today: string) {
  const end = to ?? today;
  const start = from ?? financialYearStart(end);
  if (start > end)
    throw new AppError('VALIDATION', 422, 'The start date must not be after the end date.', [
      { loc: ['query', 'from'], msg: 'The start date must not be after the end date.', type: 'value_error' },
    ]);
  return { from: start, to: end };
}

export const reportsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { reportsDb: db, config }) => {
  // Every route here only reads: all of them on the reports handle (ModuleDeps.reportsDb).
  const today = () => businessToday(config.businessTimeZone);

  app.get(
    '/reports/trial-balance',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['reports'],
        summary: 'Trial balance as of a date (default today); format=csv for a file',
        querystring: z.object({ as_of: optionalDate, format }),
        response: { 200: trialBalanceSchema },
      },
    },
    async (request, reply) => {
      const asOf = request.query.as_of ?? today();
      const tb = await trialBalance(db, request.companyId, asOf);
      if (request.query.format === 'json') return tb;
      return sendCsv(reply, `trial-balance-${asOf}.csv`, [
        [
          'Code',
          'Account',
          'Type',
          'Side',
          'Opening balance',
          'Debit',
          'Credit',
          'Closing balance',
          'Closing debit',
          'Closing credit',
        ],
        ...tb.rows.map((r) => [
          r.account_code,
          r.account_name,
          r.account_type,
          r.balance_side,
          r.opening_balance,
          r.debit,
          r.credit,
          r.closing_balance,
          r.closing_debit,
          r.closing_credit,
        ]),
        [
          '',
          'Total',
          '',
          '',
          null,
          tb.totals.debit,
          tb.totals.credit,
          null,
          tb.totals.closing_debit,
          tb.totals.closing_credit,
        ],
      ]);
    },
  );

  app.get(
    '/reports/ledger',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['reports'],
        summary:
          'Ledger of one account with balance brought forward and running balance (from defaults to the start of the financial year of to, to to today)',
        querystring: z.object({
          account_id: z.coerce.number().int().positive(),
          from: optionalDate,
          to: optionalDate,
          format,
        }),
        response: { 200: ledgerSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { from, to } = range(q.from, q.to, today());
      const ledger = await accountLedger(db, request.companyId, q.account_id, from, to);
      if (q.format === 'json') return ledger;
      return sendCsv(reply, `ledger-${ledger.account.account_code}-${from}-to-${to}.csv`, [
        ['Date', 'Voucher', 'Type', 'Narration', 'Debit', 'Credit', 'Balance'],
        [from, '', '', 'Balance brought forward', null, null, ledger.brought_forward],
        ...ledger.lines.map((l) => [
          l.entry_date,
          l.voucher_number,
          l.voucher_type,
          l.narration,
          l.debit,
          l.credit,
          l.balance,
        ]),
        [to, '', '', 'Closing balance', ledger.totals.debit, ledger.totals.credit, ledger.closing_balance],
      ]);
    },
  );

  app.get(
    '/reports/day-book',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['reports'],
        summary: 'Vouchers of a date range (default today) with their lines and totals per voucher type',
        querystring: z.object({ from: optionalDate, to: optionalDate, format }),
        response: { 200: dayBookSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const to = q.to ?? q.from ?? today();
      const { from } = range(q.from ?? to, to, today());
      const book = await dayBook(db, request.companyId, from, to);
      if (q.format === 'json') return book;
      return sendCsv(reply, `day-book-${from}-to-${to}.csv`, [
        ['Date', 'Voucher', 'Type', 'Narration', 'Account code', 'Account', 'Debit', 'Credit'],
        ...book.vouchers.flatMap((v) =>
          v.lines.map((l) => [
            v.entry_date,
            v.voucher_number,
            v.voucher_type,
            l.narration ?? v.narration,
            l.account_code,
            l.account_name,
            l.debit,
            l.credit,
          ]),
        ),
        ['', '', '', 'Total', '', '', book.totals.debit, book.totals.credit],
        ...book.totals_by_type.map((t) => [
          '',
          '',
          t.voucher_type,
          `${t.count} ${t.count === 1 ? 'voucher' : 'vouchers'}`,
          '',
          '',
          t.total_amount,
          t.total_amount,
        ]),
      ]);
    },
  );
};
