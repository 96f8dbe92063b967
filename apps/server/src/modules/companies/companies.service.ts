import type {
  CashSettingsInput,
  CompanyInput,
  CompanyLanguageInput,
  EndOfPledgeSettingsInput,
} from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/access.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { ensureSystemAccounts } from '../accounts/system-accounts.ts';
import { deleteFile, insertFile } from '../files/files.repository.ts';
import type { ImageMime } from '../files/image-type.ts';
import { updateCashLimit } from './cash-settings.ts';
import {
  type CompanyRow,
  findCompanyById,
  insertCompany,
  listCompanies,
  lockCompany,
  setCompanyLanguage,
  setCompanyLogo,
  updateCompany,
} from './companies.repository.ts';
import { updateEndOfPledgeSettings } from './end-of-pledge-settings.ts';

/**
 * Records a change of a company (its row before, and as it is now) in the company's own trail: an
 * admin may change another branch than the one selected.
 */
async function auditCompany(tx: Tx, action: string, id: number, before: unknown): Promise<void> {
  const after = await rowSnapshot(tx, 'companies', null, id);
  await recordAudit(tx, { action, entity: 'company', entityId: id, companyId: id, before, after });
}

/**
 * The companies (branches) a user may use (docs/domain-rules.md §7): an admin every branch, page by
 * page; any other user only the branch they belong to, on the first page.
 */
export async function companiesFor(
  db: Db,
  user: AuthUser,
  page: { skip: number; limit: number },
): Promise<CompanyRow[]> {
  if (user.role === 'admin') return listCompanies(db, page);
  const own = await findCompanyById(db, user.companyId);
  return own && page.skip === 0 ? [own] : [];
}

/** Opens a branch with the system accounts of docs/domain-rules.md §6.1, in the same transaction. */
export async function openCompany(db: Db, input: CompanyInput): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    const company = await insertCompany(tx, input);
    await ensureSystemAccounts(tx, company.id);
    const after = await rowSnapshot(tx, 'companies', null, company.id);
    // The new branch's own trail holds its opening.
    await recordAudit(tx, {
      action: 'create',
      entity: 'company',
      entityId: company.id,
      companyId: company.id,
      after,
    });
    return company;
  });
}

/** Changes a company's details; `logo: null` removes (and deletes) the logo. */
export async function changeCompany(db: Db, id: number, input: CompanyInput): Promise<CompanyRow> {
  const updated = await db.transaction(async (tx) => {
    const current = await lockCompany(tx, id);
    if (!current) throw AppError.notFound('Company');
    const before = await rowSnapshot(tx, 'companies', null, current.id);
    const clearLogo = input.logo === null && current.logoFileId !== null;
    const row = await updateCompany(tx, current.id, input, clearLogo);
    if (clearLogo && current.logoFileId) await deleteFile(tx, current.logoFileId);
    await auditCompany(tx, 'update', current.id, before);
    return row;
  });
  if (!updated) throw AppError.notFound('Company');
  return updated;
}

/** Stores a checked image as the company logo, replacing (and deleting) an earlier one. */
export async function replaceLogo(
  db: Db,
  id: number,
  image: { mime: ImageMime; data: Uint8Array; createdBy: number },
): Promise<CompanyRow> {
  const updated = await db.transaction(async (tx) => {
    const current = await lockCompany(tx, id);
    if (!current) throw AppError.notFound('Company');
    const fileId = await insertFile(tx, { companyId: current.id, kind: 'logo', ...image });
    const before = await rowSnapshot(tx, 'companies', null, current.id);
    const row = await setCompanyLogo(tx, current.id, fileId);
    if (current.logoFileId) await deleteFile(tx, current.logoFileId);
    await auditCompany(tx, 'upload_logo', current.id, before);
    return row;
  });
  if (!updated) throw AppError.notFound('Company');
  return updated;
}

/** A settings change of a company (the cash limit, the end-of-pledge settings), recorded as 'settings'. */
async function changeSettings(db: Db, id: number, write: (tx: Tx) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockCompany(tx, id);
    if (!current) throw AppError.notFound('Company');
    const before = await rowSnapshot(tx, 'companies', null, id);
    await write(tx);
    await auditCompany(tx, 'settings', id, before);
  });
}

/** Sets the company's cash limit and its mode. */
export function changeCashSettings(db: Db, id: number, input: CashSettingsInput): Promise<void> {
  return changeSettings(db, id, (tx) => updateCashLimit(tx, id, input));
}

/** Sets the company's end-of-pledge settings. */
export function changeEndOfPledgeSettings(
  db: Db,
  id: number,
  input: EndOfPledgeSettingsInput,
): Promise<void> {
  return changeSettings(db, id, (tx) => updateEndOfPledgeSettings(tx, id, input));
}

/** Sets the interface language of the company's users who chose none. */
export function changeCompanyLanguage(db: Db, id: number, input: CompanyLanguageInput): Promise<void> {
  return changeSettings(db, id, (tx) => setCompanyLanguage(tx, id, input.default_language));
}
