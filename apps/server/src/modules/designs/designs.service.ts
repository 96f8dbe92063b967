import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { type DesignRow, insertDesign } from './designs.repository.ts';

const nameTaken = rethrowConstraint({
  jewel_designs_company_name_key: AppError.conflict(
    'DESIGN_NAME_TAKEN',
    'A design with this name already exists.',
  ),
});

/** Adds a jewel design; names are unique in the company, ignoring case (409 otherwise). */
export async function addDesign(
  db: Db,
  input: { companyId: number; designName: string; isCoin: boolean; createdBy: number },
): Promise<DesignRow> {
  return db.transaction(async (tx) => {
    const row = await insertDesign(tx, input).catch(nameTaken);
    const after = await rowSnapshot(tx, 'jewel_designs', input.companyId, row.id);
    await recordAudit(tx, { action: 'create', entity: 'jewel_design', entityId: row.id, after });
    return row;
  });
}
