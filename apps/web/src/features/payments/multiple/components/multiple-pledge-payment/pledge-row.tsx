import { formatIndianDate, formatRupees, type PendingPledge } from '@pledge-desk/domain';
import { MoneyInput, moneyTextError } from '@/components/ui/money-input';
import { cell, rupees, smallInput } from '@/features/payments/multiple/components/styles';
import type { MultiplePaymentKey } from '@/features/payments/multiple/i18n';
import {
  outstandingOf,
  type PledgePaymentRow,
  pledgePaymentSplit,
  statusOf,
} from '@/features/payments/multiple/payment-rows';
import type { Translate } from '@/lib/i18n/catalogue';

const STATUS_LOOKS: Record<string, { look: string; label: MultiplePaymentKey }> = {
  'Fully Paid': {
    look: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
    label: 'statusFullyPaid',
  },
  'Partial Paid': {
    look: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
    label: 'statusPartialPaid',
  },
  Active: { look: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200', label: 'statusActive' },
};

/** One pending pledge: its balance, what is paid on it split interest first, its discount and penalty. */
export function PledgeRow({
  row,
  error,
  t,
  messageText,
  onSelect,
  onChange,
}: {
  row: PledgePaymentRow;
  error: (...fields: string[]) => string | undefined;
  t: Translate<MultiplePaymentKey>;
  /** A message of the rules, the amount inputs or the server in the interface's language. */
  messageText: (text: string) => string;
  onSelect: (selected: boolean) => void;
  onChange: (patch: Partial<PledgePaymentRow>) => void;
}) {
  const p: PendingPledge = row.pledge;
  const o = outstandingOf(p);
  const split = pledgePaymentSplit(row);
  const status = statusOf(p);
  const no = p.pledge_no;
  const inLanguage = (message: string | null | undefined) => (message ? messageText(message) : message);
  const paymentError =
    inLanguage(moneyTextError(row.paymentText)) ??
    (row.selected && split.excessPaise > 0
      ? t('paymentExceeds', {
          amount: formatRupees(o.remainingInterestPaise + o.remainingPrincipalPaise, '₹'),
        })
      : null) ??
    inLanguage(error('payment_amount', 'interest_amount', 'principal_amount', 'pledge_id', 'payment_type'));
  const discountError = inLanguage(
    moneyTextError(row.discountText) ?? error('discount_amount', 'discount_reason'),
  );
  const penaltyError = inLanguage(
    moneyTextError(row.penaltyText) ?? error('penalty_amount', 'penalty_reason'),
  );
  return (
    <tr className={row.selected ? 'bg-brand-50/40 dark:bg-navy-900/60' : ''} data-testid={`row-${no}`}>
      <td className={cell}>
        <input
          type="checkbox"
          className="mt-1 size-4 accent-brand-500"
          aria-label={t('selectPledge', { number: no })}
          checked={row.selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td className={`${cell} font-semibold whitespace-nowrap`}>{no}</td>
      <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{rupees(p.pledge_amount)}</td>
      <td className={`${cell} whitespace-nowrap`}>{formatIndianDate(p.pledge_date)}</td>
      <td className={cell}>
        <div>{p.scheme_name}</div>
        <div className="text-xs text-slate-500 dark:text-slate-400">
          {t('perMonth', { rate: p.monthly_interest_rate })}
        </div>
      </td>
      <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
        <div className="font-semibold">{rupees(p.total_outstanding)}</div>
        <div className="text-xs text-slate-500 dark:text-slate-400">
          {t('interestShort', { amount: rupees(p.remaining_interest) })}
        </div>
        <div className="text-xs text-slate-500 dark:text-slate-400">
          {t('principalShort', { amount: rupees(p.remaining_principal) })}
        </div>
      </td>
      <td className={cell}>
        <MoneyInput
          aria-label={t('paymentAmountOf', { number: no })}
          className={smallInput}
          value={row.paymentText}
          disabled={!row.selected}
          placeholder="0.00"
          error={paymentError}
          onChange={(e) => onChange({ paymentText: e.target.value })}
        />
        <div
          className="mt-1 text-xs whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400"
          data-testid={`split-${no}`}
        >
          <div>{t('interestShort', { amount: formatRupees(split.interestPaise) })}</div>
          <div>{t('principalShort', { amount: formatRupees(split.principalPaise) })}</div>
        </div>
      </td>
      <td className={`${cell} space-y-1`}>
        <MoneyInput
          aria-label={t('discountOf', { number: no })}
          className={smallInput}
          value={row.discountText}
          disabled={!row.selected}
          placeholder="0.00"
          error={discountError}
          onChange={(e) => onChange({ discountText: e.target.value })}
        />
        <input
          aria-label={t('discountReasonOf', { number: no })}
          className={smallInput}
          value={row.discountReason}
          maxLength={500}
          disabled={!row.selected}
          placeholder={t('reason')}
          onChange={(e) => onChange({ discountReason: e.target.value })}
        />
      </td>
      <td className={`${cell} space-y-1`}>
        <MoneyInput
          aria-label={t('penaltyOf', { number: no })}
          className={smallInput}
          value={row.penaltyText}
          disabled={!row.selected}
          placeholder="0.00"
          error={penaltyError}
          onChange={(e) => onChange({ penaltyText: e.target.value })}
        />
        <input
          aria-label={t('penaltyReasonOf', { number: no })}
          className={smallInput}
          value={row.penaltyReason}
          maxLength={500}
          disabled={!row.selected}
          placeholder={t('reason')}
          onChange={(e) => onChange({ penaltyReason: e.target.value })}
        />
      </td>
      <td className={cell}>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_LOOKS[status]?.look ?? ''}`}
        >
          {STATUS_LOOKS[status] ? t(STATUS_LOOKS[status].label) : status}
        </span>
      </td>
    </tr>
  );
}
