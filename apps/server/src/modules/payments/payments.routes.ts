import {
  businessToday,
  multiplePaymentResultSchema,
  multiplePledgePaymentSchema,
  pendingPledgesSchema,
  pledgeBalanceSchema,
  pledgePaymentListSchema,
  pledgePaymentSavedSchema,
  pledgePaymentSchema,
  schemaFields,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { takeMultiplePayment } from './payment-multiple.service.ts';
import { readPendingPledges, readPledgeBalance, readPledgePayments } from './payment-reads.service.ts';
import { takeSinglePayment } from './payment-single.service.ts';

export const AS_OF_MESSAGES = {
  format: 'Use a date as YYYY-MM-DD',
  future: 'The date cannot be after today',
} as const;

const asOfQuery = z.object({ as_of: schemaFields.plainDate(AS_OF_MESSAGES.format).optional() });

/** The `as_of` asked, or today; never after today (422 on the query). */
function asOfOrToday(asOf: string | undefined, today: string): string {
  if (asOf === undefined) return today;
  if (asOf > today) {
    throw new AppError('VALIDATION', 422, AS_OF_MESSAGES.future, [
      { loc: ['query', 'as_of'], msg: AS_OF_MESSAGES.future, type: 'value_error' },
    ]);
  }
  return asOf;
}

export const paymentsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const today = () => businessToday(config.businessTimeZone);

  app.get(
    '/pledges/:id/balance',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['payments'],
        summary: 'The balance of a pledge as of a date (default today), from its counted payments',
        params: idParams,
        querystring: asOfQuery,
        response: { 200: pledgeBalanceSchema, 404: errorSchema },
      },
    },
    async (request) =>
      readPledgeBalance(db, request.companyId, request.params.id, asOfOrToday(request.query.as_of, today())),
  );

  for (const url of ['/pledge-payments/', '/pledges/payment']) {
    app.post(
      url,
      {
        config: { access: 'pledges.handle', idempotent: true },
        schema: {
          tags: ['payments'],
          summary:
            url === '/pledges/payment'
              ? 'Take a payment on one pledge (alias of POST /pledge-payments/)'
              : 'Take a payment on one pledge: interest, partial principal or full close',
          description:
            'The pledge is locked and the payment checked against its balance on the payment date (docs/domain-rules.md §4.3); the server decides the interest and principal parts from the type (a split sent that differs is a 422). One receipt, numbered per financial year unless typed, and its Receipt voucher; a full settle closes the pledge. Send an Idempotency-Key header to make a retry safe.',
          body: pledgePaymentSchema,
          response: { 201: pledgePaymentSavedSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (request, reply) => {
        const saved = await takeSinglePayment(
          db,
          {
            companyId: request.companyId,
            userId: request.user!.id,
            today: today(),
            idempotency: request.idempotency,
            approval: { user: request.user, ip: request.ip, approver: request.body.approver },
          },
          request.body,
        );
        return reply.code(201).send(saved);
      },
    );
  }

  app.get(
    '/pledges/:id/payments',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['payments'],
        summary: 'Every payment of a pledge, oldest first, reversed ones included and marked',
        params: idParams,
        response: { 200: pledgePaymentListSchema, 404: errorSchema },
      },
    },
    async (request) => readPledgePayments(db, request.companyId, request.params.id),
  );

  app.get(
    '/customers/:id/pending-pledges',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['payments'],
        summary: "A customer's payable pledges with the server's balances as of a date (default today)",
        params: idParams,
        querystring: asOfQuery,
        response: { 200: pendingPledgesSchema, 404: errorSchema },
      },
    },
    async (request) =>
      readPendingPledges(db, request.companyId, request.params.id, asOfOrToday(request.query.as_of, today())),
  );

  app.post(
    '/customers/:id/multiple-pledge-payment',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['payments'],
        summary: 'Pay several pledges of one customer at once: every pledge paid or none',
        description:
          'One transaction: the pledges are locked in id order, each part checked against its balance on the payment date and split interest first; one receipt and one master Receipt voucher. A discount or penalty needs its approval. Send an Idempotency-Key header to make a retry safe.',
        params: idParams,
        body: multiplePledgePaymentSchema,
        response: { 201: multiplePaymentResultSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const result = await takeMultiplePayment(
        db,
        {
          companyId: request.companyId,
          userId: request.user!.id,
          today: today(),
          idempotency: request.idempotency,
          approval: { user: request.user, ip: request.ip, approver: request.body.approver },
        },
        request.params.id,
        request.body,
      );
      return reply.code(201).send(result);
    },
  );
};
