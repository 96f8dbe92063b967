import type { RenewalPreview, RenewPledgeInput } from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { findPledgeRow } from './renewal.repository.ts';
import { planRenewal, type RenewalWriter, toPreview } from './renewal-plan.ts';

// The preview of a renewal (docs/domain-rules.md §8.3): the save's plan, its checks and figures,
// with nothing written.

/**
 * POST /pledges/{id}/renew/preview: every figure of the renewal as the save would make it, from the
 * same checks (a 409 or 422 the save would answer, the preview answers too); nothing is written.
 */
export async function previewRenewal(
  db: Db,
  writer: RenewalWriter,
  pledgeId: number,
  input: RenewPledgeInput,
): Promise<RenewalPreview> {
  return db.transaction(async (tx) => {
    const old = await findPledgeRow(tx, writer.companyId, pledgeId);
    if (!old) throw AppError.notFound('Pledge');
    const plan = await planRenewal(tx, writer, old, input);
    return toPreview(tx, writer, plan, { close: null, open: null });
  });
}
