/**
 * The sentences the web's first screen needs: the sign-in form's and those of zod's own checks
 * (schemas/zod-messages.ts). SENTENCES (sentences.ts) names each of them from here, so the sign-in
 * screen carries these few and not the whole table (issue 32, page weight).
 */
export const FIRST_SENTENCES = {
  USERNAME_REQUIRED: 'Username is required',
  PASSWORD_REQUIRED: 'Password is required',
  USERNAME_TOO_LONG: 'Username must be at most 150 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 1000 characters',
  LANGUAGE_CHOICE: 'Choose English or Tamil',
  'common.tooLong': 'Must be at most {max} characters',
  'common.required': 'This field is required',
  'common.invalidValue': 'Invalid value',
  'common.valueTooLarge': 'The value is too large',
  'common.valueTooSmall': 'The value is too small',
  'common.chooseListed': 'Choose one of the listed values',
  'common.wrongFormat': 'The value is not in the right format',
  'common.unknownField': 'This field is not accepted here',
} as const;

/** `english` with its `{name}` parameters filled in (a parameter not given stays as written). */
export function fillText(english: string, params: Readonly<Record<string, string | number>> = {}): string {
  return english.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
