import {
  businessToday,
  PAYMENT_LIST_MAX_LIMIT,
  PAYMENT_TYPES,
  paymentHistoryListSchema,
  paymentReversalSchema,
  pledgePaymentViewSchema,
  receiptPrintSchema,
  receiptViewSchema,
  schemaFields,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { toPaymentView } from '../payments/payment-view.ts';
import { findPaymentView } from '../payments/payments.repository.ts';
import {
  countPayments,
  findReceiptView,
  listPaymentsPage,
  reversibleReceipts,
} from './payment-history.repository.ts';
import { recordReceiptPrint, reversePayment } from './payment-history.service.ts';

/** An empty query value means no filter (the screen may send `payment_type=`). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** An id filter: plain digits within the int4 ids (the input guard sees no coerced number here). */
const idFilter = optional(
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, { error: 'Must be a number written in plain digits' })
    .refine((s) => Number(s) <= schemaFields.MAX_ID, { error: `Must be at most ${schemaFields.MAX_ID}` })
    .transform(Number),
);

const RECEIPT_METHODS = ['cash', 'bank', 'online', 'cheque', 'bank_transfer', 'renewal'] as const;

export const paymentListQuery = z
  .object({
    skip: z.coerce.number().int().min(0).max(schemaFields.MAX_ID).default(0),
    limit: z.coerce.number().int().min(1).max(PAYMENT_LIST_MAX_LIMIT).default(10),
    from_date: optional(schemaFields.plainDate('From date must be a valid date')),
    to_date: optional(schemaFields.plainDate('To date must be a valid date')),
    payment_type: optional(z.enum(PAYMENT_TYPES)),
    payment_method: optional(z.enum(RECEIPT_METHODS)),
    pledge_id: idFilter,
    customer_id: idFilter,
  })
  .refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, {
    path: ['to_date'],
    error: 'To date cannot be before From date',
  });

export const paymentHistoryRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (
  app,
  { db, reportsDb, config },
) => {
  const today = () => businessToday(config.businessTimeZone);

  app.get(
    '/pledge-payments/',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['payments'],
        summary: 'Payment History: one page of the payments, newest first (payment date, then entry)',
        description:
          'Filters: from_date and to_date (payment date, inclusive), payment_type, payment_method, pledge_id, customer_id; an empty value is no filter. X-Total-Count counts the matches up to 1,000; past that it is 1001 with X-Total-Count-Capped: true. Reversed payments are listed, marked reversed. `reversible` says whether POST /pledge-payments/{id}/reverse would take the row now.',
        querystring: paymentListQuery,
        response: { 200: paymentHistoryListSchema },
      },
    },
    async (request, reply) => {
      const companyId = request.companyId;
      // The list reads the reports handle (ModuleDeps.reportsDb); a receipt and a payment stay on the
      // primary (the receipt is opened right after the payment that wrote it).
      const [rows, count] = await Promise.all([
        listPaymentsPage(reportsDb, companyId, request.query),
        countPayments(reportsDb, companyId, request.query),
      ]);
      reply.header('x-total-count', String(count.total));
      if (count.capped) reply.header('x-total-count-capped', 'true');
      const reversible = await reversibleReceipts(reportsDb, companyId, [
        ...new Set(rows.map((r) => r.payment.receiptId)),
      ]);
      return rows.map((row) => ({
        ...toPaymentView(row),
        reversible: reversible.has(row.payment.receiptId),
      }));
    },
  );

  app.get(
    '/pledge-payments/:id',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['payments'],
        summary: 'One payment (one pledge’s part of a receipt) with its receipt, voucher and who made it',
        params: idParams,
        response: { 200: pledgePaymentViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const row = await findPaymentView(db, request.companyId, request.params.id);
      if (!row) throw AppError.notFound('Payment');
      return toPaymentView(row);
    },
  );

  app.get(
    '/receipts/:id',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['payments'],
        summary: 'A receipt as it is printed: the customer, the method, the totals and a line per pledge',
        params: idParams,
        response: { 200: receiptViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const view = await findReceiptView(db, request.companyId, request.params.id);
      if (!view) throw AppError.notFound('Receipt');
      return view;
    },
  );

  app.post(
    '/receipts/:id/prints',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['payments'],
        summary: 'Records a print of the receipt; every print after the first is a duplicate',
        params: idParams,
        response: { 200: receiptPrintSchema, 404: errorSchema },
      },
    },
    async (request) => recordReceiptPrint(db, request.companyId, request.params.id),
  );

  app.post(
    '/pledge-payments/:id/reverse',
    {
      config: { access: 'payments.reverse', idempotent: true },
      schema: {
        tags: ['payments'],
        summary: 'Reverses the receipt of a payment (administrators only), with the reason kept',
        description:
          'Only the latest payment of each pledge can be reversed; a multiple payment is reversed whole. A Journal dated today undoes the Receipt voucher, the receipt and its payments are marked reversed (nothing is deleted) and every pledge the receipt closed is reopened. 409 PAYMENT_REVERSED when already reversed, PAYMENT_NOT_LATEST naming the later receipt. Send an Idempotency-Key header to make a retry safe.',
        params: idParams,
        body: paymentReversalSchema,
        response: { 200: receiptViewSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const companyId = request.companyId;
      const receiptId = await reversePayment(
        db,
        { companyId, userId: request.user!.id, today: today(), idempotency: request.idempotency },
        request.params.id,
        request.body.reason,
      );
      const view = await findReceiptView(db, companyId, receiptId);
      if (!view) throw AppError.notFound('Receipt');
      return view;
    },
  );
};
