import type { PledgeWarning } from '@pledge-desk/domain';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { childRowsSnapshot, rowSnapshot, withChildren } from '../../plugins/audit.ts';
import type { IdempotencyRef } from '../../plugins/idempotency.ts';
import { fieldError, PLEDGE_SERVER_MESSAGES, validation } from './pledge-messages.ts';
import {
  findCustomerForPledge,
  findDesignIds,
  findSchemeForPledge,
  type SchemeTerms,
} from './pledges.repository.ts';

// What the pledge use cases share: who writes and what a save answers, the pledge date, the check of
// the customer, scheme and designs, and the audit snapshot.

/** Who saves, on which business day, and the request's Idempotency-Key (POST only). */
export interface PledgeWriter {
  companyId: number;
  userId: number;
  /** The business day in the company's time zone (docs/domain-rules.md §1.3). */
  today: string;
  idempotency?: IdempotencyRef | null;
}

/** What a save answers: the pledge and the warnings the screen shows (docs/decisions.md, "Pledge save warnings"). */
export interface PledgeSaveOutcome {
  pledgeId: number;
  warnings: PledgeWarning[];
}

/** The date the pledge is made on: today by default, earlier allowed, never after today. */
export function pledgeDateOf(sent: string | undefined, today: string): string {
  const date = sent ?? today;
  if (date > today) throw AppError.field('pledge_date', PLEDGE_SERVER_MESSAGES.futureDate);
  return date;
}

/**
 * The customer and the scheme of this company (each active when asked: a new pledge, or one moved to
 * another customer or scheme) and each design named, of this company; every problem named at once.
 */
export async function checkParties(
  tx: Tx,
  companyId: number,
  input: { customer_id: number; scheme_id: number },
  designs: readonly { field: string; id: number }[],
  active: { customer: boolean; scheme: boolean },
): Promise<{ customerName: string; scheme: SchemeTerms }> {
  const fields: FieldError[] = [];
  const customer = await findCustomerForPledge(tx, companyId, input.customer_id);
  if (!customer) fields.push(fieldError('customer_id', PLEDGE_SERVER_MESSAGES.unknownCustomer));
  else if (active.customer && !customer.status) {
    fields.push(fieldError('customer_id', PLEDGE_SERVER_MESSAGES.inactiveCustomer));
  }
  const scheme = await findSchemeForPledge(tx, companyId, input.scheme_id);
  if (!scheme) fields.push(fieldError('scheme_id', PLEDGE_SERVER_MESSAGES.unknownScheme));
  else if (active.scheme && !scheme.status) {
    fields.push(fieldError('scheme_id', PLEDGE_SERVER_MESSAGES.inactiveScheme));
  }
  const known = await findDesignIds(
    tx,
    companyId,
    designs.map((d) => d.id),
  );
  for (const d of designs) {
    if (!known.has(d.id)) fields.push(fieldError(d.field, PLEDGE_SERVER_MESSAGES.unknownDesign));
  }
  if (fields.length > 0 || !customer || !scheme) throw validation(fields);
  return { customerName: customer.customerName, scheme };
}

/** A pledge row with its items, as the audit trail keeps it (money in rupees). */
export async function pledgeSnapshot(db: DbOrTx, companyId: number, pledgeId: number) {
  return withChildren(
    await rowSnapshot(db, 'pledges', companyId, pledgeId),
    'items',
    await childRowsSnapshot(db, 'pledge_items', companyId, 'pledge_id', pledgeId),
  );
}
