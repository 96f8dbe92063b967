import {
  formatIndianDate,
  formatRupees,
  type PledgeBalanceView,
  type PledgeView,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { useId } from 'react';
import { uiText } from '@/components/ui/i18n';
import { useT } from '@/lib/i18n/language';
import { paymentSummaryText } from '../i18n';

const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';
const rupees = (value: number | undefined) =>
  value === undefined ? '—' : formatRupees(rupeesToPaise(value));

function Figure({
  label,
  value,
  testId,
  strong = false,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className={`text-sm tabular-nums ${strong ? 'font-bold text-brand-600 dark:text-brand-300' : 'font-semibold text-navy-700 dark:text-white'}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * Payment summary and interest calculation details (spec §2.4): the pledge's terms, and the balance on
 * the payment date as the server computed it. While the server answers for a new date the domain's
 * preview stands in, said so in words.
 */
export function PaymentSummary({
  pledge,
  balance,
  isPreview,
  error,
}: {
  pledge: PledgeView | undefined;
  balance: PledgeBalanceView | null;
  isPreview: boolean;
  error: string | null;
}) {
  const t = useT(paymentSummaryText);
  const ui = useT(uiText);
  const ids = { summary: useId(), details: useId() };
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <section className={card} aria-labelledby={ids.summary}>
        <h2 id={ids.summary} className="mb-3 text-lg font-bold text-navy-700 dark:text-white">
          {t('paymentSummary')}
        </h2>
        <dl className="divide-y divide-slate-100 dark:divide-navy-700">
          <Figure label={t('pledgeNo')} value={pledge?.pledge_no ?? '—'} testId="summary-pledge-no" />
          <Figure label={t('loanAmount')} value={rupees(pledge?.total_loan_amount)} testId="summary-loan" />
          <Figure
            label={t('pledgeDate')}
            value={pledge ? formatIndianDate(pledge.pledge_date) : '—'}
            testId="summary-pledge-date"
          />
          <Figure
            label={t('interestRate')}
            value={pledge ? t('perMonth', { rate: String(pledge.interest_rate) }) : '—'}
            testId="summary-rate"
          />
          <Figure label={t('scheme')} value={pledge?.scheme_name ?? '—'} testId="summary-scheme" />
          <Figure
            label={t('status')}
            value={
              !pledge
                ? '—'
                : pledge.closed_date
                  ? t('closedOn', { date: formatIndianDate(pledge.closed_date) })
                  : pledge.is_move_to_bank
                    ? t('movedToBank')
                    : pledge.status === 'active'
                      ? ui('active')
                      : ui('inactive')
            }
            testId="summary-status"
          />
        </dl>
      </section>

      <section className={card} aria-labelledby={ids.details} aria-busy={isPreview || undefined}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={ids.details} className="text-lg font-bold text-navy-700 dark:text-white">
            {t('interestDetails')}
          </h2>
          <p
            className="text-xs text-slate-500 dark:text-slate-400"
            aria-live="polite"
            data-testid="balance-as-of"
          >
            {balance
              ? isPreview
                ? t('previewAsOf', { date: formatIndianDate(balance.as_of) })
                : t('asOf', { date: formatIndianDate(balance.as_of) })
              : ''}
          </p>
        </div>
        {error ? (
          <p
            role="alert"
            className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {error}
          </p>
        ) : (
          <dl className="divide-y divide-slate-100 dark:divide-navy-700">
            <Figure
              label={t('daysElapsed')}
              value={balance ? String(balance.days_elapsed) : '—'}
              testId="balance-days"
            />
            <Figure
              label={t('monthsElapsed')}
              value={balance ? String(balance.months_elapsed) : '—'}
              testId="balance-months"
            />
            <Figure
              label={t('interestDue')}
              value={rupees(balance?.interest_due)}
              testId="balance-interest-due"
            />
            <Figure
              label={t('interestPaid')}
              value={rupees(balance?.interest_paid)}
              testId="balance-interest-paid"
            />
            <Figure
              label={t('remainingInterest')}
              value={rupees(balance?.remaining_interest)}
              testId="balance-remaining-interest"
            />
            <Figure
              label={t('remainingPrincipal')}
              value={rupees(balance?.remaining_principal)}
              testId="balance-remaining-principal"
            />
            <Figure
              label={t('totalOutstanding')}
              value={rupees(balance?.total_outstanding)}
              testId="balance-total"
              strong
            />
          </dl>
        )}
      </section>
    </div>
  );
}
