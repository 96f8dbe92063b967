import type { FieldError } from '@pledge-desk/domain';
import { ApiError, fieldPath } from '@/lib/api-client';

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

/**
 * Enter in a field of the payment form does not take the payment (a clerk ends an amount with Enter
 * out of habit): only the submit button does. Fields of a dialog portalled from the form (Auto
 * Allocate) keep their own Enter.
 */
export function keepEnterFromSubmitting(event: {
  key: string;
  target: EventTarget;
  currentTarget: HTMLElement;
  preventDefault: () => void;
}): void {
  if (
    event.key === 'Enter' &&
    event.target instanceof HTMLInputElement &&
    event.currentTarget.contains(event.target)
  ) {
    event.preventDefault();
  }
}
