import type { PledgePaymentView } from '@pledge-desk/domain';
import { useT } from '@/lib/i18n/language';
import { paymentHistoryText } from '../i18n';

type PaymentType = PledgePaymentView['payment_type'];
type PaymentMethod = PledgePaymentView['payment_method'];

type HistoryKey = keyof typeof paymentHistoryText.en;

/** The list's type badges (spec §2.8): Interest, Partial, Full Close (catalogue keys). */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, HistoryKey> = {
  interest: 'typeInterest',
  partial_principal: 'typePartial',
  full_payment: 'typeFullClose',
};

/** Every method a stored payment can carry (a renewal closes the old pledge with one). */
export const PAYMENT_METHOD_BADGE_LABELS: Record<PaymentMethod, HistoryKey> = {
  cash: 'methodCash',
  bank: 'methodBankTransfer',
  online: 'methodOnline',
  cheque: 'methodCheque',
  bank_transfer: 'methodBankTransfer',
  renewal: 'methodRenewal',
};

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

const typeLooks: Record<PaymentType, string> = {
  interest: 'bg-sky-50 text-sky-700 dark:bg-sky-900/40 dark:text-sky-200',
  partial_principal: 'bg-amber-50 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  full_payment: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-200',
};

export function PaymentTypeBadge({ type }: { type: PaymentType }) {
  const t = useT(paymentHistoryText);
  return <span className={`${badge} ${typeLooks[type]}`}>{t(PAYMENT_TYPE_LABELS[type])}</span>;
}

export function PaymentMethodBadge({ method }: { method: PaymentMethod }) {
  const t = useT(paymentHistoryText);
  return (
    <span
      className={`${badge} ${
        method === 'cash'
          ? 'bg-slate-100 text-slate-700 dark:bg-navy-700 dark:text-slate-200'
          : 'bg-violet-50 text-violet-700 dark:bg-violet-900/40 dark:text-violet-200'
      }`}
    >
      {t(PAYMENT_METHOD_BADGE_LABELS[method])}
    </span>
  );
}

/** A reversed payment stays in the list, marked (docs/domain-rules.md §4.9: nothing is deleted). */
export function ReversedBadge() {
  const t = useT(paymentHistoryText);
  return (
    <span className={`${badge} bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300`}>
      {t('reversed')}
    </span>
  );
}
