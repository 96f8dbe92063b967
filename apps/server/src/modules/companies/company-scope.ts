import type { DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { findCompanyById } from './companies.repository.ts';

/** Why a named company cannot be used: not the caller's to use, or no such company. */
export type CompanyRefusal = 'forbidden' | 'missing';

/** docs/domain-rules.md §7.2: a record of another company answers 404, never its data. */
const notFound = () => AppError.notFound('Company');

/**
 * The one company resolver of the modules (docs/domain-rules.md §7.2). The access plugin has already checked
 * the request's company (`X-Company-Id`, else the user's own) and put it in `request.companyId`; a
 * route that also names a company (a path `:companyId`, a body `company_id`) asks here which one it
 * acts for:
 * - nothing named, or the request's company: the request's company;
 * - another company: only an admin (who works for every company) may name it, and it must exist.
 * Refused answers 404 unless the caller says otherwise (a form field error, say).
 */
export async function resolveCompany(
  db: DbOrTx,
  request: { user: { role: string } | null; companyId: number },
  named?: number | null,
  refuse: (reason: CompanyRefusal) => AppError = notFound,
): Promise<number> {
  if (named == null || named === request.companyId) return request.companyId;
  if (request.user?.role !== 'admin') throw refuse('forbidden');
  if (!(await findCompanyById(db, named))) throw refuse('missing');
  return named;
}
