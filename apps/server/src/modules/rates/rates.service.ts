import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import {
  deleteRate,
  insertRate,
  lockRate,
  type RateRow,
  type RateValues,
  updateRate,
} from './rates.repository.ts';

const duplicateDate = rethrowConstraint({
  gold_silver_rates_company_date_key: AppError.conflict(
    'RATE_DATE_TAKEN',
    'A rate for this date already exists.',
  ),
});

/** Stores the gold and silver rates of a day; one per company and date (409 for a second). */
export async function addRate(
  db: Db,
  input: RateValues & { companyId: number; createdBy: number },
): Promise<RateRow> {
  return db.transaction(async (tx) => {
    const row = await insertRate(tx, input).catch(duplicateDate);
    const after = await rowSnapshot(tx, 'gold_silver_rates', input.companyId, row.id);
    await recordAudit(tx, { action: 'create', entity: 'gold_silver_rate', entityId: row.id, after });
    return row;
  });
}

/** Corrects the rates of a day; a missing date keeps the old one. 404 when not the company's. */
export async function correctRate(
  db: Db,
  companyId: number,
  id: number,
  input: Omit<RateValues, 'date'> & { date?: string | undefined },
): Promise<RateRow> {
  const row = await db.transaction(async (tx) => {
    const current = await lockRate(tx, companyId, id);
    if (!current) throw AppError.notFound('Rate');
    const before = await rowSnapshot(tx, 'gold_silver_rates', companyId, current.id);
    const updated = await updateRate(tx, companyId, current.id, {
      ...input,
      date: input.date ?? current.date,
    }).catch(duplicateDate);
    if (!updated) return undefined;
    const after = await rowSnapshot(tx, 'gold_silver_rates', companyId, current.id);
    await recordAudit(tx, {
      action: 'update',
      entity: 'gold_silver_rate',
      entityId: current.id,
      before,
      after,
    });
    return updated;
  });
  if (!row) throw AppError.notFound('Rate');
  return row;
}

export async function removeRate(db: Db, companyId: number, id: number): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    if (!(await lockRate(tx, companyId, id))) return false;
    const before = await rowSnapshot(tx, 'gold_silver_rates', companyId, id);
    if (!(await deleteRate(tx, companyId, id))) return false;
    await recordAudit(tx, { action: 'delete', entity: 'gold_silver_rate', entityId: id, before });
    return true;
  });
  if (!deleted) throw AppError.notFound('Rate');
}
