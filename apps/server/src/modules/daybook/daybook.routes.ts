import {
  businessToday,
  type DaybookEntryInput,
  daybookEntrySchema,
  rupeesToPaise,
  schemaFields,
  VOUCHER_TYPE_NAMES,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, isoInstant, pagingQuery } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import { resolveCompany } from '../companies/company-scope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  type DetailRow,
  findDetails,
  findVoucher,
  latestOpenDay,
  listVouchers,
  type VoucherRow,
} from './daybook.repository.ts';
import {
  changeManualVoucher,
  enterManualVoucher,
  type ManualEntry,
  removeManualVoucher,
} from './daybook.service.ts';

const detailViewSchema = z.object({
  account_id: z.number().int(),
  account_code: z.string(),
  account_name: z.string(),
  debit_amount: z.number(),
  credit_amount: z.number(),
  narration: z.string().nullable(),
});

const entryViewSchema = z.object({
  entry_id: z.number().int(),
  entry_date: z.string(),
  voucher_type: z.string(),
  voucher_number: z.string(),
  reference_number: z.string().nullable(),
  narration: z.string(),
  /** The kind of a narration the server wrote (VOUCHER_NARRATIONS) and its values; null when typed. */
  narration_code: z.string().nullable(),
  narration_params: z.record(z.string(), z.string()).nullable(),
  total_amount: z.number(),
  company_id: z.number().int(),
  created_at: z.string(),
  /** 'manual' for daybook entries; 'pledge', 'payment'… for vouchers those screens wrote. */
  source: z.string(),
  /** False for vouchers written by pledges and payments: the daybook screen cannot change them. */
  is_editable: z.boolean(),
  daybook_details: z.array(detailViewSchema),
});

const plainDateQuery = schemaFields.plainDate('Use a date as YYYY-MM-DD').optional();

const listQuery = pagingQuery(100, 500).extend({
  from: plainDateQuery,
  to: plainDateQuery,
  voucher_type: z.enum(VOUCHER_TYPE_NAMES).optional(),
});

const entryParams = z.object({ entry_id: z.coerce.number().int().positive() });

export function entryView(v: VoucherRow, details: readonly DetailRow[]) {
  return {
    entry_id: v.id,
    entry_date: v.entryDate,
    voucher_type: v.voucherType,
    voucher_number: v.voucherNumber,
    reference_number: v.referenceNumber,
    narration: v.narration,
    narration_code: v.narrationCode,
    narration_params: v.narrationParams,
    total_amount: rupeesFromNumeric(v.totalAmount),
    company_id: v.companyId,
    created_at: isoInstant(v.createdAt),
    source: v.sourceKind,
    is_editable: v.sourceKind === 'manual',
    daybook_details: details.map((d) => ({
      account_id: d.accountId,
      account_code: d.accountCode,
      account_name: d.accountName,
      debit_amount: rupeesFromNumeric(d.debit),
      credit_amount: rupeesFromNumeric(d.credit),
      narration: d.narration,
    })),
  };
}

/**
 * The voucher the form describes. Only filled rows are kept (shell-and-masters §5: "only rows with
 * an account and an amount are sent"); daybookEntrySchema has already checked every rule of §5.
 */
function voucherOf(body: DaybookEntryInput, companyId: number) {
  const moves = (d: DaybookEntryInput['details'][number]) => d.debit_amount > 0 || d.credit_amount > 0;
  return {
    companyId,
    voucherType: body.voucher_type,
    entryDate: body.entry_date,
    narration: body.narration,
    referenceNumber: body.reference_number ?? null,
    lines: body.details.filter(moves).map((d) => ({
      accountId: d.account_id,
      debitPaise: rupeesToPaise(d.debit_amount),
      creditPaise: rupeesToPaise(d.credit_amount),
      narration: d.narration ?? null,
    })),
    // Each line's place in the details sent, so a 422 about a line names the row the clerk typed.
    detailIndexes: body.details.flatMap((d, i) => (moves(d) ? [i] : [])),
  } satisfies ManualEntry;
}

export const daybookRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  /** A daybook entry cannot be dated after the business day (docs/domain-rules.md §1.3: the company's today). */
  function checkDate(entryDate: string): void {
    if (entryDate > businessToday(config.businessTimeZone)) {
      throw AppError.field('entry_date', 'The entry date cannot be after today.');
    }
  }

  async function answer(companyId: number, id: number) {
    const v = await findVoucher(db, companyId, id);
    if (!v) throw AppError.notFound('Daybook entry');
    return entryView(v, await findDetails(db, companyId, [id]));
  }

  app.get(
    '/daybook-entries',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['daybook'],
        summary:
          'Vouchers of the company, newest first by date then number; X-Total-Count holds the count of all matches',
        querystring: listQuery,
        response: { 200: z.array(entryViewSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const companyId = request.companyId;
      const { rows, total } = await listVouchers(
        db,
        companyId,
        { from: q.from, to: q.to, voucherType: q.voucher_type },
        q,
      );
      const details = await findDetails(
        db,
        companyId,
        rows.map((r) => r.id),
      );
      reply.header('x-total-count', String(total));
      return rows.map((v) =>
        entryView(
          v,
          details.filter((d) => d.voucherId === v.id),
        ),
      );
    },
  );

  app.get(
    '/daybook-entries/open-day',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['daybook'],
        summary:
          'The latest business day on or before today that is not closed: the date a new entry starts on',
        response: { 200: z.object({ date: z.string(), today: z.string() }) },
      },
    },
    async (request) => {
      const today = businessToday(config.businessTimeZone);
      return { date: await latestOpenDay(db, request.companyId, today), today };
    },
  );

  app.post(
    '/daybook-entries',
    {
      config: { access: 'accounts.manage', idempotent: true },
      schema: {
        tags: ['daybook'],
        summary: 'Post a manual voucher; the server gives its number (JV/2026-27/0001)',
        description:
          'Send an Idempotency-Key header (any 1 to 255 visible characters, new for each entry) to make a retry safe: the same key and body answer the first result again (Idempotent-Replayed: true) without a second voucher; the same key with another body is a 422; while the first is still running, a 409.',
        body: daybookEntrySchema,
        response: { 201: entryViewSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      // The company of the entry: company_id when sent and usable by the caller, else the request's.
      const companyId = await resolveCompany(db, request, request.body.company_id);
      checkDate(request.body.entry_date);
      const id = await enterManualVoucher(
        db,
        voucherOf(request.body, companyId),
        user.id,
        request.idempotency,
      );
      return reply.code(201).send(await answer(companyId, id));
    },
  );

  app.put(
    '/daybook-entries/:entry_id',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['daybook'],
        summary: 'Change a manual voucher; it keeps its number, type and financial year',
        params: entryParams,
        body: daybookEntrySchema,
        response: { 200: entryViewSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const companyId = request.companyId;
      if (request.body.company_id !== undefined && request.body.company_id !== companyId) {
        throw AppError.notFound('Daybook entry');
      }
      checkDate(request.body.entry_date);
      const id = request.params.entry_id;
      await changeManualVoucher(db, { ...voucherOf(request.body, companyId), voucherId: id });
      return answer(companyId, id);
    },
  );

  app.delete(
    '/daybook-entries/:entry_id',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['daybook'],
        summary: 'Delete a manual voucher',
        params: entryParams,
        response: { 204: z.null(), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await removeManualVoucher(db, request.companyId, request.params.entry_id);
      return reply.code(204).send(null);
    },
  );
};
