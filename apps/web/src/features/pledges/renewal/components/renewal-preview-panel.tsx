import { formatIndianDate, type RenewalPreview } from '@pledge-desk/domain';
import type { ReactNode } from 'react';
import { formatWeight } from '@/features/pledges/list/components/pledge-status';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { renewalPreviewText } from '../i18n';

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className={`text-sm tabular-nums ${strong ? 'font-bold' : 'font-semibold'} text-navy-700 dark:text-white`}
      >
        {children}
      </dd>
    </div>
  );
}

function VoucherTable({ title, voucher }: { title: string; voucher: RenewalPreview['open_voucher'] }) {
  const t = useT(renewalPreviewText);
  return (
    <div>
      <h4 className="mb-1 text-xs font-bold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
        {title}
        {voucher.voucher_number ? ` · ${voucher.voucher_number}` : ''}
      </h4>
      <table className="w-full text-xs" aria-label={title}>
        <thead>
          <tr className="text-left text-slate-500 dark:text-slate-400">
            <th scope="col" className="py-1">
              {t('account')}
            </th>
            <th scope="col" className="py-1 text-right">
              {t('debit')}
            </th>
            <th scope="col" className="py-1 text-right">
              {t('credit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {voucher.lines.map((l) => (
            <tr key={`${l.account_code}-${l.debit}-${l.credit}`} className="border-t border-slate-100">
              <td className="py-1">
                {l.account_code} {l.account_name}
              </td>
              <td className="py-1 text-right tabular-nums">{l.debit ? formatRupeeAmount(l.debit) : ''}</td>
              <td className="py-1 text-right tabular-nums">{l.credit ? formatRupeeAmount(l.credit) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Every figure of the renewal, from POST /pledges/{id}/renew/preview (the server's, never the screen's).
 * Figures of what was typed before (`stale`: a preview on its way, or refused) stay in view, dimmed, and
 * the screen's Save waits for the current ones.
 */
export function RenewalPreviewPanel({
  preview,
  loading,
  stale = false,
  hasBody,
}: {
  preview: RenewalPreview | null;
  loading: boolean;
  stale?: boolean;
  hasBody: boolean;
}) {
  const t = useT(renewalPreviewText);
  const messageText = useMessageText();
  return (
    <aside
      aria-label={t('renewalPreview')}
      aria-busy={loading || undefined}
      className="space-y-4 self-start rounded-2xl bg-white p-5 shadow-sm lg:sticky lg:top-4 dark:bg-navy-800"
    >
      <h3 className="text-sm font-bold text-navy-700 dark:text-white">
        {t('preview')}{' '}
        {loading ? (
          <span className="text-xs font-normal text-slate-500 dark:text-slate-400">{t('updating')}</span>
        ) : null}
      </h3>
      {!preview ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {hasBody ? t('working') : t('enterFigures')}
        </p>
      ) : (
        <div
          className={`space-y-4 transition-opacity ${stale ? 'opacity-50' : ''}`}
          data-stale={stale || undefined}
        >
          <p
            data-testid="renewal-cash-statement"
            className={`rounded-xl px-4 py-3 text-base font-bold ${
              preview.cash_to_customer > 0
                ? 'bg-green-50 text-green-800 dark:bg-green-950/50 dark:text-green-200'
                : preview.cash_from_customer > 0
                  ? 'bg-amber-50 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200'
                  : 'bg-slate-50 text-navy-700'
            }`}
          >
            {messageText(preview.cash_statement)}
          </p>
          <section>
            <h4 className="text-xs font-bold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
              {t('oldPledge', {
                pledge: preview.old_pledge.pledge_no,
                date: formatIndianDate(preview.renewal_date),
              })}
            </h4>
            <dl>
              <Row label={t('principal')}>{formatRupeeAmount(preview.old_pledge.principal)}</Row>
              <Row label={t('interestDays', { days: String(preview.old_pledge.days_elapsed) })}>
                {formatRupeeAmount(preview.old_pledge.interest)}
              </Row>
              <Row label={t('outstandingSettled')} strong>
                {formatRupeeAmount(preview.old_pledge.outstanding)}
              </Row>
            </dl>
          </section>
          <section>
            <h4 className="text-xs font-bold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
              {t('newPledge', {
                scheme: preview.new_pledge.scheme_name,
                date: formatIndianDate(preview.new_pledge.due_date),
              })}
            </h4>
            <dl>
              <Row label={t('ratePerGram')}>{formatRupeeAmount(preview.new_pledge.rate_per_gram)}</Row>
              <Row label={t('articles', { count: String(preview.new_pledge.item_count) })}>
                {formatWeight(preview.new_pledge.gross_weight)} /{' '}
                {formatWeight(preview.new_pledge.net_weight)}
              </Row>
              <Row label={t('valuation')}>{formatRupeeAmount(preview.new_pledge.total_valuation)}</Row>
              <Row label={t('eligibleLoan', { percent: String(preview.new_pledge.loan_allowed_percent) })}>
                {formatRupeeAmount(preview.new_pledge.eligible_loan)}
              </Row>
              <Row label={t('newLoan')}>{formatRupeeAmount(preview.new_pledge.total_loan_amount)}</Row>
              <Row label={t('firstMonthInterest', { rate: String(preview.new_pledge.interest_rate) })}>
                {formatRupeeAmount(preview.new_pledge.first_month_interest)}
              </Row>
              <Row label={t('documentCharges')}>{formatRupeeAmount(preview.new_pledge.document_charges)}</Row>
              <Row label={t('finalAmount')} strong>
                {formatRupeeAmount(preview.new_pledge.final_amount)}
              </Row>
              <Row label={t('cashToCustomer')}>{formatRupeeAmount(preview.cash_to_customer)}</Row>
              <Row label={t('cashFromCustomer')}>{formatRupeeAmount(preview.cash_from_customer)}</Row>
            </dl>
          </section>
          {preview.returned_items.length > 0 ? (
            <section>
              <h4 className="text-xs font-bold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
                {t('returned')}
              </h4>
              <ul className="text-sm">
                {preview.returned_items.map((i) => (
                  <li key={i.pledge_item_id}>
                    {i.design_name}, {formatWeight(i.gross_weight)} / {formatWeight(i.net_weight)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <VoucherTable title={t('closeVoucher')} voucher={preview.close_voucher} />
          <VoucherTable title={t('openVoucher')} voucher={preview.open_voucher} />
          {preview.warnings.length > 0 ? (
            <ul className="list-disc pl-5 text-xs text-amber-800 dark:text-amber-200">
              {preview.warnings.map((w) => (
                <li key={w.code + w.message}>{messageText(w.message)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </aside>
  );
}
