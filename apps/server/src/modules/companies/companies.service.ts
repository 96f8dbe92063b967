import type { CompanyInput } from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { ensureSystemAccounts } from '../accounts/system-accounts.ts';
import { deleteFile, insertFile } from '../files/files.repository.ts';
import type { ImageMime } from '../files/image-type.ts';
import {
  type CompanyRow,
  insertCompany,
  lockCompany,
  setCompanyLogo,
  updateCompany,
} from './companies.repository.ts';

/** Opens a branch with the system accounts of DOMAIN-RULES §6, in the same transaction. */
export async function openCompany(db: Db, input: CompanyInput): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    const company = await insertCompany(tx, input);
    await ensureSystemAccounts(tx, company.id);
    return company;
  });
}

/** Changes a company's details; `logo: null` removes (and deletes) the logo. */
export async function changeCompany(db: Db, id: number, input: CompanyInput): Promise<CompanyRow> {
  const updated = await db.transaction(async (tx) => {
    const current = await lockCompany(tx, id);
    if (!current) throw AppError.notFound('Company');
    const clearLogo = input.logo === null && current.logoFileId !== null;
    const row = await updateCompany(tx, current.id, input, clearLogo);
    if (clearLogo && current.logoFileId) await deleteFile(tx, current.logoFileId);
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
    const row = await setCompanyLogo(tx, current.id, fileId);
    if (current.logoFileId) await deleteFile(tx, current.logoFileId);
    return row;
  });
  if (!updated) throw AppError.notFound('Company');
  return updated;
}
