import type { CustomerInput } from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { deleteFile, insertFile } from '../files/files.repository.ts';
import type { ImageMime } from '../files/image-type.ts';
import {
  type CustomerRow,
  countPledgesOfCustomer,
  deleteCustomerRow,
  findProbableDuplicate,
  insertCustomer,
  lockCustomer,
  setCustomerIdProof,
  takeAccCodes,
  updateCustomer,
} from './customers.repository.ts';

const pledgeCount = (n: number) => (n === 1 ? '1 pledge' : `${n} pledges`);

/** The customer a new or changed one resembles (same mobile, similar name): the route asks with a 409. */
export type ProbableDuplicate = NonNullable<Awaited<ReturnType<typeof findProbableDuplicate>>>;

/** Records a change of a customer: the row before, and as it is now. */
async function auditCustomer(
  tx: Tx,
  action: string,
  companyId: number,
  id: number,
  before: unknown,
): Promise<void> {
  const after = await rowSnapshot(tx, 'customers', companyId, id);
  await recordAudit(tx, { action, entity: 'customer', entityId: id, before, after });
}

/**
 * Registers a customer under the company's next code (C000001…, gapless per company), unless one with
 * the same mobile and a similar name exists and the clerk has not confirmed: then that one is answered.
 */
export async function registerCustomer(
  db: Db,
  companyId: number,
  input: CustomerInput,
  createdBy: number,
  confirmDuplicate = false,
): Promise<{ created: CustomerRow } | { duplicate: ProbableDuplicate }> {
  return db.transaction(async (tx) => {
    // Locking the counter (taking no code yet) queues this company's creations, so two clerks
    // cannot both miss the other; a duplicate answer then leaves no gap in the codes.
    await takeAccCodes(tx, companyId, 0);
    const duplicate = confirmDuplicate
      ? undefined
      : await findProbableDuplicate(tx, companyId, {
          customerName: input.customer_name,
          mobileNumber: input.mobile_number,
        });
    if (duplicate) return { duplicate };
    const [accCode] = await takeAccCodes(tx, companyId, 1);
    const created = await insertCustomer(tx, companyId, accCode!, input, createdBy);
    const after = await rowSnapshot(tx, 'customers', companyId, created.id);
    await recordAudit(tx, { action: 'create', entity: 'customer', entityId: created.id, after });
    return { created };
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
  confirmDuplicate = false,
): Promise<{ updated: CustomerRow } | { duplicate: ProbableDuplicate }> {
  const outcome = await db.transaction(async (tx) => {
    const current = await lockCustomer(tx, companyId, id);
    if (!current) throw AppError.notFound('Customer');
    // Only a change of who the customer is (name or mobile) is checked against the others.
    const changedWho =
      current.mobileNumber !== input.mobile_number || current.customerName !== input.customer_name;
    const duplicate =
      confirmDuplicate || !changedWho
        ? undefined
        : await findProbableDuplicate(tx, companyId, {
            customerName: input.customer_name,
            mobileNumber: input.mobile_number,
            exceptId: current.id,
          });
    if (duplicate) return { duplicate };
    const before = await rowSnapshot(tx, 'customers', companyId, current.id);
    const clearIdProof = input.id_proof === null && current.idProofFileId !== null;
    const row = await updateCustomer(tx, companyId, current.id, input, clearIdProof);
    if (clearIdProof && current.idProofFileId) await deleteFile(tx, current.idProofFileId);
    if (row) await auditCustomer(tx, 'update', companyId, current.id, before);
    return { updated: row };
  });
  if (outcome.duplicate) return { duplicate: outcome.duplicate };
  if (!outcome.updated) throw AppError.notFound('Customer');
  return { updated: outcome.updated };
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
    const before = await rowSnapshot(tx, 'customers', companyId, current.id);
    await deleteCustomerRow(tx, companyId, current.id).catch(
      // A pledge made for the customer while this ran (the foreign key is the last word).
      rethrowConstraint({
        pledges_customer_fk: AppError.conflict('CUSTOMER_HAS_PLEDGES', 'This customer has pledges.'),
      }),
    );
    if (current.idProofFileId) await deleteFile(tx, current.idProofFileId);
    await recordAudit(tx, { action: 'delete', entity: 'customer', entityId: current.id, before });
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
    const before = await rowSnapshot(tx, 'customers', companyId, current.id);
    const fileId = await insertFile(tx, { companyId, kind: 'id_proof', ...image });
    const row = await setCustomerIdProof(tx, companyId, current.id, fileId);
    if (current.idProofFileId) await deleteFile(tx, current.idProofFileId);
    if (row) await auditCustomer(tx, 'upload_id_proof', companyId, current.id, before);
    return row;
  });
  if (!updated) throw AppError.notFound('Customer');
  return updated;
}
