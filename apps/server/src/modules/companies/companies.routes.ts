import {
  cashSettingsSchema,
  cashSettingsViewSchema,
  companyLanguageSchema,
  companySchema,
  endOfPledgeSettingsSchema,
  endOfPledgeSettingsViewSchema,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/access.ts';
import { uploadedImage } from '../files/uploaded-image.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { findCashLimit, toCashSettingsView } from './cash-settings.ts';
import { type CompanyRow, findCompanyById } from './companies.repository.ts';
import {
  changeCashSettings,
  changeCompany,
  changeCompanyLanguage,
  changeEndOfPledgeSettings,
  companiesFor,
  openCompany,
  replaceLogo,
} from './companies.service.ts';
import { resolveCompany } from './company-scope.ts';
import { findEndOfPledgeSettings } from './end-of-pledge-settings.ts';

const companyViewSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  logo: z.string().nullable(),
  licence_no: z.string(),
  status: z.boolean(),
  // The interface language of its users who chose none.
  default_language: z.enum(['en', 'ta']),
  created_at: z.string(),
});

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const companiesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, links }) => {
  const view = (c: CompanyRow) => ({
    id: c.id,
    company_name: c.companyName,
    address: c.address,
    city: c.city,
    state: c.state,
    phone: c.phone,
    logo: c.logoFileId ? links.url(c.logoFileId) : null,
    licence_no: c.licenceNo,
    status: c.status,
    default_language: c.defaultLanguage === 'ta' ? ('ta' as const) : ('en' as const),
    created_at: new Date(c.createdAt).toISOString(),
  });

  /** A company the caller may use (the one resolver, docs/domain-rules.md §7.2), else 404. */
  async function usableCompany(request: { user: AuthUser | null; companyId: number }, id: number) {
    const company = await findCompanyById(db, await resolveCompany(db, request, id));
    if (!company) throw AppError.notFound('Company');
    return company;
  }

  app.get(
    '/companies/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['companies'],
        summary: 'The companies (branches) the caller may use',
        querystring: z.object({
          skip: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(500).default(10),
        }),
        response: { 200: z.array(companyViewSchema) },
      },
    },
    async (request) => {
      return (await companiesFor(db, request.user!, request.query)).map(view);
    },
  );

  app.get(
    '/companies/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['companies'],
        summary: 'One company',
        params: idParams,
        response: { 200: companyViewSchema },
      },
    },
    async (request) => view(await usableCompany(request, request.params.id)),
  );

  app.post(
    '/companies/',
    {
      config: { access: 'companies.manage' },
      schema: {
        tags: ['companies'],
        summary: 'Open a new branch',
        body: companySchema,
        response: { 201: companyViewSchema },
      },
    },
    async (request, reply) => {
      const created = await openCompany(db, request.body);
      return reply.code(201).send(view(created));
    },
  );

  app.put(
    '/companies/:id',
    {
      config: { access: 'companies.manage' },
      schema: {
        tags: ['companies'],
        summary: 'Update company details (send logo: null to remove the logo)',
        params: idParams,
        body: companySchema,
        response: { 200: companyViewSchema },
      },
    },
    async (request) => {
      await usableCompany(request, request.params.id);
      return view(await changeCompany(db, request.params.id, request.body));
    },
  );

  app.post(
    '/companies/:id/upload-logo',
    {
      config: { access: 'companies.manage' },
      schema: {
        tags: ['companies'],
        summary: 'Upload the company logo (multipart field "file": PNG, JPEG or WebP)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: companyViewSchema },
      },
    },
    async (request) => {
      const company = await usableCompany(request, request.params.id);
      const { mime, data } = await uploadedImage(request);
      return view(await replaceLogo(db, company.id, { mime, data, createdBy: request.user!.id }));
    },
  );

  app.get(
    '/companies/:id/cash-settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['companies'],
        summary: 'The company’s cash limit for one cash payout or receipt, and its mode (warn or block)',
        params: idParams,
        response: { 200: cashSettingsViewSchema },
      },
    },
    async (request) => {
      const company = await usableCompany(request, request.params.id);
      const limit = await findCashLimit(db, company.id);
      if (!limit) throw AppError.notFound('Company');
      return toCashSettingsView(limit);
    },
  );

  app.put(
    '/companies/:id/cash-settings',
    {
      config: { access: 'companies.manage' },
      schema: {
        tags: ['companies'],
        summary: 'Sets the cash limit (rupees, above 0) and its mode: warn (confirm and record) or block',
        description:
          'The cash limit: the Income-tax Act restricts cash loans and repayments of ₹20,000 and above. A single cash payout of a pledge, or a single cash receipt, at or over the limit is refused in block mode and needs a recorded confirmation in warn mode.',
        params: idParams,
        body: cashSettingsSchema,
        response: { 200: cashSettingsViewSchema },
      },
    },
    async (request) => {
      const company = await usableCompany(request, request.params.id);
      await changeCashSettings(db, company.id, request.body);
      const limit = await findCashLimit(db, company.id);
      if (!limit) throw AppError.notFound('Company');
      return toCashSettingsView(limit);
    },
  );
  app.get(
    '/companies/:id/end-of-pledge-settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['companies'],
        summary:
          'The end-of-pledge settings: grace days before overdue, release wait (working days), notice period (days), surplus holding period (months)',
        params: idParams,
        response: { 200: endOfPledgeSettingsViewSchema },
      },
    },
    async (request) => {
      const company = await usableCompany(request, request.params.id);
      const settings = await findEndOfPledgeSettings(db, company.id);
      if (!settings) throw AppError.notFound('Company');
      return settings;
    },
  );

  app.put(
    '/companies/:id/end-of-pledge-settings',
    {
      config: { access: 'companies.manage' },
      schema: {
        tags: ['companies'],
        summary: 'Sets the end-of-pledge settings (defaults 0 days, 7 working days, 30 days, 6 months)',
        params: idParams,
        body: endOfPledgeSettingsSchema,
        response: { 200: endOfPledgeSettingsViewSchema },
      },
    },
    async (request) => {
      const company = await usableCompany(request, request.params.id);
      await changeEndOfPledgeSettings(db, company.id, request.body);
      const settings = await findEndOfPledgeSettings(db, company.id);
      if (!settings) throw AppError.notFound('Company');
      return settings;
    },
  );

  app.put(
    '/companies/:id/language',
    {
      config: { access: 'companies.manage' },
      schema: {
        tags: ['companies'],
        summary: "Sets the interface language of the company's users who chose none ('en' or 'ta')",
        params: idParams,
        body: companyLanguageSchema,
        response: { 200: companyViewSchema },
      },
    },
    async (request) => {
      const company = await usableCompany(request, request.params.id);
      await changeCompanyLanguage(db, company.id, request.body);
      return view(await usableCompany(request, company.id));
    },
  );
};
