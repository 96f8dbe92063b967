/**
 * The sentences the server sends that a screen shows as they are, each under a stable code:
 * a 422 item carries `code` beside its `msg`, a 4xx `detail` its `code`, and the web shows the code's
 * text in the chosen language (apps/web/src/lib/i18n/messages.ts holds every code here in English and
 * Tamil, a test checks it), the server's sentence for a code it does not know.
 */
export const MESSAGE_CODES = {
  USERNAME_REQUIRED: 'Username is required',
  PASSWORD_REQUIRED: 'Password is required',
  USERNAME_TOO_LONG: 'Username must be at most 150 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 1000 characters',
  LANGUAGE_CHOICE: 'Choose English or Tamil',
  BODY_NOT_JSON: 'The request body is not valid JSON.',
  BODY_EMPTY: 'The request body is empty.',
  BODY_TOO_LARGE: 'The request body is too large.',
  ALREADY_EXISTS: 'This record already exists.',
  LINKED_RECORDS: 'This record is linked to other records.',
  ROUTE_NOT_FOUND: 'Not Found',
  INTERNAL_ERROR: 'Internal Server Error',
} as const;

export type MessageCode = keyof typeof MESSAGE_CODES;

const byText = new Map<string, MessageCode>(
  (Object.entries(MESSAGE_CODES) as [MessageCode, string][]).map(([code, text]) => [text, code]),
);

/** The code of a known sentence, else undefined. */
export function messageCodeOf(text: string): MessageCode | undefined {
  return byText.get(text);
}
