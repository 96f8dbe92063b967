import { formatRupees } from '../money/money.ts';

/**
 * The cash limit (REGULATION.md: Income-tax Act ss. 269SS and 269T restrict a loan
 * paid out or repaid in cash of ₹20,000 or more). A company sets the limit and a mode: 'block' refuses
 * such cash, 'warn' lets it pass once the clerk confirms, and the confirmation is recorded.
 */
export const CASH_LIMIT_MODES = ['warn', 'block'] as const;
export type CashLimitMode = (typeof CASH_LIMIT_MODES)[number];
export const DEFAULT_CASH_LIMIT_PAISE = 2_000_000;

export type CashLimitVerdict = 'ok' | 'confirm' | 'block';

/**
 * What the limit says of one cash amount: 'ok' for a non-cash method or an amount under the limit;
 * at or over it, 'block' in block mode, and in warn mode 'confirm' until the clerk has confirmed.
 */
export function cashLimitVerdict(p: {
  amountPaise: number;
  method: string;
  limitPaise: number;
  mode: CashLimitMode;
  confirmed?: boolean;
}): CashLimitVerdict {
  if (p.method !== 'cash' || p.amountPaise < p.limitPaise) return 'ok';
  if (p.mode === 'block') return 'block';
  return p.confirmed ? 'ok' : 'confirm';
}

/** The messages of the limit, naming it (`₹20,000`). */
export function cashLimitMessage(
  verdict: 'confirm' | 'block',
  limitPaise: number,
  what: 'payout' | 'receipt',
): string {
  const limit = formatRupees(limitPaise, '₹').replace(/\.00$/, '');
  const act = what === 'payout' ? 'A cash payout' : 'A cash receipt';
  return verdict === 'block'
    ? `${act} of ${limit} or more is not allowed. Choose bank transfer or online.`
    : `${act} of ${limit} or more needs confirmation: tick 'Customer insists on cash' or choose bank transfer or online.`;
}
