import type { Db } from '../../db/open-db.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import {
  deleteManualVoucher,
  type PostVoucherInput,
  postVoucher,
  reviseManualVoucher,
} from '../vouchers/vouchers.service.ts';

type ManualVoucher = Omit<PostVoucherInput, 'source' | 'createdBy'>;

/** Posts a manual voucher (numbered by the server); answers its id. */
export async function enterManualVoucher(
  db: Db,
  input: ManualVoucher,
  createdBy: number,
  idempotency: IdempotencyRef | null = null,
): Promise<number> {
  const posted = await db.transaction(async (tx) => {
    const voucher = await postVoucher(tx, { ...input, source: { kind: 'manual' }, createdBy });
    // The Idempotency-Key's committed mark commits with the voucher, never without it.
    await markIdempotentCommit(tx, idempotency);
    return voucher;
  });
  return posted.id;
}

/** Changes a manual voucher in place (same number, type and financial year). */
export async function changeManualVoucher(
  db: Db,
  input: ManualVoucher & { voucherId: number },
): Promise<void> {
  await db.transaction((tx) => reviseManualVoucher(tx, input));
}

export async function removeManualVoucher(db: Db, companyId: number, voucherId: number): Promise<void> {
  await db.transaction((tx) => deleteManualVoucher(tx, companyId, voucherId));
}
