import type { BankInput } from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import {
  accountRecorded,
  type BankRow,
  bankColumns,
  deleteBank,
  insertBank,
  lockBank,
  updateBank,
} from './banks.repository.ts';

export const ACCOUNT_RECORDED = 'This account is already recorded.';

const duplicateAccount = () => AppError.field('account_number', ACCOUNT_RECORDED, 'value_error.duplicate');
/** The unique index catches two saves of one account that both passed the check. */
const constraintMessages = { banks_company_account_key: duplicateAccount() };

/** Records a bank account unless the company already has it. */
export async function recordBank(db: Db, companyId: number, input: BankInput): Promise<BankRow> {
  return db.transaction(async (tx) => {
    if (await accountRecorded(tx, companyId, bankColumns(input))) throw duplicateAccount();
    const bank = await insertBank(tx, companyId, input).catch(rethrowConstraint(constraintMessages));
    const after = await rowSnapshot(tx, 'banks', companyId, bank.id);
    await recordAudit(tx, { action: 'create', entity: 'bank', entityId: bank.id, after });
    return bank;
  });
}

/** Changes a bank account of the company (404 otherwise), never into another recorded one. */
export async function changeBank(db: Db, companyId: number, id: number, input: BankInput): Promise<BankRow> {
  const updated = await db.transaction(async (tx) => {
    if (!(await lockBank(tx, companyId, id))) throw AppError.notFound('Bank');
    if (await accountRecorded(tx, companyId, bankColumns(input), id)) throw duplicateAccount();
    const before = await rowSnapshot(tx, 'banks', companyId, id);
    const bank = await updateBank(tx, companyId, id, input).catch(rethrowConstraint(constraintMessages));
    const after = await rowSnapshot(tx, 'banks', companyId, id);
    await recordAudit(tx, { action: 'update', entity: 'bank', entityId: id, before, after });
    return bank;
  });
  if (!updated) throw AppError.notFound('Bank');
  return updated;
}

export async function removeBank(db: Db, companyId: number, id: number): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    const before = await rowSnapshot(tx, 'banks', companyId, id);
    if (!before) return false;
    const gone = await deleteBank(tx, companyId, id);
    if (gone) await recordAudit(tx, { action: 'delete', entity: 'bank', entityId: id, before });
    return gone;
  });
  if (!deleted) throw AppError.notFound('Bank');
}
