import type { DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { pledgeExists } from '../pledges/pledges.repository.ts';
import { findRenewalLinks } from './renewal.repository.ts';

// The renewals a pledge took part in (docs/domain-rules.md §8.3): the read the pledge's screen links by.

/** GET /pledges/{id}/renewals: the pledge it was renewed from and the one it was renewed into. */
export async function readRenewalLinks(db: DbOrTx, companyId: number, pledgeId: number) {
  if (!(await pledgeExists(db, companyId, pledgeId))) throw AppError.notFound('Pledge');
  const rows = await findRenewalLinks(db, companyId, pledgeId);
  const from = rows.find((r) => r.renewal.newPledgeId === pledgeId);
  const to = rows.find((r) => r.renewal.oldPledgeId === pledgeId);
  return {
    pledge_id: pledgeId,
    renewed_from: from
      ? {
          renewal_id: from.renewal.id,
          pledge_id: from.renewal.oldPledgeId,
          pledge_no: from.oldPledgeNo,
          renewal_date: from.renewal.renewalDate,
        }
      : null,
    renewed_to: to
      ? {
          renewal_id: to.renewal.id,
          pledge_id: to.renewal.newPledgeId,
          pledge_no: to.newPledgeNo,
          renewal_date: to.renewal.renewalDate,
          receipt_id: to.renewal.receiptId,
          receipt_no: to.receiptNo,
        }
      : null,
  };
}
