import type { z } from 'zod';
import type { FieldError } from '../errors/field-error.ts';

/**
 * Zod issues as field errors (`items.0.net_weight`), the same shape the domain validators return, so
 * the server's 422 and the web form's messages come from one list.
 */
export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}
