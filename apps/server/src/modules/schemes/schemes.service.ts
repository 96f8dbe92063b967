import { JEWEL_TYPE_REQUIRED, percentToBp, SCHEME_MESSAGES, type SchemeInput } from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import { assertWithinCeiling } from '../compliance/compliance.service.ts';
import { assertRbiTerm } from '../compliance/rbi-checks.ts';
import { countPledgesOfScheme } from '../pledges/pledges.repository.ts';
import {
  deleteScheme,
  findSchemeClashes,
  insertScheme,
  jewelTypeExists,
  lockScheme,
  updateScheme,
} from './schemes.repository.ts';

const duplicateName = (): FieldError => ({
  loc: ['body', 'scheme_name'],
  msg: SCHEME_MESSAGES.duplicateName,
  type: 'value_error.duplicate',
});
const duplicatePrefix = (): FieldError => ({
  loc: ['body', 'prefix'],
  msg: SCHEME_MESSAGES.duplicatePrefix,
  type: 'value_error.duplicate',
});
const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

/** What a losing racer hits when the pre-check passed in two transactions at once. */
const constraintMessages = {
  schemes_company_name_key: validation([duplicateName()]),
  schemes_company_prefix_key: validation([duplicatePrefix()]),
  schemes_jewel_type_fk: AppError.field('jewel_type_id', JEWEL_TYPE_REQUIRED),
};

/**
 * The rules the screen states (shell-and-masters §5) checked inside the writing transaction, so the
 * answer names every offending field at once: a jewel type of this company, a unique name and prefix.
 */
async function checkScheme(tx: Tx, companyId: number, input: SchemeInput, excludeId?: number): Promise<void> {
  const fields: FieldError[] = [];
  if (!(await jewelTypeExists(tx, companyId, input.jewel_type_id))) {
    fields.push({ loc: ['body', 'jewel_type_id'], msg: JEWEL_TYPE_REQUIRED, type: 'value_error' });
  }
  const clash = await findSchemeClashes(tx, companyId, input, excludeId);
  if (clash.name) fields.push(duplicateName());
  if (clash.prefix) fields.push(duplicatePrefix());
  if (fields.length > 0) throw validation(fields);
  // The branch's compliance settings: no scheme above the interest ceiling, and under the
  // RBI regime no one-sum scheme longer than the rules allow.
  const compliance = await findCompliance(tx, companyId);
  assertWithinCeiling(compliance, percentToBp(input.interest_rate_per_month), 'interest_rate_per_month');
  if (compliance?.regime === 'rbi') {
    assertRbiTerm(
      { durationMonths: input.duration_in_months, bulletRepayment: input.bullet_repayment },
      compliance.rbiRules,
      'duration_in_months',
    );
  }
}

/** Adds a loan scheme after the checks of shell-and-masters §5; answers its id. */
export async function addScheme(db: Db, companyId: number, input: SchemeInput): Promise<number> {
  return db.transaction(async (tx) => {
    await checkScheme(tx, companyId, input);
    const id = await insertScheme(tx, companyId, input).catch(rethrowConstraint(constraintMessages));
    const after = await rowSnapshot(tx, 'schemes', companyId, id);
    await recordAudit(tx, { action: 'create', entity: 'scheme', entityId: id, after });
    return id;
  });
}

export async function changeScheme(db: Db, companyId: number, id: number, input: SchemeInput): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockScheme(tx, companyId, id))) throw AppError.notFound('Scheme');
    await checkScheme(tx, companyId, input, id);
    const before = await rowSnapshot(tx, 'schemes', companyId, id);
    await updateScheme(tx, companyId, id, input).catch(rethrowConstraint(constraintMessages));
    const after = await rowSnapshot(tx, 'schemes', companyId, id);
    await recordAudit(tx, { action: 'update', entity: 'scheme', entityId: id, before, after });
  });
}

const pledgeCount = (n: number) => (n === 1 ? '1 pledge' : `${n} pledges`);

/** Deletes a scheme no pledge was made under; 409 saying how many were otherwise. */
export async function removeScheme(db: Db, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockScheme(tx, companyId, id))) throw AppError.notFound('Scheme');
    const pledges = await countPledgesOfScheme(tx, companyId, id);
    if (pledges > 0) {
      throw AppError.conflict('SCHEME_IN_USE', `This scheme is used by ${pledgeCount(pledges)}.`);
    }
    const before = await rowSnapshot(tx, 'schemes', companyId, id);
    await deleteScheme(tx, companyId, id).catch(
      rethrowConstraint({
        pledges_scheme_fk: AppError.conflict('SCHEME_IN_USE', 'This scheme is used by pledges.'),
      }),
    );
    await recordAudit(tx, { action: 'delete', entity: 'scheme', entityId: id, before });
  });
}
