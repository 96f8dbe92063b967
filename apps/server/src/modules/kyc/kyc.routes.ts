import {
  businessToday,
  customerKycSchema,
  form60Schema,
  formatIndianDate,
  type IdDocumentKind,
  idDocumentSchema,
  idDocumentViewSchema,
  KYC_GAP_WORDS,
  type KycGap,
  kycRegisterSchema,
  nomineeSchema,
  paiseToRupees,
  REGISTER_DEFAULT_PAGE_SIZE,
  REGISTER_MAX_PAGE_SIZE,
  registerCsvHeadings,
  rupeesToPaise,
  SENTENCES,
  shownIdNumber,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { sendCsv } from '../../lib/csv-reply.ts';
import { errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import type { FileLinks } from '../files/file-links.ts';
import { uploadedImage } from '../files/uploaded-image.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { csvHeadingsField } from '../reports/csv.ts';
import { type IdDocumentRow, readKycRegister } from './kyc.repository.ts';
import {
  addIdDocument,
  type CustomerKycRead,
  changeCustomerKyc,
  readCustomerKyc,
  removeIdDocument,
  replaceDocumentImage,
} from './kyc.service.ts';

const documentParams = idParams.extend({
  documentId: z.coerce.number().int().positive().max(2_147_483_647),
});
const sideQuery = z.object({
  side: z.enum(['front', 'back'], { error: SENTENCES['kyc.sideChoice'] }),
});
const confirmQuery = z.object({ confirm_duplicate: z.enum(['true', 'false']).optional() });
const kycQuery = z.object({
  /** The pledge form's loan (rupees): PAN or Form 60 is judged on it with the open loans. */
  loan: z.coerce.number().min(0).max(99_999_999_999).optional(),
});

/** The 409 of a probable duplicate by ID number, in the customer form's shape (code, existing). */
const duplicateSchema = z.object({
  detail: z.string(),
  code: z.literal('PROBABLE_DUPLICATE'),
  existing: z.object({ id: z.number().int(), customer_code: z.string(), customer_name: z.string() }),
});

function documentView(d: IdDocumentRow, links: FileLinks, today: string) {
  return {
    id: d.id,
    kind: d.kind as IdDocumentKind,
    number: shownIdNumber(d.kind as IdDocumentKind, d.keptNumber),
    issued_on: d.issuedOn,
    expires_on: d.expiresOn,
    expired: d.expiresOn !== null && d.expiresOn < today,
    front: d.frontFileId ? links.url(d.frontFileId) : null,
    back: d.backFileId ? links.url(d.backFileId) : null,
    created_at: isoInstant(d.createdAt),
  };
}

function kycView(read: CustomerKycRead, links: FileLinks, today: string): z.infer<typeof customerKycSchema> {
  const c = read.customer;
  return {
    customer_id: c.id,
    documents: read.documents.map((d) => documentView(d, links, today)),
    photo: c.photoFileId ? links.url(c.photoFileId) : null,
    nominee:
      c.nomineeName && c.nomineeRelation
        ? { name: c.nomineeName, relation: c.nomineeRelation, mobile: c.nomineeMobile }
        : null,
    form60_declared_on: c.form60DeclaredOn,
    id_proof_needs_review: c.idProofNeedsReview,
    pan_rule: {
      applies: read.compliance.panRule.applies,
      threshold: paiseToRupees(read.compliance.panRule.thresholdPaise),
    },
    open_loans: paiseToRupees(read.facts.openLoansPaise),
    pan_needed: read.panNeeded,
    gaps: read.gaps,
    status: read.gaps.length === 0 ? 'complete' : 'incomplete',
    incomplete_mode: read.compliance.kycIncompleteMode,
  };
}

/** The words of the gaps in a CSV cell: English, or English with the Tamil beside it. */
function gapCell(gaps: readonly KycGap[], headings: 'bilingual' | 'en'): string {
  return gaps
    .map((g) => (headings === 'en' ? KYC_GAP_WORDS[g].en : `${KYC_GAP_WORDS[g].en} (${KYC_GAP_WORDS[g].ta})`))
    .join('; ');
}

/**
 * A customer's KYC (issue 33): ID documents (an Aadhaar kept as its last four digits), the photograph,
 * the nominee, Form 60, the old ID proof looked at; and the register of customers whose KYC is
 * incomplete. Every change is audited with the masked values only.
 */
export const kycRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, reportsDb, links, config }) => {
  const today = () => businessToday(config.businessTimeZone);
  const answer = async (companyId: number, customerId: number) =>
    kycView(await readCustomerKyc(db, companyId, customerId), links, today());
  /** One change of the customer's KYC columns, answered with the customer's KYC as it now is. */
  const change = async (
    request: { companyId: number; params: { id: number } },
    what: Parameters<typeof changeCustomerKyc>[3],
  ) => {
    await changeCustomerKyc(db, request.companyId, request.params.id, what);
    return answer(request.companyId, request.params.id);
  };
  const kycResponses = { 200: customerKycSchema, 404: errorSchema };

  app.get(
    '/customers/:id/kyc',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['customers'],
        summary: "A customer's KYC: ID documents, photograph, nominee, Form 60, and what is missing",
        description:
          'With loan (rupees), PAN or Form 60 is judged for that new loan with the open ones (the pledge form); without it, on the open loans.',
        params: idParams,
        querystring: kycQuery,
        response: kycResponses,
      },
    },
    async (request) => {
      const loan = request.query.loan === undefined ? undefined : rupeesToPaise(request.query.loan);
      return kycView(await readCustomerKyc(db, request.companyId, request.params.id, loan), links, today());
    },
  );

  app.post(
    '/customers/:id/id-documents',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: 'Add an ID document; an Aadhaar number is kept as its last four digits only',
        description:
          'Another customer with the same PAN, or an Aadhaar with the same last four digits and a similar name, answers 409 PROBABLE_DUPLICATE; send confirm_duplicate=true to save anyway. One document of each kind (409 DOCUMENT_KIND_TAKEN).',
        params: idParams,
        querystring: confirmQuery,
        body: idDocumentSchema,
        response: { 201: idDocumentViewSchema, 404: errorSchema, 409: duplicateSchema.or(errorSchema) },
      },
    },
    async (request, reply) => {
      const outcome = await addIdDocument(
        db,
        request.companyId,
        request.params.id,
        request.body,
        request.user!.id,
        request.query.confirm_duplicate === 'true',
      );
      if ('duplicate' in outcome) {
        const d = outcome.duplicate;
        const error =
          request.body.kind === 'pan'
            ? AppError.coded(409, 'PROBABLE_DUPLICATE', 'kyc.duplicatePan', {
                code: d.accCode,
                name: d.customerName,
              })
            : AppError.coded(409, 'PROBABLE_DUPLICATE', 'kyc.duplicateAadhaar', {
                code: d.accCode,
                name: d.customerName,
                lastFour: outcome.keptNumber,
              });
        const sentence = error.sentence;
        return reply.code(409).send({
          detail: error.message,
          code: 'PROBABLE_DUPLICATE',
          existing: { id: d.id, customer_code: d.accCode, customer_name: d.customerName },
          ...(sentence ? { message_code: sentence.code, message_params: sentence.params } : {}),
        });
      }
      return reply.code(201).send(documentView(outcome.created, links, today()));
    },
  );

  app.delete(
    '/customers/:id/id-documents/:documentId',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: 'Remove an ID document with its images',
        params: documentParams,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      await removeIdDocument(db, request.companyId, request.params.id, request.params.documentId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/customers/:id/id-documents/:documentId/image',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary:
          'Upload the front or back image of an ID document (multipart field "file": PNG, JPEG or WebP), masked in the browser',
        params: documentParams,
        querystring: sideQuery,
        consumes: ['multipart/form-data'],
        response: { 200: idDocumentViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const image = await uploadedImage(request);
      const { id, documentId } = request.params;
      const row = await replaceDocumentImage(db, request.companyId, id, documentId, request.query.side, {
        ...image,
        createdBy: request.user!.id,
      });
      return documentView(row, links, today());
    },
  );

  app.delete(
    '/customers/:id/id-documents/:documentId/image',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: 'Remove the front or back image of an ID document',
        params: documentParams,
        querystring: sideQuery,
        response: { 200: idDocumentViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { id, documentId } = request.params;
      const row = await replaceDocumentImage(db, request.companyId, id, documentId, request.query.side, null);
      return documentView(row, links, today());
    },
  );

  app.post(
    '/customers/:id/photo',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary:
          'The customer\'s photograph taken at the counter (multipart field "file"); replaces an earlier one',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: kycResponses,
      },
    },
    async (request) => {
      const image = await uploadedImage(request);
      return change(request, { kind: 'photo', image: { ...image, createdBy: request.user!.id } });
    },
  );

  app.delete(
    '/customers/:id/photo',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: "Remove the customer's photograph",
        params: idParams,
        response: kycResponses,
      },
    },
    async (request) => {
      return change(request, { kind: 'photo', image: null });
    },
  );

  app.put(
    '/customers/:id/nominee',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: "Set the customer's nominee: name, relation, mobile",
        params: idParams,
        body: nomineeSchema,
        response: kycResponses,
      },
    },
    async (request) => {
      return change(request, {
        kind: 'nominee',
        nominee: request.body,
      });
    },
  );

  app.delete(
    '/customers/:id/nominee',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: "Clear the customer's nominee",
        params: idParams,
        response: kycResponses,
      },
    },
    async (request) => {
      return change(request, { kind: 'nominee', nominee: null });
    },
  );

  app.put(
    '/customers/:id/form60',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: 'Record the Form 60 declaration the customer signed (in place of a PAN)',
        params: idParams,
        body: form60Schema,
        response: kycResponses,
      },
    },
    async (request) => {
      return change(request, {
        kind: 'form60',
        declaredOn: request.body.declared_on,
      });
    },
  );

  app.delete(
    '/customers/:id/form60',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary: 'Remove the Form 60 declaration',
        params: idParams,
        response: kycResponses,
      },
    },
    async (request) => {
      return change(request, { kind: 'form60', declaredOn: null });
    },
  );

  app.post(
    '/customers/:id/id-proof-reviewed',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary:
          'The clerk has looked at the ID-proof image kept from before the masking dialog: it shows no whole Aadhaar number',
        params: idParams,
        response: kycResponses,
      },
    },
    async (request) => {
      return change(request, { kind: 'id_proof_reviewed' });
    },
  );

  app.get(
    '/registers/kyc-incomplete',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['registers'],
        summary: 'The active customers whose KYC is incomplete, by customer code, with what each lacks',
        description:
          'Search by part of a name, mobile number or code. X-Total-Count: the customers. format=csv answers every customer as a file.',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(1_000_000).default(1),
          page_size: z.coerce
            .number()
            .int()
            .min(1)
            .max(REGISTER_MAX_PAGE_SIZE)
            .default(REGISTER_DEFAULT_PAGE_SIZE),
          search: z.string().trim().max(100).optional(),
          format: z.enum(['json', 'csv']).default('json'),
          headings: csvHeadingsField,
        }),
        response: { 200: kycRegisterSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const compliance = await readCustomerKycRule(request.companyId);
      const csv = q.format === 'csv';
      const register = await readKycRegister(reportsDb, request.companyId, compliance, {
        search: q.search,
        offset: csv ? 0 : (q.page - 1) * q.page_size,
        limit: csv ? null : q.page_size,
      });
      if (csv) {
        return sendCsv(reply, `kyc-incomplete-${today()}.csv`, [
          registerCsvHeadings('kycIncomplete', q.headings),
          ...register.lines.map((l) => [
            l.accCode,
            l.customerName,
            l.mobileNumber,
            gapCell(l.gaps, q.headings),
            String(l.openPledges),
            paiseToRupees(l.openLoansPaise),
            formatIndianDate(businessToday(config.businessTimeZone, new Date(l.createdAt))),
          ]),
        ]);
      }
      reply.header('x-total-count', String(register.total));
      return {
        page: q.page,
        page_size: q.page_size,
        total_count: register.total,
        by_gap: register.byGap,
        rows: register.lines.map((l) => ({
          customer_id: l.id,
          customer_code: l.accCode,
          customer_name: l.customerName,
          mobile_number: l.mobileNumber,
          gaps: l.gaps,
          open_pledges: l.openPledges,
          open_loans: paiseToRupees(l.openLoansPaise),
          created_at: isoInstant(l.createdAt),
        })),
      };
    },
  );

  /** The branch's PAN rule, for the register. */
  async function readCustomerKycRule(companyId: number) {
    const c = await findCompliance(reportsDb, companyId);
    if (!c) throw AppError.notFound('Company');
    return c.panRule;
  }
};
