import { pledgeCountSchema, pledgeListSchema, quickSearchSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { findCustomer } from '../customers/customers.repository.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  countPledges,
  listActivePledgesOfCustomer,
  listPledges,
  QUICK_SEARCH_LIMIT,
  quickSearch,
} from './pledge-lists.repository.ts';
import { toPledgeSummary } from './pledge-view.ts';

/** The longest search text taken (a pledge number, a name, a mobile number, a code). */
export const MAX_SEARCH_LENGTH = 100;

const searchText = z.string().trim().max(MAX_SEARCH_LENGTH).optional();

/** `skip`/`limit` of the pledge lists: 100 a page unless told, at most 1000 (the spec's count fallback). */
const pagingQuery = z.object({
  skip: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const pledgeListsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, reportsDb }) => {
  // The list, its count and the quick search read the reports handle (ModuleDeps.reportsDb); a
  // customer's open pledges feed a payment being taken, so they stay on the primary.
  app.get(
    '/pledges/',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary:
          "One page of pledges, newest first; search by part of the pledge number, the customer's name or mobile, or the customer code (an exact pledge number, then the pledges of the customer of that exact code or mobile, come first)",
        description:
          'The total number of matches is in the X-Total-Count header; a search counts its matches up to 1,000, and past that X-Total-Count is 1001 with X-Total-Count-Capped: true. A search term under 3 characters matches the start of a word or number.',
        querystring: pagingQuery.extend({ search: searchText }),
        response: { 200: pledgeListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total, capped } = await listPledges(reportsDb, request.companyId, request.query);
      reply.header('x-total-count', String(total));
      // A search's matches are counted up to LIST_COUNT_CAP: past it the total says 'more than that'.
      if (capped) reply.header('x-total-count-capped', 'true');
      return rows.map(toPledgeSummary);
    },
  );

  app.get(
    '/pledges/count',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary: 'How many pledges a search matches (all of the company without one)',
        querystring: z.object({ search: searchText }),
        response: { 200: pledgeCountSchema },
      },
    },
    async (request) => ({ count: await countPledges(reportsDb, request.companyId, request.query.search) }),
  );

  app.get(
    '/customers/:id/pledges/active',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary: "One page of a customer's open pledges (active and not closed), newest first",
        description: 'The total number is in the X-Total-Count header.',
        params: idParams,
        querystring: pagingQuery,
        response: { 200: pledgeListSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const customer = await findCustomer(db, request.companyId, request.params.id);
      if (!customer) throw AppError.notFound('Customer');
      const { rows, total } = await listActivePledgesOfCustomer(
        db,
        request.companyId,
        customer.id,
        request.query,
      );
      reply.header('x-total-count', String(total));
      return rows.map(toPledgeSummary);
    },
  );

  app.get(
    '/search',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary:
          "The header's Search box: pledges by number, customers by part of the name or mobile, or by code",
        description: `At most ${QUICK_SEARCH_LIMIT} of each, best first: the exact number or code, then those that start with the term, then the newest. A term under 3 characters matches the start of a word or number.`,
        querystring: z.object({ q: z.string().trim().min(1).max(MAX_SEARCH_LENGTH) }),
        response: { 200: quickSearchSchema },
      },
    },
    async (request) => {
      const found = await quickSearch(reportsDb, request.companyId, request.query.q);
      return {
        pledges: found.pledges.map((p) => ({
          pledge_id: p.pledgeId,
          pledge_no: p.pledgeNo,
          customer_name: p.customerName,
          status: p.status as 'active' | 'inactive',
          closed_date: p.closedDate,
        })),
        customers: found.customers.map((c) => ({
          id: c.id,
          acc_code: c.accCode,
          customer_name: c.customerName,
          mobile_number: c.mobileNumber,
        })),
      };
    },
  );
};
