import type { FieldError } from '@pledge-desk/domain';
import { ApiError, fieldPath } from '../../../../lib/api-client';

/** A 422's items as field messages (`pledge_payments.1.payment_amount`), or none for other errors. */
export function serverFieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  return error.fieldErrors.map((item) => ({ field: fieldPath(item.loc), message: item.msg }));
}

/** The spec's 422 toast (§8, payments). */
export const VALIDATION_TOAST = {
  type: 'error',
  title: 'Validation Error',
  message: 'Please fix the validation errors',
} as const;
