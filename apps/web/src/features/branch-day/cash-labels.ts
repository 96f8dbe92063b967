/**
 * A movement kind of a drawer (the voucher's source) that the catalogue does not name (a
 * kind the server adds later) shows as its own words rather than disappearing; `kindText` in i18n.ts
 * names the known ones in the current language.
 */
export function kindLabel(kind: string): string {
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Other';
}
