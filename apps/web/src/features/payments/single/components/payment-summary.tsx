import {
  formatIndianDate,
  formatRupees,
  type PledgeBalanceView,
  type PledgeView,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { useId } from 'react';

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
  const ids = { summary: useId(), details: useId() };
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <section className={card} aria-labelledby={ids.summary}>
        <h2 id={ids.summary} className="mb-3 text-lg font-bold text-navy-700 dark:text-white">
          Payment Summary
        </h2>
        <dl className="divide-y divide-slate-100 dark:divide-navy-700">
          <Figure label="Pledge No" value={pledge?.pledge_no ?? '—'} testId="summary-pledge-no" />
          <Figure label="Loan Amount" value={rupees(pledge?.total_loan_amount)} testId="summary-loan" />
          <Figure
            label="Pledge Date"
            value={pledge ? formatIndianDate(pledge.pledge_date) : '—'}
            testId="summary-pledge-date"
          />
          <Figure
            label="Interest Rate"
            value={pledge ? `${pledge.interest_rate}% per month` : '—'}
            testId="summary-rate"
          />
          <Figure label="Scheme" value={pledge?.scheme_name ?? '—'} testId="summary-scheme" />
          <Figure
            label="Status"
            value={
              !pledge
                ? '—'
                : pledge.closed_date
                  ? `Closed on ${formatIndianDate(pledge.closed_date)}`
                  : pledge.is_move_to_bank
                    ? 'Moved to bank'
                    : pledge.status === 'active'
                      ? 'Active'
                      : 'Inactive'
            }
            testId="summary-status"
          />
        </dl>
      </section>

      <section className={card} aria-labelledby={ids.details} aria-busy={isPreview || undefined}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={ids.details} className="text-lg font-bold text-navy-700 dark:text-white">
            Interest Calculation Details
          </h2>
          <p
            className="text-xs text-slate-500 dark:text-slate-400"
            aria-live="polite"
            data-testid="balance-as-of"
          >
            {balance
              ? isPreview
                ? `Preview as of ${formatIndianDate(balance.as_of)}, checking with the server...`
                : `As of ${formatIndianDate(balance.as_of)}`
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
              label="Days Elapsed"
              value={balance ? String(balance.days_elapsed) : '—'}
              testId="balance-days"
            />
            <Figure
              label="Months Elapsed"
              value={balance ? String(balance.months_elapsed) : '—'}
              testId="balance-months"
            />
            <Figure
              label="Interest Due"
              value={rupees(balance?.interest_due)}
              testId="balance-interest-due"
            />
            <Figure
              label="Interest Paid"
              value={rupees(balance?.interest_paid)}
              testId="balance-interest-paid"
            />
            <Figure
              label="Remaining Interest"
              value={rupees(balance?.remaining_interest)}
              testId="balance-remaining-interest"
            />
            <Figure
              label="Remaining Principal"
              value={rupees(balance?.remaining_principal)}
              testId="balance-remaining-principal"
            />
            <Figure
              label="Total Outstanding"
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
