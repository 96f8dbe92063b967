import {
  type FieldError as DomainFieldError,
  PAYMENT_MESSAGES,
  type PledgeBalance,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import type { AuthUser } from '../../plugins/access.ts';
import type { IdempotencyRef } from '../../plugins/idempotency.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';
import { balanceOf, PAYMENT_SERVER_MESSAGES, type StoredPayments } from './pledge-balance.ts';

// What the payment use cases share (docs/domain-rules.md §4): who pays, the sentences only the server
// can check, the 422s built from the domain's field errors, the payment date's bounds and the split a
// request sent.

/** Sentences of the payment rules only the server can check (it needs the database). */
export const PAYMENT_WRITE_MESSAGES = {
  notCustomersPledge: 'This pledge is not pending for this customer',
  customerMismatch: 'The customer of the payment must be the customer in the address',
  tooLarge: 'The amounts are too large for one receipt',
} as const;

/** Who pays, on which business day, and the request's Idempotency-Key (POST only). */
export interface PaymentWriter {
  companyId: number;
  userId: number;
  /** The business day in the company's time zone (docs/domain-rules.md §1.3). */
  today: string;
  idempotency?: IdempotencyRef | null;
  /**
   * The request's approval of a discount or penalty (docs/domain-rules.md §4.7). The seed and the test
   * fixtures send none: they write as the system and need no approval.
   */
  approval?: ApprovalRequest;
}

/** Who takes the payment, from where, and the approving admin's name and password the screen sent. */
export interface ApprovalRequest {
  user: (Pick<AuthUser, 'id' | 'role'> & Partial<Pick<AuthUser, 'username'>>) | null;
  ip: string;
  approver: { username: string; password: string } | null | undefined;
}

/** A 422 naming every field at once, its sentences joined for the log. */
export const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

/** `pledge_payments.0.amount` -> ['body', 'pledge_payments', 0, 'amount']. */
function locOf(field: string): (string | number)[] {
  return ['body', ...field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
}

/** The domain's field errors as 422 items under the body. */
export const fromDomain = (errors: readonly DomainFieldError[]): FieldError[] =>
  errors.map((e) => ({ loc: locOf(e.field), msg: e.message, type: 'value_error' }));

/** One complaint per field, the first. */
export function unique(errors: readonly FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = JSON.stringify(e.loc);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** A typed receipt number taken by a request that committed between the check and the insert. */
export const receiptNoErrors = (receiptNo: string | null | undefined) =>
  rethrowConstraint({
    payment_receipts_company_no_key: AppError.conflict(
      'RECEIPT_NO_TAKEN',
      PAYMENT_SERVER_MESSAGES.receiptNoTaken(receiptNo?.trim() ?? ''),
    ),
  });

/**
 * The payment date's bounds (docs/domain-rules.md §4.4): not after today, not before the pledge date, not before
 * the pledge's latest counted payment. Undefined when the date is fine.
 */
export function paymentDateProblem(
  date: string,
  today: string,
  pledge: Pick<PledgeRow, 'pledgeDate'>,
  stored: StoredPayments,
): string | undefined {
  if (date > today) return PAYMENT_MESSAGES.inFuture;
  if (date < pledge.pledgeDate) return PAYMENT_MESSAGES.beforePledge;
  if (stored.lastPaymentDate !== null && date < stored.lastPaymentDate) {
    return PAYMENT_MESSAGES.beforeLastPayment(stored.lastPaymentDate);
  }
  return undefined;
}

/** The balance right after a part on `date` (the payment counted on its own date). */
export function balanceAfter(
  pledge: PledgeRow,
  stored: StoredPayments,
  date: string,
  split: { interestPaise: number; principalPaise: number },
): PledgeBalance {
  return balanceOf(pledge, { ...stored, parts: [...stored.parts, { date, ...split }] }, date);
}

/** A sent split: both 0 means "not sent" (an amount above 0 never splits into 0 + 0). */
export function sentSplit(interest: number, principal: number) {
  const interestPaise = rupeesToPaise(interest);
  const principalPaise = rupeesToPaise(principal);
  return interestPaise === 0 && principalPaise === 0 ? null : { interestPaise, principalPaise };
}
