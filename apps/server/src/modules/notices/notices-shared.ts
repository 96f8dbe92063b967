import { NOTICE_MESSAGES, percentToBp, pledgeBalance, rupeesToPaise } from '@pledge-desk/domain';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import type { IdempotencyRef } from '../../plugins/idempotency.ts';
import type { StoredPayments } from '../payments/pledge-balance.ts';
import type { PledgeBalanceColumns } from './notices.repository.ts';

// What the notice and reminder use cases share (docs/domain-rules.md §8.5): who writes, the 422 of a
// date after today, the address as one line and the balance of a pledge read as columns.

/** Who writes, on which business day, and the request's Idempotency-Key (POST only). */
export interface Actor {
  companyId: number;
  userId: number;
  /** The business day in the company's time zone. */
  today: string;
  idempotency?: IdempotencyRef | null;
}

/** A 422 naming every field at once, its sentences joined for the log. */
export const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

/** A date of the query or body that may not be after today. */
export function notAfterToday(date: string, today: string, loc: (string | number)[]): void {
  if (date > today) {
    throw validation([{ loc, msg: NOTICE_MESSAGES.future, type: 'value_error' }]);
  }
}

/** The customer's address as one line, its empty parts left out. */
export const address = (r: {
  door_no: string;
  street: string;
  location: string;
  district: string;
  pincode: string;
}) =>
  [r.door_no, r.street, r.location, `${r.district} - ${r.pincode}`]
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '-')
    .join(', ');

/** The balance on `asOf` of a pledge read as columns, with its counted payments. */
export function balanceOfColumns(p: PledgeBalanceColumns, stored: StoredPayments, asOf: string) {
  return pledgeBalance(
    {
      loanPaise: rupeesToPaise(p.total_loan_amount),
      rateBp: percentToBp(p.interest_rate),
      pledgeDate: p.pledge_date,
      firstMonthInterestPaise: rupeesToPaise(p.first_month_interest),
      payments: stored.parts,
    },
    asOf,
  );
}
