/**
 * A validation message for one request field. `field` is the request body's snake_case name
 * (`interest_amount`), so the server can answer 422 with `loc: ['body', field]` and the web form can
 * put the same words under the same input.
 */
export interface FieldError {
  field: string;
  message: string;
}

/** Groups field errors by field, first message wins: the shape react-hook-form `setError` wants. */
export function fieldErrorMap(errors: readonly FieldError[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const e of errors) if (!(e.field in map)) map[e.field] = e.message;
  return map;
}
