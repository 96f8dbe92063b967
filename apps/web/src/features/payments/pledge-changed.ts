import { ApiError } from '@/lib/api-client';

/** The fields whose refusal means the pledge's balance or latest payment is not what the screen shows. */
const BALANCE_FIELDS = new Set([
  'amount',
  'interest_amount',
  'principal_amount',
  'payment_type',
  'payment_date',
]);
const PART_FIELDS = new Set(['payment_amount', 'interest_amount', 'principal_amount']);

/**
 * Whether the server refused a payment because the pledge is not as the screen shows it: a 409 (closed,
 * not payable, another payment in the way) or a 422 on an amount or the date, which are held against
 * the balance the server reads now. Another counter may have taken a payment on the same pledge
 * meanwhile: the screen then reads its balance and history again, so the clerk sees why. A
 * refusal of a reference or a remark leaves the figures alone.
 */
export function saysPledgeChanged(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 409) return true;
  if (error.status !== 422) return false;
  return Object.keys(error.fieldMessages()).some((field) => {
    const part = /^pledge_payments\.\d+\.(.+)$/.exec(field);
    return part ? PART_FIELDS.has(part[1]!) : BALANCE_FIELDS.has(field);
  });
}
