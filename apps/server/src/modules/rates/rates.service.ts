import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import {
  deleteRate,
  findRate,
  insertRate,
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
  return db.transaction((tx) => insertRate(tx, input).catch(duplicateDate));
}

/** Corrects the rates of a day; a missing date keeps the old one. 404 when not the company's. */
export async function correctRate(
  db: Db,
  companyId: number,
  id: number,
  input: Omit<RateValues, 'date'> & { date?: string | undefined },
): Promise<RateRow> {
  const row = await db.transaction(async (tx) => {
    const current = await findRate(tx, companyId, id);
    if (!current) throw AppError.notFound('Rate');
    return updateRate(tx, companyId, current.id, { ...input, date: input.date ?? current.date }).catch(
      duplicateDate,
    );
  });
  if (!row) throw AppError.notFound('Rate');
  return row;
}

export async function removeRate(db: Db, companyId: number, id: number): Promise<void> {
  if (!(await db.transaction((tx) => deleteRate(tx, companyId, id)))) throw AppError.notFound('Rate');
}
