import { SCHEME_MESSAGES, sameSchemeKey } from '@pledge-desk/domain';

type Named = { id: number; scheme_name: string; prefix: string };

/**
 * Shell-and-masters §5: the scheme name and the prefix are unique, compared case-insensitively and
 * leaving out the scheme being edited. Checked here against the loaded list so the clerk hears at once;
 * the server checks again inside its transaction (another clerk may have saved meanwhile).
 */
export function schemeClashes(
  values: { scheme_name?: unknown; prefix?: unknown },
  schemes: readonly Named[],
  editingId: number | null,
): { scheme_name?: string; prefix?: string } {
  const others = schemes.filter((s) => s.id !== editingId);
  const name = typeof values.scheme_name === 'string' ? values.scheme_name : '';
  const prefix = typeof values.prefix === 'string' ? values.prefix : '';
  const out: { scheme_name?: string; prefix?: string } = {};
  if (name.trim() && others.some((s) => sameSchemeKey(s.scheme_name, name))) {
    out.scheme_name = SCHEME_MESSAGES.duplicateName;
  }
  if (prefix.trim() && others.some((s) => sameSchemeKey(s.prefix, prefix))) {
    out.prefix = SCHEME_MESSAGES.duplicatePrefix;
  }
  return out;
}
