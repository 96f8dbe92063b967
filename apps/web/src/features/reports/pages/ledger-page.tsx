import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { SelectField } from '@/components/ui/form-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatAmount } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { useAccountName, useNarration } from '@/shared/accounts/use-account-name';
import { downloadCsv } from '@/shared/api/download-csv';
import { type Ledger, type LedgerParams, useLedger } from '../api/get-ledger';
import { useReportAccounts } from '../api/get-report-accounts';
import { financialYearStart, RANGE_MESSAGE } from '../components/dates';
import { num, ReportFrame, ReportState, td, th } from '../components/report-frame';
import { useReportPage } from '../components/report-pages';
import { type ReportsKey, reportsText, VOUCHER_TYPE_KEYS } from '../i18n';

/** A natural-side balance with its side: positive sits on the account's own side. */
function balanceText(t: Translate<ReportsKey>, amount: number, ownSide: 'debit' | 'credit'): string {
  if (amount === 0) return '0.00';
  const isDebit = amount > 0 === (ownSide === 'debit');
  return t(isDebit ? 'dr' : 'cr', { amount: formatAmount(Math.abs(amount)) });
}

function LedgerTable({ ledger }: { ledger: Ledger }) {
  const t = useT(reportsText);
  const narration = useNarration();
  const ownSide = ledger.account.balance_side;
  const { shown, offset, pager } = useReportPage(ledger.lines, t('lines'));
  // On a later page the balance brought forward is the one after the previous page's last line.
  const broughtForward = offset === 0 ? ledger.brought_forward : (ledger.lines[offset - 1]?.balance ?? 0);
  const broughtForwardDate = offset === 0 ? ledger.from : (shown[0]?.entry_date ?? ledger.from);
  // The closing balance ends the last page; the others end with the balance they carry forward.
  const isLastPage = offset + shown.length >= ledger.lines.length;
  return (
    <div className="overflow-x-auto">
      {pager}
      <table className="w-full min-w-[56rem] text-sm" aria-label={t('accountLedgerTable')}>
        <thead>
          <tr className="border-b border-slate-200 dark:border-navy-600">
            <th scope="col" className={`${th} text-left`}>
              {t('date')}
            </th>
            <th scope="col" className={`${th} text-left`}>
              {t('voucher')}
            </th>
            <th scope="col" className={`${th} text-left`}>
              {t('type')}
            </th>
            <th scope="col" className={`${th} text-left`}>
              {t('narration')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('debit')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('credit')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('balance')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-100 font-semibold dark:border-navy-700">
            <td className={`${td} tabular-nums`}>{formatIndianDate(broughtForwardDate)}</td>
            <td className={td} colSpan={5}>
              {t('broughtForward')}
            </td>
            <td className={`${td} ${num}`}>{balanceText(t, broughtForward, ownSide)}</td>
          </tr>
          {shown.map((l, i) => (
            <tr
              // biome-ignore lint/suspicious/noArrayIndexKey: a voucher can touch the account on two lines; the position keeps the keys apart.
              key={`${l.entry_id}-${offset + i}`}
              className="border-b border-slate-100 dark:border-navy-700"
            >
              <td className={`${td} tabular-nums whitespace-nowrap`}>{formatIndianDate(l.entry_date)}</td>
              <td className={`${td} font-mono whitespace-nowrap`}>{l.voucher_number}</td>
              <td className={td}>
                {VOUCHER_TYPE_KEYS[l.voucher_type] ? t(VOUCHER_TYPE_KEYS[l.voucher_type]!) : l.voucher_type}
              </td>
              <td className={td}>{narration(l.narration, l.narration_code, l.narration_params)}</td>
              <td className={`${td} ${num}`}>{l.debit ? formatAmount(l.debit) : ''}</td>
              <td className={`${td} ${num}`}>{l.credit ? formatAmount(l.credit) : ''}</td>
              <td className={`${td} ${num}`}>{balanceText(t, l.balance, ownSide)}</td>
            </tr>
          ))}
          {ledger.lines.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
                {t('noPostings')}
              </td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          {isLastPage ? (
            <tr className="border-t-2 border-slate-300 font-bold dark:border-navy-500">
              <td className={`${td} tabular-nums`}>{formatIndianDate(ledger.to)}</td>
              <th scope="row" colSpan={3} className={`${td} text-left`}>
                {t('closingBalance')}
              </th>
              <td className={`${td} ${num}`}>{formatAmount(ledger.totals.debit)}</td>
              <td className={`${td} ${num}`}>{formatAmount(ledger.totals.credit)}</td>
              <td className={`${td} ${num}`} data-testid="ledger-closing">
                {balanceText(t, ledger.closing_balance, ownSide)}
              </td>
            </tr>
          ) : (
            <tr className="border-t-2 border-slate-300 font-semibold dark:border-navy-500">
              <td className={`${td} tabular-nums`}>
                {formatIndianDate(shown.at(-1)?.entry_date ?? ledger.to)}
              </td>
              <td className={td} colSpan={5}>
                {t('carriedForward')}
              </td>
              <td className={`${td} ${num}`}>{balanceText(t, shown.at(-1)?.balance ?? 0, ownSide)}</td>
            </tr>
          )}
        </tfoot>
      </table>
      {pager}
    </div>
  );
}

/** Account Ledger (/admin/reports/ledger): one account over a date range with its running balance. */
export function LedgerPage() {
  const t = useT(reportsText);
  const accountName = useAccountName();
  const messageText = useMessageText();
  const { company } = useSession();
  const accounts = useReportAccounts(company?.id ?? null);
  const [params, setParams] = useState<LedgerParams>(() => {
    const today = businessToday();
    return { accountId: '', from: financialYearStart(today), to: today };
  });
  const ledger = useLedger(params);
  const rangeError =
    params.from && params.to && params.from > params.to ? messageText(RANGE_MESSAGE) : undefined;
  const account = accounts.data?.find((a) => String(a.id) === params.accountId);
  const set = (patch: Partial<LedgerParams>) => setParams((p) => ({ ...p, ...patch }));

  const parameters = [
    account
      ? `${account.account_code} — ${accountName(account.account_code, account.account_name)}`
      : t('noAccountChosen'),
    params.from && params.to
      ? t('range', { from: formatIndianDate(params.from), to: formatIndianDate(params.to) })
      : '',
  ]
    .filter(Boolean)
    .join(', ');

  let body: React.ReactNode;
  if (params.accountId === '') body = <ReportState kind="empty" message={t('chooseAccount')} />;
  else if (rangeError || !params.from || !params.to)
    body = <ReportState kind="empty" message={rangeError ?? t('chooseBothDates')} />;
  else if (ledger.isPending) body = <ReportState kind="loading" message={t('loadingLedger')} />;
  else if (ledger.isError)
    body = <ReportState kind="error" message={messageText(errorMessage(ledger.error, t('ledgerFailed')))} />;
  else body = <LedgerTable ledger={ledger.data} />;

  return (
    <ReportFrame
      title={t('accountLedger')}
      parameters={parameters}
      canExport={ledger.isSuccess && !rangeError}
      onDownload={() =>
        downloadCsv(
          '/reports/ledger',
          { account_id: params.accountId, from: params.from, to: params.to },
          `ledger-${account?.account_code ?? params.accountId}-${params.from}-to-${params.to}.csv`,
        )
      }
      controls={
        <>
          <SelectField
            label={t('account')}
            value={params.accountId}
            onChange={(e) => set({ accountId: e.target.value })}
            className="w-72"
            error={accounts.isError ? t('accountsFailed') : undefined}
          >
            <option value="">{accounts.isPending ? t('loadingAccounts') : t('selectAccount')}</option>
            {(accounts.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.account_code} — {accountName(a.account_code, a.account_name)}
                {a.status ? '' : t('inactive')}
              </option>
            ))}
          </SelectField>
          <DateField
            label={t('from')}
            value={params.from}
            onChange={(e) => set({ from: e.target.value })}
            className="w-44"
          />
          <DateField
            label={t('to')}
            value={params.to}
            error={rangeError}
            onChange={(e) => set({ to: e.target.value })}
            className="w-44"
          />
        </>
      }
    >
      {body}
    </ReportFrame>
  );
}
