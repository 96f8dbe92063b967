import { formatGrams, formatRupees, type PledgeQuote } from '@pledge-desk/domain';
import { useId } from 'react';
import { MoneyInput, moneyTextError } from '@/components/ui/money-input';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { pledgeSummaryText } from '../i18n';

type SummaryKey = keyof typeof pledgeSummaryText.en;

/** `N months`, or `Y years M months` above 12 months (the domain's formatLiquidationDuration, translated). */
function liquidationText(t: Translate<SummaryKey>, months: number): string {
  if (months <= 12) return t('months', { count: months });
  return t('yearsMonths', { years: Math.floor(months / 12), months: months % 12 });
}

const fieldInput =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white';
const readOnlyInput =
  'block w-full rounded-xl border border-slate-200 bg-slate-50 px-3.5 py-2.5 text-right text-sm font-semibold text-navy-700 tabular-nums dark:border-navy-600 dark:bg-navy-900/60 dark:text-white';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-sm font-semibold text-navy-700 tabular-nums dark:text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The live summary (pledges-and-payments §2.1, §9): every figure from the domain's quote; the loan and
 * the document charge are typed here, the first month interest and the receipt follow from them.
 */
export function PledgeSummary({
  quote,
  loanText,
  onLoanChange,
  onUseEligible,
  documentChargesText,
  onDocumentChargesChange,
  remarks,
  onRemarksChange,
  packetNo,
  onPacketNoChange,
  errors,
}: {
  quote: PledgeQuote | null;
  loanText: string;
  onLoanChange: (text: string) => void;
  /** Puts the eligible loan in the loan field. */
  onUseEligible: () => void;
  documentChargesText: string;
  onDocumentChargesChange: (text: string) => void;
  remarks: string;
  onRemarksChange: (text: string) => void;
  packetNo: string;
  onPacketNoChange: (text: string) => void;
  errors: Readonly<Record<string, string | undefined>>;
}) {
  const t = useT(pledgeSummaryText);
  const messageText = useMessageText();
  const ids = { loan: useId(), fmi: useId(), doc: useId(), remarks: useId(), packet: useId() };
  const show = (paise: number | undefined) => (paise === undefined ? '—' : formatRupees(paise));
  const grams = (mg: number | undefined) =>
    mg === undefined ? '—' : t('grams', { weight: formatGrams(mg) });
  // The errors come as the form set them (its own texts, the schemas' and the server's sentences).
  const shown = (message: string | null | undefined) => (message ? messageText(message) : message);
  // The loan is capped at the eligible loan (spec §5): a higher amount is refused here and on Save,
  // never silently lowered, so the clerk always sends the amount on the screen.
  const capError =
    quote && quote.itemCount > 0 && quote.loanPaise > quote.eligibleLoanPaise
      ? t('capError', { amount: formatRupees(quote.eligibleLoanPaise) })
      : undefined;
  const loanError = moneyTextError(loanText) ?? capError ?? errors.total_loan_amount;
  const canUseEligible =
    quote !== null && quote.eligibleLoanPaise > 0 && quote.loanPaise !== quote.eligibleLoanPaise;
  const docError = moneyTextError(documentChargesText) ?? errors.document_charges;
  // A figure that is not an amount counts as nothing, never as 0: the lines it
  // makes, and the Final Receipt Amount, say '—' until it is one.
  const isLoanUnread = moneyTextError(loanText) !== null;
  const isDocUnread = moneyTextError(documentChargesText) !== null;
  const hasFigures = quote !== null;
  return (
    <section aria-labelledby={`${ids.loan}-title`}>
      <h2 id={`${ids.loan}-title`} className="mb-4 text-lg font-bold text-navy-700 dark:text-white">
        {t('summary')}
      </h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)]">
        <dl
          aria-live="polite"
          aria-label={t('totals')}
          className="divide-y divide-slate-100 dark:divide-navy-700"
        >
          <Figure label={t('items')} value={String(quote?.itemCount ?? 0)} testId="summary-items" />
          <Figure label={t('grossWeight')} value={grams(quote?.grossMg)} testId="summary-gross" />
          <Figure label={t('netWeight')} value={grams(quote?.netMg)} testId="summary-net" />
          <Figure
            label={t('totalValuation')}
            value={show(quote?.valuationPaise)}
            testId="summary-valuation"
          />
          <Figure
            label={t('eligibleLoan')}
            value={show(quote?.eligibleLoanPaise)}
            testId="summary-eligible"
          />
          <Figure label={t('slippageWeight')} value={grams(quote?.slippageMg)} testId="summary-slippage" />
        </dl>

        <div className="space-y-4">
          <div>
            <label
              htmlFor={ids.loan}
              className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
            >
              {t('finalLoanAmount')}
            </label>
            <MoneyInput
              id={ids.loan}
              className={fieldInput}
              value={loanText}
              error={shown(loanError)}
              placeholder={
                hasFigures ? t('upTo', { amount: formatRupees(quote.eligibleLoanPaise) }) : undefined
              }
              onChange={(e) => onLoanChange(e.target.value)}
            />
            {canUseEligible ? (
              <button
                type="button"
                onClick={onUseEligible}
                className="mt-1.5 rounded-lg px-1 text-xs font-semibold text-brand-600 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
              >
                {t('useEligible', { amount: formatRupees(quote.eligibleLoanPaise) })}
              </button>
            ) : null}
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label
                htmlFor={ids.fmi}
                className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
              >
                {t('firstMonthInterest')}
              </label>
              <input
                id={ids.fmi}
                readOnly
                tabIndex={-1}
                className={readOnlyInput}
                value={show(isLoanUnread ? undefined : quote?.firstMonthInterestPaise)}
              />
              {errors.first_month_interest ? (
                <p className="mt-1 text-xs text-red-600 dark:text-red-400">
                  {shown(errors.first_month_interest)}
                </p>
              ) : null}
            </div>
            <div>
              <label
                htmlFor={ids.doc}
                className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
              >
                {t('documentCharge')}
              </label>
              <MoneyInput
                id={ids.doc}
                className={fieldInput}
                value={documentChargesText}
                error={shown(docError)}
                onChange={(e) => onDocumentChargesChange(e.target.value)}
              />
            </div>
          </div>

          <div>
            <label
              htmlFor={ids.packet}
              className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
            >
              {t('packetNo')}
            </label>
            <input
              id={ids.packet}
              maxLength={50}
              autoComplete="off"
              className={fieldInput}
              value={packetNo}
              placeholder={t('packetPlaceholder')}
              aria-invalid={errors.packet_no ? true : undefined}
              aria-describedby={errors.packet_no ? `${ids.packet}-error` : undefined}
              onChange={(e) => onPacketNoChange(e.target.value)}
            />
            {errors.packet_no ? (
              <p id={`${ids.packet}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
                {shown(errors.packet_no)}
              </p>
            ) : null}
          </div>

          <div>
            <label
              htmlFor={ids.remarks}
              className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
            >
              {t('remarks')}
            </label>
            <textarea
              id={ids.remarks}
              rows={3}
              maxLength={1000}
              className={fieldInput}
              value={remarks}
              onChange={(e) => onRemarksChange(e.target.value)}
            />
            {errors.remarks ? (
              <p className="mt-1 text-xs text-red-600 dark:text-red-400">{shown(errors.remarks)}</p>
            ) : null}
          </div>
        </div>
        <div className="rounded-xl bg-brand-50 p-4 dark:bg-navy-900/60">
          <h3 className="text-sm font-semibold text-navy-700 dark:text-white">{t('quickSummary')}</h3>
          <dl aria-live="polite" className="mt-2 space-y-1 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600 dark:text-slate-300">{t('loanAmount')}</dt>
              <dd className="whitespace-nowrap tabular-nums text-navy-700 dark:text-white">
                {show(isLoanUnread ? undefined : quote?.loanPaise)}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600 dark:text-slate-300">{t('lessInterest')}</dt>
              <dd className="whitespace-nowrap tabular-nums text-navy-700 dark:text-white">
                {show(isLoanUnread ? undefined : quote?.firstMonthInterestPaise)}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600 dark:text-slate-300">{t('lessDocument')}</dt>
              <dd className="whitespace-nowrap tabular-nums text-navy-700 dark:text-white">
                {show(isDocUnread ? undefined : quote?.documentChargesPaise)}
              </dd>
            </div>
            <div className="flex justify-between gap-3 border-t border-brand-100 pt-2 text-base font-bold dark:border-navy-600">
              <dt className="text-navy-700 dark:text-white">{t('finalReceipt')}</dt>
              <dd
                className="whitespace-nowrap tabular-nums text-navy-700 dark:text-white"
                data-testid="summary-final"
              >
                {show(isLoanUnread || isDocUnread ? undefined : quote?.finalAmountPaise)}
              </dd>
            </div>
            <div className="flex justify-between gap-3 pt-1">
              <dt className="text-slate-600 dark:text-slate-300">{t('liquidation')}</dt>
              <dd
                className="whitespace-nowrap text-navy-700 dark:text-white"
                data-testid="summary-liquidation"
              >
                {quote && !isLoanUnread ? liquidationText(t, quote.liquidationMonths) : '—'}
              </dd>
            </div>
          </dl>
          {errors.final_amount ? (
            <p role="alert" className="mt-2 text-xs text-red-600 dark:text-red-400">
              {shown(errors.final_amount)}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
