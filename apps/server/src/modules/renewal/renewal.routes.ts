import {
  businessToday,
  pledgeRenewalLinksSchema,
  renewalPreviewSchema,
  renewalSavedSchema,
  renewPledgeSchema,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { readRenewalLinks } from './renewal-links.service.ts';
import { previewRenewal } from './renewal-preview.service.ts';
import { renewPledgeAs } from './renewal-renew.service.ts';

// Renewal and top-up in one step (docs/domain-rules.md §8.3).

export const renewalRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config, links }) => {
  const today = () => businessToday(config.businessTimeZone);

  app.post(
    '/pledges/:id/renew/preview',
    {
      config: { access: 'pledges.handle', audit: false },
      schema: {
        tags: ['renewal'],
        summary: 'Every figure of a renewal before it is saved; nothing is written',
        description:
          'The old pledge’s outstanding as of the renewal date, the new pledge valued at the rate in force then for the scheme’s jewel type, its eligible loan, first month interest, document charges and final amount, the cash handed to the customer or paid by them, and the lines of the two vouchers. Answers the same 409 and 422 the save would.',
        params: idParams,
        body: renewPledgeSchema,
        response: { 200: renewalPreviewSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      previewRenewal(
        db,
        { companyId: request.companyId, userId: request.user!.id, today: today() },
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/pledges/:id/renew',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['renewal'],
        summary: 'Renew a pledge (with a top-up or the customer adding cash): close it and open a new one',
        description:
          'One transaction: the old pledge is locked and closed by a payment of method ‘renewal’ (its receipt; Dr 1195 Renewal Clearing, Cr 4000, Cr 1200), and a new pledge for the same customer is made with the kept and added articles, its loan paid out from 1195 first (Dr 1200; Cr 4000, Cr 4100, Cr 1195; Cr or Dr 1000/1190 the cash difference). The two pledges point at each other; 1195 ends at 0. A closed, inactive, at-bank or auction-lot pledge is a 409. `expected_cash_to_customer` / `expected_cash_from_customer`, the cash the preview showed, make the save a 409 FIGURES_CHANGED when its own figures differ. A kept article weighed heavier than stored (beyond 10 mg) needs `weight_increase_reason` and an admin’s approval: the caller when admin, else `approver` (an admin’s username and password; 422 under each heavier weight, the reason and `approver` when missing). Send an Idempotency-Key header to make a retry safe.',
        params: idParams,
        body: renewPledgeSchema,
        response: { 201: renewalSavedSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const saved = await renewPledgeAs(
        db,
        links,
        {
          companyId: request.companyId,
          userId: request.user!.id,
          role: request.user!.role,
          ip: request.ip,
          today: today(),
          idempotency: request.idempotency,
        },
        request.params.id,
        request.body,
      );
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/pledges/:id/renewals',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['renewal'],
        summary: 'The pledge a pledge was renewed from, and the one it was renewed into',
        params: idParams,
        response: { 200: pledgeRenewalLinksSchema, 404: errorSchema },
      },
    },
    async (request) => readRenewalLinks(db, request.companyId, request.params.id),
  );
};
