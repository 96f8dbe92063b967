import { customerMatchSchema, customerSchema, customerViewSchema, type KycGap } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams, isoInstant, pagingQuery } from '../../lib/http-schemas.ts';
import { uploadedImage } from '../files/uploaded-image.ts';
import { gapsOfCustomers } from '../kyc/kyc.service.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  analyzeCustomers,
  type CustomerRow,
  findCustomer,
  listCustomers,
  searchCustomers,
} from './customers.repository.ts';
import { changeCustomer, registerCustomer, removeCustomer, replaceIdProof } from './customers.service.ts';

/** The picker answers at most this many (pledges-and-payments §7, GET /customers/search). */
export const SEARCH_LIMIT = 20;
/** The searchable dropdown searches from 2 characters (shell-and-masters §9). */
export const MIN_SEARCH_LENGTH = 2;

const searchText = z.string().trim().max(100).optional();
const yesNo = z.enum(['true', 'false']).optional();

/** The 409 of a probable duplicate: the sentence, a stable code, and the customer it resembles. */
const duplicateSchema = z.object({
  detail: z.string(),
  code: z.literal('PROBABLE_DUPLICATE'),
  existing: z.object({ id: z.number().int(), customer_code: z.string(), customer_name: z.string() }),
});
const saveQuery = z.object({
  /** 'true' saves even when a customer with the same mobile and a similar name exists. */
  confirm_duplicate: yesNo,
});

function duplicateAnswer(existing: { id: number; accCode: string; customerName: string }) {
  return {
    detail: `Customer ${existing.accCode} ${existing.customerName} has the same mobile number. Save anyway?`,
    code: 'PROBABLE_DUPLICATE' as const,
    existing: { id: existing.id, customer_code: existing.accCode, customer_name: existing.customerName },
  };
}

/** On PGlite, the customers table's statistics are refreshed each time this many more are registered. */
export const ANALYZE_EVERY = 500;

export const customersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, database, links }) => {
  // PGlite has no autovacuum: open-db analyzes every table at start and every 15 minutes; the
  // customers table is also analyzed as the register grows, so a bulk of new customers (an import,
  // a busy morning) keeps searches on the trigram indexes. PostgreSQL does this itself.
  const embedded = database.kind === 'pglite';
  const view = (c: CustomerRow, gaps: KycGap[]) => ({
    id: c.id,
    acc_code: c.accCode,
    customer_name: c.customerName,
    guardian_name: c.guardianName,
    mobile_number: c.mobileNumber,
    alt_mobile_number: c.altMobileNumber,
    door_no: c.doorNo,
    street: c.street,
    location: c.location,
    district: c.district,
    pincode: c.pincode,
    id_proof: c.idProofFileId ? links.url(c.idProofFileId) : null,
    status: c.status,
    needs_completion: c.needsCompletion,
    created_at: isoInstant(c.createdAt),
    name: c.customerName,
    phone: c.mobileNumber,
    address: [c.doorNo, c.street, c.location].filter((part) => part.trim() !== '').join(', '),
    city: c.district,
    kyc_gaps: gaps,
    photo: c.photoFileId ? links.url(c.photoFileId) : null,
  });
  /** Customers as answered, each with what its KYC lacks (one query for the page). */
  const views = async (companyId: number, rows: CustomerRow[]) => {
    const gaps = await gapsOfCustomers(
      db,
      companyId,
      rows.map((c) => c.id),
    );
    return rows.map((c) => view(c, gaps.get(c.id) ?? []));
  };
  const one = async (companyId: number, c: CustomerRow) => (await views(companyId, [c]))[0]!;

  app.get(
    '/customers/',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['customers'],
        summary: 'One page of customers, newest first; search by part of the name, mobile number or code',
        description: 'The total number of matches is in the X-Total-Count header.',
        querystring: pagingQuery(100, 500).extend({ search: searchText, needs_completion: yesNo }),
        response: { 200: z.array(customerViewSchema) },
      },
    },
    async (request, reply) => {
      const { needs_completion, ...query } = request.query;
      const { rows, total } = await listCustomers(db, request.companyId, {
        ...query,
        needsCompletion: needs_completion === undefined ? undefined : needs_completion === 'true',
      });
      reply.header('x-total-count', String(total));
      return views(request.companyId, rows);
    },
  );

  app.get(
    '/customers/search',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['customers'],
        summary: 'Customer picker: part of a name (name), of a mobile number (phone), or either (q)',
        description: `At most ${SEARCH_LIMIT}, best matches first; a term under ${MIN_SEARCH_LENGTH} characters is ignored.`,
        querystring: z.object({ name: searchText, phone: searchText, q: searchText }),
        response: { 200: z.array(customerMatchSchema) },
      },
    },
    async (request) => {
      const usable = (term: string | undefined) =>
        term !== undefined && [...term].length >= MIN_SEARCH_LENGTH ? term : undefined;
      const q = usable(request.query.q);
      // `q` is whatever the clerk typed: digits look for a number, letters for a name.
      const name = usable(request.query.name) ?? (q && /\D/.test(q) ? q : undefined);
      const phone = usable(request.query.phone) ?? (q && /\d/.test(q) ? q : undefined);
      return searchCustomers(db, request.companyId, { name, phone }, SEARCH_LIMIT);
    },
  );

  app.get(
    '/customers/:id',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['customers'],
        summary: 'One customer',
        params: idParams,
        response: { 200: customerViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const customer = await findCustomer(db, request.companyId, request.params.id);
      if (!customer) throw AppError.notFound('Customer');
      return one(request.companyId, customer);
    },
  );

  app.post(
    '/customers/',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: 'Register a customer; the server gives the customer code (C000001, per company)',
        description:
          'A customer with the same mobile number and a similar name answers 409 PROBABLE_DUPLICATE naming them; send confirm_duplicate=true to save anyway.',
        querystring: saveQuery,
        body: customerSchema,
        response: { 201: customerViewSchema, 409: duplicateSchema },
      },
    },
    async (request, reply) => {
      const outcome = await registerCustomer(
        db,
        request.companyId,
        request.body,
        request.user!.id,
        request.query.confirm_duplicate === 'true',
      );
      if ('duplicate' in outcome) return reply.code(409).send(duplicateAnswer(outcome.duplicate));
      const created = outcome.created;
      if (embedded && Number(created.accCode.slice(1)) % ANALYZE_EVERY === 0) {
        // After the answer is decided, not awaited: the clerk does not wait for the statistics.
        analyzeCustomers(db).catch((err) => request.log.warn({ err }, 'analyze customers failed'));
      }
      return reply.code(201).send(await one(request.companyId, created));
    },
  );

  app.put(
    '/customers/:id',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: 'Update customer details (send id_proof: null to remove the ID proof)',
        description:
          'A change that makes the customer look like another one (same mobile, similar name) answers 409 PROBABLE_DUPLICATE; send confirm_duplicate=true to save anyway.',
        params: idParams,
        querystring: saveQuery,
        body: customerSchema,
        response: { 200: customerViewSchema, 404: errorSchema, 409: duplicateSchema },
      },
    },
    async (request, reply) => {
      const outcome = await changeCustomer(
        db,
        request.companyId,
        request.params.id,
        request.body,
        request.query.confirm_duplicate === 'true',
      );
      if ('duplicate' in outcome) return reply.code(409).send(duplicateAnswer(outcome.duplicate));
      return one(request.companyId, outcome.updated);
    },
  );

  app.delete(
    '/customers/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['customers'],
        summary: 'Delete a customer who has no pledges, with their ID proof',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await removeCustomer(db, request.companyId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/customers/:id/upload-id-proof',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: 'Upload the ID proof (multipart field "file": PNG, JPEG or WebP); replaces an earlier one',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: customerViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const companyId = request.companyId;
      if (!(await findCustomer(db, companyId, request.params.id))) throw AppError.notFound('Customer');
      const { mime, data } = await uploadedImage(request);
      const updated = await replaceIdProof(db, companyId, request.params.id, {
        mime,
        data,
        createdBy: request.user!.id,
      });
      return one(companyId, updated);
    },
  );
};
