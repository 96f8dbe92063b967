import {
  RELEASE_MESSAGES,
  type ReleasePledgeInput,
  type ReleaseView,
  releaseDateProblem,
  releaseRefusal,
} from '@pledge-desk/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-db.ts';
import { customers, files, pledgeReleases, pledges, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { lockPledgesForPayment } from '../payments/payment-core.ts';
import { countSlipPrint, findReleaseView } from './releases.repository.ts';

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

/** A user who may be named as handing the articles over: a user of the company, or an admin. */
async function isStaffOf(db: Pick<Db, 'select'>, companyId: number, userId: number): Promise<boolean> {
  const [u] = await db
    .select({ companyId: users.companyId, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !!u && (u.companyId === companyId || u.role === 'admin');
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
      const pledge = (await lockPledgesForPayment(tx, companyId, [pledgeId])).get(pledgeId);
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
        const [file] = await tx
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.companyId, companyId), eq(files.id, input.proof_file_id)))
          .limit(1);
        if (!file) throw AppError.field('proof_file_id', RELEASE_MESSAGES.proofFile);
      }
      let receiverName = input.receiver_name?.trim() || null;
      if (receiverName === null) {
        // Only the pawner goes without a typed name (the schema asks it of everyone else).
        const [c] = await tx
          .select({ name: customers.customerName })
          .from(customers)
          .where(and(eq(customers.companyId, companyId), eq(customers.id, pledge.customerId)));
        receiverName = c?.name ?? '';
      }
      const [release] = await tx
        .insert(pledgeReleases)
        .values({
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
        })
        .returning({ id: pledgeReleases.id });
      await tx
        .update(pledges)
        .set({ releasedOn, updatedBy: who.userId, updatedAt: sql`now()` })
        .where(and(eq(pledges.companyId, companyId), eq(pledges.id, pledgeId)));
      // The pledge before and after, the release (who took the articles, on what proof) with it.
      const after = await rowSnapshot(tx, 'pledges', companyId, pledgeId);
      await recordAudit(tx, {
        action: 'release',
        entity: 'pledge',
        entityId: pledgeId,
        before,
        after: after && {
          ...after,
          release: await rowSnapshot(tx, 'pledge_releases', companyId, release!.id),
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
  const [p] = await db
    .select({ id: pledges.id })
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, pledgeId)));
  throw AppError.notFound(p ? 'Release of this pledge' : 'Pledge');
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
