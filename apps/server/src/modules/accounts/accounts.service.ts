import { CHART_ACCOUNT_MESSAGES, type ChartAccountInput } from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import {
  type ChartAccountRow,
  codeTaken,
  countLinesOfAccount,
  countSubAccounts,
  deleteChartAccount,
  findChartAccount,
  insertChartAccount,
  isSelfOrDescendant,
  lockChartAccount,
  updateChartAccount,
} from './accounts.repository.ts';

export const ACCOUNT_MESSAGES = {
  duplicateCode: 'Account code already exists. Please use a unique code.',
  badParent: 'Please select a valid parent account',
  parentLoop: 'An account cannot be placed under one of its own sub-accounts.',
  system:
    'This is a system account used by pledges and payments: it can be renamed, but not deleted, deactivated, re-coded or given another type.',
} as const;

const field = (name: string, msg: string, type = 'value_error'): FieldError => ({
  loc: ['body', name],
  msg,
  type,
});
const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

const constraintMessages = {
  chart_accounts_company_code_key: validation([
    field('account_code', ACCOUNT_MESSAGES.duplicateCode, 'value_error.duplicate'),
  ]),
  chart_accounts_parent_fk: validation([field('sub_account_of', ACCOUNT_MESSAGES.badParent)]),
  chart_accounts_not_own_parent: validation([field('sub_account_of', CHART_ACCOUNT_MESSAGES.ownParent)]),
};

/**
 * The rules of shell-and-masters §5 checked in the writing transaction, every offending field at
 * once: a code unique in the company, a parent of the company that is neither the account itself
 * nor one of its sub-accounts.
 */
async function checkAccount(
  tx: Tx,
  companyId: number,
  input: ChartAccountInput,
  accountId?: number,
): Promise<void> {
  const fields: FieldError[] = [];
  if (await codeTaken(tx, companyId, input.account_code, accountId)) {
    fields.push(field('account_code', ACCOUNT_MESSAGES.duplicateCode, 'value_error.duplicate'));
  }
  const parent = input.sub_account_of;
  if (parent != null) {
    if (accountId !== undefined && parent === accountId) {
      fields.push(field('sub_account_of', CHART_ACCOUNT_MESSAGES.ownParent));
    } else if (!(await findChartAccount(tx, companyId, parent))) {
      fields.push(field('sub_account_of', ACCOUNT_MESSAGES.badParent));
    } else if (accountId !== undefined && (await isSelfOrDescendant(tx, companyId, accountId, parent))) {
      fields.push(field('sub_account_of', ACCOUNT_MESSAGES.parentLoop));
    }
  }
  if (fields.length > 0) throw validation(fields);
}

const systemAccountConflict = () => AppError.conflict('SYSTEM_ACCOUNT', ACCOUNT_MESSAGES.system);

/** Adds an account to the company's chart, after the checks of shell-and-masters §5. */
export async function addChartAccount(
  db: Db,
  companyId: number,
  input: ChartAccountInput,
): Promise<ChartAccountRow> {
  return db.transaction(async (tx) => {
    await checkAccount(tx, companyId, input);
    const account = await insertChartAccount(tx, companyId, input).catch(
      rethrowConstraint(constraintMessages),
    );
    const after = await rowSnapshot(tx, 'chart_accounts', companyId, account.id);
    await recordAudit(tx, { action: 'create', entity: 'chart_account', entityId: account.id, after });
    return account;
  });
}

/** Changes an account; a system account can only be renamed and described (docs/domain-rules.md §6.1). */
export async function changeChartAccount(
  db: Db,
  companyId: number,
  id: number,
  input: ChartAccountInput,
): Promise<ChartAccountRow> {
  const updated = await db.transaction(async (tx) => {
    const current = await lockChartAccount(tx, companyId, id);
    if (!current) throw AppError.notFound('Account');
    if (
      current.isSystem &&
      (input.account_code.toLowerCase() !== current.accountCode.toLowerCase() ||
        input.account_type !== current.accountType ||
        !input.status)
    ) {
      throw systemAccountConflict();
    }
    await checkAccount(tx, companyId, input, id);
    const before = await rowSnapshot(tx, 'chart_accounts', companyId, id);
    const account = await updateChartAccount(tx, companyId, id, input).catch(
      rethrowConstraint(constraintMessages),
    );
    if (!account) return account;
    const after = await rowSnapshot(tx, 'chart_accounts', companyId, id);
    await recordAudit(tx, { action: 'update', entity: 'chart_account', entityId: id, before, after });
    return account;
  });
  if (!updated) throw AppError.notFound('Account');
  return updated;
}

/** Deletes an account no voucher line and no sub-account uses; never a system account. */
export async function removeChartAccount(db: Db, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockChartAccount(tx, companyId, id);
    if (!current) throw AppError.notFound('Account');
    if (current.isSystem) throw systemAccountConflict();
    const lines = await countLinesOfAccount(tx, companyId, id);
    if (lines > 0) {
      throw AppError.conflict(
        'ACCOUNT_IN_USE',
        `This account is used by ${lines} voucher ${lines === 1 ? 'line' : 'lines'} and cannot be deleted. Deactivate it instead.`,
      );
    }
    const children = await countSubAccounts(tx, companyId, id);
    if (children > 0) {
      throw AppError.conflict(
        'ACCOUNT_HAS_CHILDREN',
        `This account has ${children} ${children === 1 ? 'sub-account' : 'sub-accounts'}. Move or delete ${children === 1 ? 'it' : 'them'} first.`,
      );
    }
    const before = await rowSnapshot(tx, 'chart_accounts', companyId, id);
    if (await deleteChartAccount(tx, companyId, id)) {
      await recordAudit(tx, { action: 'delete', entity: 'chart_account', entityId: id, before });
    }
  });
}
