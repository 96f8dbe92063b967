import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
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
  input: { companyId: number; designName: string; createdBy: number },
): Promise<DesignRow> {
  return db.transaction((tx) => insertDesign(tx, input).catch(nameTaken));
}
