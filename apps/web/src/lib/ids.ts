/** The largest id the server takes: ids are int4 columns (apps/server lib/input-guard.ts). */
export const MAX_ID = 2_147_483_647;

/**
 * The record id a text names (an address parameter, `?view=`, a typed number), or null when it cannot
 * be one: digits only, above 0, within int4. A bad id never reaches the server.
 */
export function idFrom(text: string | null | undefined): number | null {
  if (text == null || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}
