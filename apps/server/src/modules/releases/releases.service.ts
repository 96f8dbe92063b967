import {
  RELEASE_MESSAGES,
  type ReleasePledgeInput,
  type ReleaseView,
  releaseDateProblem,
  releaseRefusal,
} from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { lockPledge, pledgeExists } from '../pledges/pledges.repository.ts';
import {
  countSlipPrint,
  fileExists,
  findCustomerName,
  findReleaseView,
  insertRelease,
  isStaffOf,
  setPledgeReleasedOn,
} from './releases.repository.ts';

// The release of a closed pledge's articles: one transaction with the pledge locked
// FOR UPDATE (as payments and their reversals lock it, so a reversal and a release queue), its state
// checked again inside, the release row and the pledge's released_on written together. No voucher: no
// money moves.

export interface Releaser {
  companyId: number;
  userId: number;
  today: string;
  idempotency?: IdempotencyRef | null;
}

export async function releasePledge(
  db: Db,
  who: Releaser,
  pledgeId: number,
  input: ReleasePledgeInput,
): Promise<ReleaseView> {
  const { companyId } = who;
  await db
    .transaction(async (tx) => {
      const pledge = await lockPledge(tx, companyId, pledgeId);
      if (!pledge) throw AppError.notFound('Pledge');
      const before = await rowSnapshot(tx, 'pledges', companyId, pledgeId);
      const refusal = releaseRefusal(pledge);
      if (refusal) throw AppError.conflict(refusal.code, refusal.message);
      const releasedOn = input.released_on ?? who.today;
      const dateProblem = releaseDateProblem(releasedOn, pledge.closedDate!, who.today);
      if (dateProblem) throw AppError.field('released_on', dateProblem);

      const handedOverBy = input.handed_over_by ?? who.userId;
      if (!(await isStaffOf(tx, companyId, handedOverBy))) {
        throw AppError.field('handed_over_by', RELEASE_MESSAGES.handedOverBy);
      }
      if (input.proof_file_id != null) {
        if (!(await fileExists(tx, companyId, input.proof_file_id)))
          throw AppError.field('proof_file_id', RELEASE_MESSAGES.proofFile);
      }
      let receiverName = input.receiver_name?.trim() || null;
      if (receiverName === null) {
        // Only the pawner goes without a typed name (the schema asks it of everyone else).
        receiverName = (await findCustomerName(tx, companyId, pledge.customerId)) ?? '';
      }
      const releaseId = await insertRelease(tx, {
        companyId,
        pledgeId,
        releasedOn,
        receiverKind: input.receiver_kind,
        receiverName,
        receiverIdProof: input.receiver_id_proof?.trim() || null,
        proofReference: input.proof_reference?.trim() || null,
        proofFileId: input.proof_file_id ?? null,
        handedOverBy,
        remarks: input.remarks?.trim() || null,
        createdBy: who.userId,
      });
      await setPledgeReleasedOn(tx, companyId, pledgeId, releasedOn, who.userId);
      // The pledge before and after, the release (who took the articles, on what proof) with it.
      const after = await rowSnapshot(tx, 'pledges', companyId, pledgeId);
      await recordAudit(tx, {
        action: 'release',
        entity: 'pledge',
        entityId: pledgeId,
        before,
        after: after && {
          ...after,
          release: await rowSnapshot(tx, 'pledge_releases', companyId, releaseId),
        },
      });
      await markIdempotentCommit(tx, who.idempotency);
    })
    .catch(
      rethrowConstraint({
        // A second release that slipped past the lock (it cannot, but the key says it plainly).
        pledge_releases_pledge_key: AppError.conflict(
          'PLEDGE_RELEASED',
          'The articles of this pledge were already released.',
        ),
      }),
    );
  const view = await findReleaseView(db, companyId, pledgeId);
  if (!view) throw new Error(`the release of pledge ${pledgeId} was not found after it was saved`);
  return view;
}

/** The release of a pledge (404 for a pledge of another company, or one without a release). */
export async function readRelease(db: Db, companyId: number, pledgeId: number): Promise<ReleaseView> {
  const view = await findReleaseView(db, companyId, pledgeId);
  if (view) return view;
  throw AppError.notFound(
    (await pledgeExists(db, companyId, pledgeId)) ? 'Release of this pledge' : 'Pledge',
  );
}

/** Records one print of the release slip: every print after the first is a duplicate. */
export async function recordSlipPrint(db: Db, companyId: number, pledgeId: number) {
  const prints = await db.transaction(async (tx) => {
    const counted = await countSlipPrint(tx, companyId, pledgeId);
    if (counted !== undefined) {
      await recordAudit(tx, {
        action: 'print',
        entity: 'pledge',
        entityId: pledgeId,
        after: { document: 'release_slip', slip_prints: counted, duplicate: counted > 1 },
      });
    }
    return counted;
  });
  if (prints === undefined) throw AppError.notFound('Release of this pledge');
  return { slip_prints: prints, duplicate: prints > 1 };
}
