import {
  type ComplianceSettingsInput,
  ceilingMessage,
  isAboveCeiling,
  licenceMessage,
  licenceState,
} from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import {
  type Compliance,
  complianceView,
  findCompliance,
  updateCompliance,
} from './compliance.repository.ts';

/** Sets a branch's compliance settings, with the audit row of before and after; 404 when no such company. */
export async function saveCompliance(
  db: Db,
  companyId: number,
  input: ComplianceSettingsInput,
  today: string,
): Promise<Compliance> {
  return db.transaction(async (tx) => {
    const before = await findCompliance(tx, companyId);
    if (!before) throw AppError.notFound('Company');
    await updateCompliance(tx, companyId, input);
    const after = (await findCompliance(tx, companyId))!;
    await recordAudit(tx, {
      action: 'settings',
      entity: 'compliance',
      entityId: companyId,
      companyId,
      before: complianceView(before, today),
      after: complianceView(after, today),
    });
    return after;
  });
}

// The guards other modules call (the server is the authority: every rule the screens show is checked
// here again).

/** 409 when the branch's licence has expired (a new pledge, a renewal's new pledge). */
export function assertLicenceAllowsPledge(c: Compliance | undefined, today: string): void {
  if (!c?.licenceExpiry) return;
  if (licenceState(c.licenceExpiry, today) !== 'expired') return;
  throw AppError.conflict(
    'LICENCE_EXPIRED',
    licenceMessage('expired', { number: c.licenceNo, expiry: c.licenceExpiry }, today),
  );
}

/** 422 under `field` when a monthly rate passes the branch's interest ceiling. */
export function assertWithinCeiling(c: Compliance | undefined, rateBp: number, field: string): void {
  if (!c || !isAboveCeiling(rateBp, c.ceilingBp)) return;
  throw AppError.field(field, ceilingMessage(rateBp, c.ceilingBp!), 'interest_ceiling');
}
