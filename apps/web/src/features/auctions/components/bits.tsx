import { PAYMENT_METHODS, type PaymentMethod } from '@pledge-desk/domain';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { serverFieldMessages } from '@/lib/form-errors';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { type AuctionKey, auctionText } from '../i18n';

// Small pieces shared by the auction screens.

export function Card({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h2 id={id} className="text-lg font-bold text-navy-700 dark:text-white">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      {children}
    </section>
  );
}

export function State({ kind, message }: { kind: 'loading' | 'error' | 'empty'; message: string }) {
  const messageText = useMessageText();
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={`px-2 py-6 text-center text-sm ${kind === 'error' ? 'text-red-600 dark:text-red-400' : 'text-slate-600 dark:text-slate-300'}`}
    >
      {messageText(message)}
    </p>
  );
}

/** The catalogue key of each payment method's name. */
export const METHOD_KEYS: Record<PaymentMethod, AuctionKey> = {
  cash: 'methodCash',
  bank: 'methodBank',
  online: 'methodOnline',
  cheque: 'methodCheque',
  bank_transfer: 'methodBankTransfer',
};

export function MethodSelect({
  value,
  onChange,
  error,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  label?: string;
}) {
  const id = useId();
  const t = useT(auctionText);
  const messageText = useMessageText();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white">
        {label ?? t('paymentMethod')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 dark:border-navy-600 dark:bg-navy-900 dark:text-white"
      >
        {PAYMENT_METHODS.filter((m) => m !== 'bank').map((m) => (
          <option key={m} value={m}>
            {t(METHOD_KEYS[m])}
          </option>
        ))}
      </select>
      {error ? <p className="mt-1 text-sm text-red-600 dark:text-red-400">{messageText(error)}</p> : null}
    </div>
  );
}

/**
 * The 422 messages of a failed call by field, and the sentence of any other failure (in English: the
 * fields and `Alert` show them in the chosen language).
 */
export function problemsOf(error: unknown): { fields: Record<string, string>; sentence: string | null } {
  if (!error) return { fields: {}, sentence: null };
  const fields = serverFieldMessages(error);
  if (Object.keys(fields).length > 0) return { fields, sentence: null };
  return { fields, sentence: error instanceof Error ? error.message : auctionText.en.somethingWrong };
}

export function Alert({ message }: { message: string | null }) {
  const messageText = useMessageText();
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-300"
    >
      {messageText(message)}
    </p>
  );
}

const TABS = [
  ['/auctions', 'tabLots'],
  ['/auctions/new', 'tabNewLot'],
  ['/auctions/surpluses', 'tabSurpluses'],
  ['/auctions/shortfalls', 'tabShortfalls'],
  ['/registers/sale-book', 'tabSaleBook'],
] as const;

export function AuctionTabs() {
  const t = useT(auctionText);
  return (
    <nav aria-label={t('auctionScreens')} className="flex flex-wrap gap-2 print:hidden">
      {TABS.map(([to, label]) => (
        <Link
          key={to}
          to={to}
          className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300 dark:hover:bg-navy-700"
        >
          {t(label)}
        </Link>
      ))}
    </nav>
  );
}

export const th = 'px-3 py-2 text-left text-xs font-semibold uppercase text-slate-600 dark:text-slate-300';
export const td = 'px-3 py-2 align-top text-sm text-navy-700 dark:text-white';
export const num = `${td} text-right tabular-nums`;
