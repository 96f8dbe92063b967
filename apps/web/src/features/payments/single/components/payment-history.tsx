import {
  formatIndianDate,
  formatIndianNumber,
  type PledgePaymentView,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { uiText } from '@/components/ui/i18n';
import { useT } from '@/lib/i18n/language';
import { paymentHistoryText, singlePaymentText } from '../i18n';
import { historyTotals, SINGLE_PAYMENT_METHODS, SINGLE_PAYMENT_TYPES } from '../payment-form-model';

// Figures without the currency, so a row stays on one line; the heading says they are rupees.
const money = (rupees: number) => formatIndianNumber(rupeesToPaise(rupees));
const typeKey = (type: string) => SINGLE_PAYMENT_TYPES.find((t) => t.value === type)?.label;
const methodKey = (method: string) => SINGLE_PAYMENT_METHODS.find((m) => m.value === method)?.label;
const methodWords = (method: string) => method.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

const th = 'px-2.5 py-2.5 font-semibold whitespace-nowrap';
const td = 'px-2.5 py-2.5 whitespace-nowrap text-navy-700 dark:text-slate-100';

/**
 * The pledge's payment history (spec §2.4): every payment oldest first, reversed ones kept and marked
 * 'Reversed', and totals of the payments that count.
 */
export function PaymentHistory({
  payments,
  isLoading,
  isError,
  onRetry,
}: {
  payments: readonly PledgePaymentView[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const t = useT(paymentHistoryText);
  const form = useT(singlePaymentText);
  const ui = useT(uiText);
  const typeLabel = (type: string) => {
    const key = typeKey(type);
    return key ? form(key) : type;
  };
  const methodLabel = (method: string) => {
    const key = methodKey(method);
    return key ? form(key) : methodWords(method);
  };
  const headingId = useId();
  const totals = payments ? historyTotals(payments) : null;
  return (
    <section className="rounded-2xl bg-white shadow-sm dark:bg-navy-800" aria-labelledby={headingId}>
      <header className="border-b border-slate-200 px-5 py-4 dark:border-navy-600">
        <h2 id={headingId} className="text-lg font-bold text-navy-700 dark:text-white">
          {t('title')}
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('note')}</p>
      </header>
      {isError ? (
        <div
          role="alert"
          className="m-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {t('failed')}
          <Button variant="secondary" onClick={onRetry} className="py-1.5">
            {ui('tryAgain')}
          </Button>
        </div>
      ) : isLoading ? (
        <p role="status" className="px-5 py-6 text-sm text-slate-500 dark:text-slate-400">
          {t('loading')}
        </p>
      ) : !payments || payments.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500 dark:text-slate-400">{t('empty')}</p>
      ) : (
        <section
          aria-labelledby={headingId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <table
            className="w-full min-w-[56rem] text-sm [&_td:first-child]:pl-5 [&_th:first-child]:pl-5"
            aria-labelledby={headingId}
          >
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase dark:border-navy-600 dark:text-slate-400">
                <th scope="col" className={th}>
                  {t('receiptNo')}
                </th>
                <th scope="col" className={th}>
                  {t('date')}
                </th>
                <th scope="col" className={th}>
                  {t('type')}
                </th>
                <th scope="col" className={th}>
                  {t('method')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('amount')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('interest')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('principal')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('penalty')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('discount')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('balance')}
                </th>
                <th scope="col" className={th}>
                  {t('status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr
                  key={p.payment_id}
                  data-testid="history-row"
                  className={`border-b border-slate-100 last:border-0 dark:border-navy-700 ${p.reversed ? 'opacity-60' : ''}`}
                >
                  <td className={`${td} font-mono text-xs`}>{p.receipt_no}</td>
                  <td className={`${td} whitespace-nowrap`}>{formatIndianDate(p.payment_date)}</td>
                  <td className={td}>{typeLabel(p.payment_type)}</td>
                  <td className={td}>{methodLabel(p.payment_method)}</td>
                  <td className={`${td} text-right tabular-nums`}>{money(p.amount)}</td>
                  <td className={`${td} text-right tabular-nums`}>{money(p.interest_amount)}</td>
                  <td className={`${td} text-right tabular-nums`}>{money(p.principal_amount)}</td>
                  <td className={`${td} text-right tabular-nums`}>{money(p.penalty_amount)}</td>
                  <td className={`${td} text-right tabular-nums`}>{money(p.discount_amount)}</td>
                  <td className={`${td} text-right tabular-nums`}>{money(p.balance_amount)}</td>
                  <td className={`${td} no-underline`}>
                    {p.reversed ? (
                      <span
                        className="inline-block rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-700 no-underline dark:bg-red-950/50 dark:text-red-300"
                        title={p.reversal_reason ?? undefined}
                      >
                        {t('reversed')}
                      </span>
                    ) : p.closed_pledge ? (
                      <span className="inline-block rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300">
                        {t('closed')}
                      </span>
                    ) : (
                      <span className="text-xs text-slate-500 dark:text-slate-400">{t('paid')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            {totals ? (
              <tfoot>
                <tr
                  className="border-t-2 border-slate-200 font-bold dark:border-navy-600"
                  data-testid="history-totals"
                >
                  <th scope="row" colSpan={4} className={`${td} text-left`}>
                    {totals.reversedCount > 0 ? t('totalWithoutReversed') : t('total')}
                  </th>
                  <td className={`${td} text-right tabular-nums`}>
                    {formatIndianNumber(totals.amountPaise)}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>
                    {formatIndianNumber(totals.interestPaise)}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>
                    {formatIndianNumber(totals.principalPaise)}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>
                    {formatIndianNumber(totals.penaltyPaise)}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>
                    {formatIndianNumber(totals.discountPaise)}
                  </td>
                  <td colSpan={2} />
                </tr>
              </tfoot>
            ) : null}
          </table>
        </section>
      )}
    </section>
  );
}
