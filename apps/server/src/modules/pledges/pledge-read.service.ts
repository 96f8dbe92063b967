import type { DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileLinks } from '../files/file-links.ts';
import { toPledgeView } from './pledge-view.ts';
import { findPledgeItems, findPledgeSummary } from './pledges.repository.ts';

/**
 * A pledge of the company with its items, as GET /pledges/{id} answers it; 404 for another company's.
 * The create, change and renewal answers are this view of the pledge they saved.
 */
export async function readPledgeView(db: DbOrTx, links: FileLinks, companyId: number, id: number) {
  const row = await findPledgeSummary(db, companyId, id);
  if (!row) throw AppError.notFound('Pledge');
  return toPledgeView(row, await findPledgeItems(db, companyId, id), links);
}
