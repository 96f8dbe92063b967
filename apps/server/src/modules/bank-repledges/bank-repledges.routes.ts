import {
  BANK_REPLEDGE_STATUSES,
  type BankRepledge,
  bankRepledgeListSchema,
  bankRepledgeRegisterSchema,
  bankRepledgeSchema,
  businessToday,
  type CsvHeadingStyle,
  formatIndianDate,
  moveToBankSchema,
  paiseToRupees,
  registerCsvHeadings,
  returnFromBankSchema,
  rupeesToPaise,
  schemaFields,
} from '@pledge-desk/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { sendCsv } from '../../lib/csv-reply.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { pledgeExists } from '../pledges/pledges.repository.ts';
import { CSV_HEADINGS_DESCRIPTION, csvHeadingsField } from '../reports/csv.ts';
import {
  listPledgeRepledges,
  type RegisterFilter,
  type RegisterTotalsRow,
  readRegisterRows,
  readRegisterTotals,
} from './bank-repledges.repository.ts';
import { moveToBank, returnFromBank } from './bank-repledges.service.ts';

/** An empty query value (`?bank_id=`) counts as absent, as the filters send it. */
const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const registerQuery = z.object({
  status: z.enum(BANK_REPLEDGE_STATUSES).default('open'),
  bank_id: z.preprocess(
    blankAsAbsent,
    z.coerce.number().int().positive().max(schemaFields.MAX_ID).optional(),
  ),
  skip: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  format: z.enum(['json', 'csv']).default('json'),
  headings: csvHeadingsField,
});

const grams = (g: number) => g.toFixed(3);
const dateText = (d: string | null) => (d ? formatIndianDate(d) : null);

function totalsOf(rows: RegisterTotalsRow[]) {
  const byBank = rows.map((r) => ({
    bank_id: r.bankId as number | null,
    bank_name: r.bankName,
    count: r.count,
    item_count: r.itemCount,
    gross_weight: Number(r.grossWeight),
    net_weight: Number(r.netWeight),
    amount_borrowed: rupeesFromNumeric(r.amountBorrowed),
    open_count: r.openCount,
    open_borrowed: rupeesFromNumeric(r.openBorrowed),
  }));
  // Whole milligrams and paise, so the sum of the banks is exact.
  const sum = (f: (r: RegisterTotalsRow) => string) => rows.reduce((s, r) => s + rupeesToPaise(f(r)), 0);
  const mg = (f: (r: RegisterTotalsRow) => string) =>
    rows.reduce((s, r) => s + Math.round(Number(f(r)) * 1000), 0) / 1000;
  const totals = {
    bank_id: null,
    bank_name: 'All banks',
    count: rows.reduce((s, r) => s + r.count, 0),
    item_count: rows.reduce((s, r) => s + r.itemCount, 0),
    gross_weight: mg((r) => r.grossWeight),
    net_weight: mg((r) => r.netWeight),
    amount_borrowed: paiseToRupees(sum((r) => r.amountBorrowed)),
    open_count: rows.reduce((s, r) => s + r.openCount, 0),
    open_borrowed: paiseToRupees(sum((r) => r.openBorrowed)),
  };
  return { byBank, totals };
}

function registerCsv(rows: BankRepledge[], t: ReturnType<typeof totalsOf>, headings: CsvHeadingStyle) {
  const out: (string | number | null)[][] = [registerCsvHeadings('atBanks', headings)];
  for (const r of rows) {
    out.push([
      r.pledge_no,
      dateText(r.pledge_date),
      r.customer_code,
      r.customer_name,
      String(r.item_count),
      grams(r.gross_weight),
      grams(r.net_weight),
      r.bank_name,
      r.bank_branch,
      dateText(r.pledged_on),
      r.amount_borrowed,
      r.bank_reference,
      r.received_by,
      dateText(r.returned_on),
      r.bank_interest,
      r.paid_by,
      r.return_reference,
      String(r.days_at_bank),
    ]);
  }
  for (const b of [...t.byBank, t.totals]) {
    out.push([
      b.bank_id === null ? 'Total' : `Total ${b.bank_name}`,
      '',
      '',
      `${b.count} re-pledges`,
      String(b.item_count),
      grams(b.gross_weight),
      grams(b.net_weight),
      b.bank_id === null ? '' : b.bank_name,
      '',
      '',
      b.amount_borrowed,
    ]);
  }
  return out;
}

export const bankRepledgesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const today = () => businessToday(config.businessTimeZone);
  const writer = (request: FastifyRequest) => ({
    companyId: request.companyId,
    userId: request.user!.id,
    today: today(),
    idempotency: request.idempotency,
  });

  app.post(
    '/pledges/:id/move-to-bank',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['bank-repledges'],
        summary: "Re-pledge a pledge's articles with a bank (Move to Bank)",
        description:
          'Only an open, active pledge whose articles are not already at a bank (409 otherwise). One transaction: the pledge locked, a Receipt voucher (Dr 1190 Bank Clearing, or 1000 Cash when the bank pays cash; Cr 2200 Bank Borrowings), the re-pledge recorded and the pledge marked moved to bank, so it takes no payment until it is back. pledged_on defaults to today; it may not be after today nor before the pledge date. Send an Idempotency-Key header to make a retry safe.',
        params: idParams,
        body: moveToBankSchema,
        response: { 201: bankRepledgeSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const saved = await moveToBank(db, writer(request), request.params.id, request.body);
      return reply.code(201).send(saved);
    },
  );

  app.post(
    '/pledges/:id/return-from-bank',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['bank-repledges'],
        summary: "Bring a pledge's articles back from the bank (Return from Bank)",
        description:
          "409 when the pledge's articles are not at a bank. One transaction: a Payment voucher (Dr 2200 the amount borrowed, Dr 5300 the bank's interest; Cr 1190, or 1000 when paid in cash, the two), the return recorded and the pledge's moved-to-bank mark cleared. returned_on defaults to today; it may not be after today nor before the day the articles went. Send an Idempotency-Key header to make a retry safe.",
        params: idParams,
        body: returnFromBankSchema,
        response: { 201: bankRepledgeSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const saved = await returnFromBank(db, writer(request), request.params.id, request.body);
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/pledges/:id/bank-repledges',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['bank-repledges'],
        summary: "A pledge's re-pledges with banks, oldest first",
        params: idParams,
        response: { 200: bankRepledgeListSchema, 404: errorSchema },
      },
    },
    async (request) => {
      if (!(await pledgeExists(db, request.companyId, request.params.id))) throw AppError.notFound('Pledge');
      return listPledgeRepledges(db, request.companyId, request.params.id, today());
    },
  );

  app.get(
    '/bank-repledges',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['bank-repledges'],
        summary: 'The register of what is at which bank, with totals per bank',
        description: `status open (default: what is at a bank now, the longest there first), returned or all (latest first); bank_id one bank. Totals per bank over the whole filter, not the page. Days at the bank run to the return, or to today. X-Total-Count: the re-pledges of the filter. format=csv answers every row and the totals as a file. ${CSV_HEADINGS_DESCRIPTION}`,
        querystring: registerQuery,
        response: { 200: bankRepledgeRegisterSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const asOf = today();
      const filter: RegisterFilter = { status: q.status, bankId: q.bank_id ?? null };
      const t = totalsOf(await readRegisterTotals(db, request.companyId, filter));
      if (q.format === 'csv') {
        const rows = await readRegisterRows(db, request.companyId, filter, asOf, null);
        return sendCsv(reply, `at-banks-${q.status}-${asOf}.csv`, registerCsv(rows, t, q.headings));
      }
      const rows = await readRegisterRows(db, request.companyId, filter, asOf, {
        offset: q.skip,
        limit: q.limit,
      });
      reply.header('x-total-count', String(t.totals.count));
      return {
        status: q.status,
        bank_id: filter.bankId,
        as_of: asOf,
        skip: q.skip,
        limit: q.limit,
        total: t.totals.count,
        rows,
        by_bank: t.byBank,
        totals: t.totals,
      };
    },
  );
};
