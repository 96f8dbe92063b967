import type { CustomerInput } from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteFile, insertFile } from '../files/files.repository.ts';
import type { ImageMime } from '../files/image-type.ts';
import {
  type CustomerRow,
  countPledgesOfCustomer,
  deleteCustomerRow,
  insertCustomer,
  lockCustomer,
  setCustomerIdProof,
  takeAccCodes,
  updateCustomer,
} from './customers.repository.ts';

const pledgeCount = (n: number) => (n === 1 ? '1 pledge' : `${n} pledges`);

/** Registers a customer under the company's next code (C000001…, gapless per company). */
export async function registerCustomer(
  db: Db,
  companyId: number,
  input: CustomerInput,
  createdBy: number,
): Promise<CustomerRow> {
  return db.transaction(async (tx) => {
    const [accCode] = await takeAccCodes(tx, companyId, 1);
    return insertCustomer(tx, companyId, accCode!, input, createdBy);
  });
}

/**
 * Changes a customer's details; `id_proof: null` removes the ID proof (the screens send back the
 * signed link they were given, or leave it out, to keep it). 404 when the customer is not the company's.
 */
export async function changeCustomer(
  db: Db,
  companyId: number,
  id: number,
  input: CustomerInput,
): Promise<CustomerRow> {
  const updated = await db.transaction(async (tx) => {
    const current = await lockCustomer(tx, companyId, id);
    if (!current) throw AppError.notFound('Customer');
    const clearIdProof = input.id_proof === null && current.idProofFileId !== null;
    const row = await updateCustomer(tx, companyId, current.id, input, clearIdProof);
    if (clearIdProof && current.idProofFileId) await deleteFile(tx, current.idProofFileId);
    return row;
  });
  if (!updated) throw AppError.notFound('Customer');
  return updated;
}

/** Deletes a customer who has no pledges, with their ID proof; 409 naming the pledges otherwise. */
export async function removeCustomer(db: Db, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockCustomer(tx, companyId, id);
    if (!current) throw AppError.notFound('Customer');
    const pledges = await countPledgesOfCustomer(tx, companyId, current.id);
    if (pledges > 0) {
      throw AppError.conflict('CUSTOMER_HAS_PLEDGES', `This customer has ${pledgeCount(pledges)}.`);
    }
    await deleteCustomerRow(tx, companyId, current.id);
    if (current.idProofFileId) await deleteFile(tx, current.idProofFileId);
  });
}

/** Stores a checked image as the customer's ID proof, replacing (and deleting) an earlier one. */
export async function replaceIdProof(
  db: Db,
  companyId: number,
  id: number,
  image: { mime: ImageMime; data: Uint8Array; createdBy: number },
): Promise<CustomerRow> {
  const updated = await db.transaction(async (tx) => {
    const current = await lockCustomer(tx, companyId, id);
    if (!current) throw AppError.notFound('Customer');
    const fileId = await insertFile(tx, { companyId, kind: 'id_proof', ...image });
    const row = await setCustomerIdProof(tx, companyId, current.id, fileId);
    if (current.idProofFileId) await deleteFile(tx, current.idProofFileId);
    return row;
  });
  if (!updated) throw AppError.notFound('Customer');
  return updated;
}
