import type { JewelTypeInput } from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import {
  countJewelTypeUses,
  deleteJewelType,
  insertJewelType,
  type JewelTypeRow,
  lockJewelType,
  updateJewelType,
} from './jewel-types.repository.ts';

const duplicateName = rethrowConstraint({
  jewel_types_company_name_key: AppError.field('jewel_name', 'A jewel type with this name already exists.'),
});

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "This jewel type is used by 2 schemes and 1 jewel rate." (apps/server/README.md, "Errors"). */
export function jewelTypeInUse(uses: { schemes: number; jewelRates: number }): AppError {
  const parts = [
    uses.schemes > 0 ? plural(uses.schemes, 'scheme') : '',
    uses.jewelRates > 0 ? plural(uses.jewelRates, 'jewel rate') : '',
  ].filter(Boolean);
  return AppError.conflict('JEWEL_TYPE_IN_USE', `This jewel type is used by ${parts.join(' and ')}.`);
}

export async function addJewelType(db: Db, companyId: number, input: JewelTypeInput): Promise<JewelTypeRow> {
  return db.transaction(async (tx) => {
    const row = await insertJewelType(tx, companyId, input).catch(duplicateName);
    const after = await rowSnapshot(tx, 'jewel_types', companyId, row.id);
    await recordAudit(tx, { action: 'create', entity: 'jewel_type', entityId: row.id, after });
    return row;
  });
}

export async function changeJewelType(
  db: Db,
  companyId: number,
  id: number,
  input: JewelTypeInput,
): Promise<JewelTypeRow> {
  const row = await db.transaction(async (tx) => {
    // Locked first, so the record before is the one this change replaces.
    if (!(await lockJewelType(tx, companyId, id))) return undefined;
    const before = await rowSnapshot(tx, 'jewel_types', companyId, id);
    const updated = await updateJewelType(tx, companyId, id, input).catch(duplicateName);
    if (!updated) return undefined;
    const after = await rowSnapshot(tx, 'jewel_types', companyId, id);
    await recordAudit(tx, { action: 'update', entity: 'jewel_type', entityId: id, before, after });
    return updated;
  });
  if (!row) throw AppError.notFound('Jewel type');
  return row;
}

/** Deletes a jewel type no scheme or jewel rate uses (409 saying what holds it). */
export async function removeJewelType(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .transaction(async (tx) => {
      if (!(await lockJewelType(tx, companyId, id))) throw AppError.notFound('Jewel type');
      const uses = await countJewelTypeUses(tx, companyId, id);
      if (uses.schemes > 0 || uses.jewelRates > 0) throw jewelTypeInUse(uses);
      const before = await rowSnapshot(tx, 'jewel_types', companyId, id);
      await deleteJewelType(tx, companyId, id);
      await recordAudit(tx, { action: 'delete', entity: 'jewel_type', entityId: id, before });
    })
    // Something else that points at the type (the counts above cover what exists today).
    .catch(
      rethrowConstraint({
        schemes_jewel_type_fk: AppError.conflict('JEWEL_TYPE_IN_USE', 'This jewel type is used by schemes.'),
        jewel_rates_jewel_type_fk: AppError.conflict(
          'JEWEL_TYPE_IN_USE',
          'This jewel type is used by jewel rates.',
        ),
      }),
    );
}
