import { SYSTEM_ACCOUNT_LIST } from '@pledge-desk/domain';
import { useT } from '@/lib/i18n/language';
import { systemAccountText, voucherNarrationText } from './i18n';

type SystemKey = keyof typeof systemAccountText.en;

/** The English name the server gives each system account, by its code. */
const DEFAULT_NAMES = new Map(SYSTEM_ACCOUNT_LIST.map((a) => [a.code as string, a.name]));

/**
 * An account's name in the reader's language: a system account (its code is one of §6.1's, and it still
 * has the name the server gave it) by its code, in the catalogue; any other account as it is named.
 */
export function accountNameIn(t: (key: SystemKey) => string, code: string, name: string): string {
  const key = `a${code}` as SystemKey;
  if (DEFAULT_NAMES.get(code) !== name || !(key in systemAccountText.en)) return name;
  return t(key);
}

/** `accountName(code, name)`: the name of an account to show, as `accountNameIn` says. */
export function useAccountName(): (code: string, name: string) => string {
  const t = useT(systemAccountText);
  return (code, name) => accountNameIn(t, code, name);
}

type NarrationKey = keyof typeof voucherNarrationText.en;

/** A voucher's narration in the reader's language when the server wrote it of a known kind, else as stored. */
export function narrationIn(
  t: (key: NarrationKey, values: Record<string, string>) => string,
  narration: string,
  code?: string | null,
  params?: Record<string, string> | null,
): string {
  if (!code || !params || !(code in voucherNarrationText.en)) return narration;
  return t(code as NarrationKey, params);
}

/** `narration(text, code, params)`: a voucher's narration to show, as `narrationIn` says. */
export function useNarration(): (
  narration: string,
  code?: string | null,
  params?: Record<string, string> | null,
) => string {
  const t = useT(voucherNarrationText);
  return (narration, code, params) => narrationIn(t, narration, code, params);
}
