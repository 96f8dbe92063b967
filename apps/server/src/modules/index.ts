import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { auctionsRoutes } from './auctions/auctions.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { backupsRoutes } from './backups/backups.routes.ts';
import { bankRepledgesRoutes } from './bank-repledges/bank-repledges.routes.ts';
import { banksRoutes } from './banks/banks.routes.ts';
import { booksCheckRoutes } from './books-check/books-check.routes.ts';
import { branchDayRoutes } from './branch-day/branch-day.routes.ts';
import { companiesRoutes } from './companies/companies.routes.ts';
import { complianceRoutes } from './compliance/compliance.routes.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { daybookRoutes } from './daybook/daybook.routes.ts';
import { designsRoutes } from './designs/designs.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { jewelRatesRoutes } from './jewel-rates/jewel-rates.routes.ts';
import { jewelTypesRoutes } from './jewel-types/jewel-types.routes.ts';
import { kycRoutes } from './kyc/kyc.routes.ts';
import { legacyRoutes } from './legacy/legacy.routes.ts';
import type { ModuleDeps } from './module-deps.ts';
import { noticesRoutes } from './notices/notices.routes.ts';
import { operationsReportsRoutes } from './operations-reports/operations-reports.routes.ts';
import { paymentHistoryRoutes } from './payment-history/payment-history.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { pledgePhotosRoutes } from './pledge-photos/pledge-photos.routes.ts';
import { pledgeListsRoutes } from './pledges/pledge-lists.routes.ts';
import { pledgesRoutes } from './pledges/pledges.routes.ts';
import { ratesRoutes } from './rates/rates.routes.ts';
import { registersRoutes } from './registers/registers.routes.ts';
import { releasesRoutes } from './releases/releases.routes.ts';
import { renewalRoutes } from './renewal/renewal.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { schemesRoutes } from './schemes/schemes.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/**
 * Every API module, registered under /api in this order. A module's routes each declare
 * `config.access`, and its `<module>.access.ts` lists them for the permission matrix test.
 */
export const apiModules: FastifyPluginAsyncZod<ModuleDeps>[] = [
  systemRoutes,
  authRoutes,
  companiesRoutes,
  filesRoutes,
  schemesRoutes,
  banksRoutes,
  ratesRoutes,
  jewelTypesRoutes,
  jewelRatesRoutes,
  customersRoutes,
  kycRoutes,
  designsRoutes,
  pledgesRoutes,
  pledgeListsRoutes,
  pledgePhotosRoutes,
  paymentsRoutes,
  paymentHistoryRoutes,
  usersRoutes,
  accountsRoutes,
  daybookRoutes,
  reportsRoutes,
  booksCheckRoutes,
  legacyRoutes,
  dashboardRoutes,
  branchDayRoutes,
  registersRoutes,
  operationsReportsRoutes,
  renewalRoutes,
  bankRepledgesRoutes,
  releasesRoutes,
  auctionsRoutes,
  noticesRoutes,
  auditRoutes,
  complianceRoutes,
  backupsRoutes,
];
