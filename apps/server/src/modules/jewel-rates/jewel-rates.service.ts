import { JEWEL_TYPE_REQUIRED } from '@pledge-desk/domain';
import type { Db, DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { findJewelType } from '../jewel-types/jewel-types.repository.ts';
import {
  deleteJewelRate,
  insertJewelRate,
  type JewelRateValues,
  type JewelRateWithType,
  lockJewelRate,
  updateJewelRate,
} from './jewel-rates.repository.ts';

const typeRequired = () => AppError.field('jewel_type_id', JEWEL_TYPE_REQUIRED);

// The type was deleted between our check and the insert: the composite foreign key refuses it.
const missingType = rethrowConstraint({ jewel_rates_jewel_type_fk: typeRequired() });

/** The jewel type must be one of the company's; another company's is as good as none. */
async function jewelTypeName(db: DbOrTx, companyId: number, jewelTypeId: number): Promise<string> {
  const type = await findJewelType(db, companyId, jewelTypeId);
  if (!type) throw typeRequired();
  return type.jewelName;
}

export async function addJewelRate(
  db: Db,
  input: JewelRateValues & { companyId: number; createdBy: number },
): Promise<JewelRateWithType> {
  return db.transaction(async (tx) => {
    const jewelName = await jewelTypeName(tx, input.companyId, input.jewelTypeId);
    const row = await insertJewelRate(tx, input).catch(missingType);
    const after = await rowSnapshot(tx, 'jewel_rates', input.companyId, row.id);
    await recordAudit(tx, { action: 'create', entity: 'jewel_rate', entityId: row.id, after });
    return { ...row, jewelName };
  });
}

/** Changes a jewel rate of the company (404 otherwise); a missing effective date keeps the old one. */
export async function changeJewelRate(
  db: Db,
  companyId: number,
  id: number,
  input: Omit<JewelRateValues, 'effectiveDate'> & { effectiveDate?: string | undefined },
): Promise<JewelRateWithType> {
  const updated = await db.transaction(async (tx) => {
    const current = await lockJewelRate(tx, companyId, id);
    if (!current) throw AppError.notFound('Jewel rate');
    const jewelName = await jewelTypeName(tx, companyId, input.jewelTypeId);
    const before = await rowSnapshot(tx, 'jewel_rates', companyId, current.id);
    const row = await updateJewelRate(tx, companyId, current.id, {
      ...input,
      effectiveDate: input.effectiveDate ?? current.effectiveDate,
    }).catch(missingType);
    if (!row) return undefined;
    const after = await rowSnapshot(tx, 'jewel_rates', companyId, current.id);
    await recordAudit(tx, { action: 'update', entity: 'jewel_rate', entityId: current.id, before, after });
    return { ...row, jewelName };
  });
  if (!updated) throw AppError.notFound('Jewel rate');
  return updated;
}

export async function removeJewelRate(db: Db, companyId: number, id: number): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    if (!(await lockJewelRate(tx, companyId, id))) return false;
    const before = await rowSnapshot(tx, 'jewel_rates', companyId, id);
    if (!(await deleteJewelRate(tx, companyId, id))) return false;
    await recordAudit(tx, { action: 'delete', entity: 'jewel_rate', entityId: id, before });
    return true;
  });
  if (!deleted) throw AppError.notFound('Jewel rate');
}
