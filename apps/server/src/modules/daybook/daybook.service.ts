import { isOperationAccount, operationAccountMessage } from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { childRowsSnapshot, recordAudit, rowSnapshot, withChildren } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { lockVoucher } from '../vouchers/vouchers.repository.ts';
import {
  deleteManualVoucher,
  type PostVoucherInput,
  postVoucher,
  reviseManualVoucher,
} from '../vouchers/vouchers.service.ts';
import { findLineAccounts, findVoucher } from './daybook.repository.ts';

/** A manual voucher as the daybook sends it: the lines, and each line's index in the details sent. */
export type ManualEntry = Omit<PostVoucherInput, 'source' | 'createdBy'> & {
  detailIndexes: readonly number[];
};

/**
 * A manual voucher may not move the accounts pledges and payments own (docs/domain-rules.md §6.3,
 * docs/decisions.md): a 422 on each such line, `details[i].account_id`, i counted as sent.
 */
async function refuseOperationAccounts(tx: Tx, entry: ManualEntry): Promise<void> {
  const accounts = await findLineAccounts(
    tx,
    entry.companyId,
    entry.lines.flatMap((l) => (l.accountId === undefined ? [] : [l.accountId])),
  );
  const fields = entry.lines.flatMap((line, k) => {
    const account = accounts.find((a) => a.id === line.accountId);
    if (!account || !isOperationAccount(account)) return [];
    const loc = ['body', 'details', entry.detailIndexes[k] ?? k, 'account_id'];
    return [{ loc, msg: operationAccountMessage(account), type: 'value_error.operation_account' }];
  });
  if (fields.length > 0) {
    throw new AppError('OPERATION_ACCOUNT', 422, fields.map((f) => f.msg).join(' '), fields);
  }
}

/** A voucher as the audit trail keeps it: its row with its `lines` (money in rupees). */
export async function voucherSnapshot(tx: Tx, companyId: number, voucherId: number) {
  const row = await rowSnapshot(tx, 'vouchers', companyId, voucherId);
  return withChildren(
    row,
    'lines',
    await childRowsSnapshot(tx, 'voucher_lines', companyId, 'voucher_id', voucherId),
  );
}

/** Posts a manual voucher (numbered by the server); answers its id. */
export async function enterManualVoucher(
  db: Db,
  entry: ManualEntry,
  createdBy: number,
  idempotency: IdempotencyRef | null = null,
): Promise<number> {
  const { detailIndexes: _, ...input } = entry;
  const posted = await db.transaction(async (tx) => {
    await refuseOperationAccounts(tx, entry);
    const voucher = await postVoucher(tx, { ...input, source: { kind: 'manual' }, createdBy });
    const after = await voucherSnapshot(tx, entry.companyId, voucher.id);
    await recordAudit(tx, { action: 'create', entity: 'voucher', entityId: voucher.id, after });
    // The Idempotency-Key's committed mark commits with the voucher, never without it.
    await markIdempotentCommit(tx, idempotency);
    return voucher;
  });
  return posted.id;
}

/** Changes a manual voucher in place (same number, type and financial year). */
export async function changeManualVoucher(db: Db, entry: ManualEntry & { voucherId: number }): Promise<void> {
  const { detailIndexes: _, ...input } = entry;
  await db.transaction(async (tx) => {
    // A voucher of a pledge or payment gets its 409 (read-only) from reviseManualVoucher, not this 422.
    if ((await findVoucher(tx, entry.companyId, entry.voucherId))?.sourceKind === 'manual') {
      await refuseOperationAccounts(tx, entry);
    }
    // Locked first, so the record kept as `before` is the one this change replaces.
    await lockVoucher(tx, entry.companyId, entry.voucherId);
    const before = await voucherSnapshot(tx, entry.companyId, entry.voucherId);
    await reviseManualVoucher(tx, input);
    const after = await voucherSnapshot(tx, entry.companyId, entry.voucherId);
    await recordAudit(tx, { action: 'update', entity: 'voucher', entityId: entry.voucherId, before, after });
  });
}

export async function removeManualVoucher(db: Db, companyId: number, voucherId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The whole voucher, lines included, stays readable in the trail once deleted.
    await lockVoucher(tx, companyId, voucherId);
    const before = await voucherSnapshot(tx, companyId, voucherId);
    await deleteManualVoucher(tx, companyId, voucherId);
    await recordAudit(tx, { action: 'delete', entity: 'voucher', entityId: voucherId, before });
  });
}
