import {
  type CashLimitVerdict,
  type CashSettings,
  cashLimitMessage,
  cashLimitVerdict,
  formatRupees,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { useId } from 'react';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { cashLimitText } from './i18n';

/** What the cash limit says of the amount on a counter screen. */
export interface CashLimitCheck {
  /** Cash of the limit or more: the screen shows the block message or the confirmation box. */
  isOverLimit: boolean;
  /** 'block': Save stays off until another method is chosen; 'confirm': the box must be ticked. */
  verdict: CashLimitVerdict;
  mode: CashSettings['cash_limit_mode'];
  limitPaise: number;
  /** The sentence of the verdict (the domain's `cashLimitMessage`), null when 'ok'. */
  message: string | null;
}

/** '₹20,000' (no paise when whole), as the cash limit's sentence words it. */
export function limitText(limitPaise: number): string {
  return formatRupees(limitPaise, '₹').replace(/\.00$/, '');
}

/**
 * The check of one amount against the company's settings. Without settings (not loaded, or the call
 * failed) the screen gates nothing: the server applies the limit anyway, and its 422 lands on the
 * same fields, so a failed read never blocks the counter.
 */
export function checkCashLimit(p: {
  amountPaise: number;
  method: string;
  settings: Pick<CashSettings, 'cash_limit' | 'cash_limit_mode'> | null | undefined;
  confirmed: boolean;
  what: 'payout' | 'receipt';
}): CashLimitCheck {
  if (!p.settings) {
    return { isOverLimit: false, verdict: 'ok', mode: 'warn', limitPaise: 0, message: null };
  }
  const limitPaise = rupeesToPaise(p.settings.cash_limit);
  const mode = p.settings.cash_limit_mode;
  const isOverLimit = p.method === 'cash' && p.amountPaise >= limitPaise;
  const verdict = cashLimitVerdict({
    amountPaise: p.amountPaise,
    method: p.method,
    limitPaise,
    mode,
    confirmed: p.confirmed,
  });
  return {
    isOverLimit,
    verdict,
    mode,
    limitPaise,
    message: verdict === 'ok' ? null : cashLimitMessage(verdict, limitPaise, p.what),
  };
}

/**
 * The control under a payment/payout method: in block mode the message (the screen disables Save); in
 * warn mode the "Customer insists on cash" box, with `error` under it (the screen's own check at
 * Save, or the server's 422 on `cash_limit_confirmed`). Nothing under the limit.
 */
export function CashLimitControl({
  check,
  confirmed,
  onConfirmedChange,
  error,
  className = '',
}: {
  check: CashLimitCheck;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  error?: string | null | undefined;
  className?: string;
}) {
  const id = useId();
  const t = useT(cashLimitText);
  const messageText = useMessageText();
  // The server's 422 on the confirmation shows even when the screen could not read the settings.
  if (!check.isOverLimit && !error) return null;
  if (check.isOverLimit && check.mode === 'block') {
    return (
      <p
        role="alert"
        data-testid="cash-limit-block"
        className={`rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300 ${className}`}
      >
        {check.message ? messageText(check.message) : null}
      </p>
    );
  }
  const errorId = `${id}-error`;
  return (
    <div
      className={`rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100 ${className}`}
      data-testid="cash-limit-confirm"
    >
      <label htmlFor={id} className="flex items-center gap-2 font-semibold">
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-brand-500"
          checked={confirmed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onConfirmedChange(e.target.checked)}
        />
        {check.limitPaise > 0 ? t('insistsWithLimit', { limit: limitText(check.limitPaise) }) : t('insists')}
      </label>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {messageText(error)}
        </p>
      ) : null}
    </div>
  );
}
