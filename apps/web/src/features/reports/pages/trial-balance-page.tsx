import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatAmount } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useAccountName } from '@/shared/accounts/use-account-name';
import { downloadCsv } from '@/shared/api/download-csv';
import { type TrialBalance, useTrialBalance } from '../api/get-trial-balance';
import { num, ReportFrame, ReportState, td, th } from '../components/report-frame';
import { ACCOUNT_TYPE_KEYS, type ReportsKey, reportsText } from '../i18n';

const side = (t: Translate<ReportsKey>, amount: number, balanceSide: 'debit' | 'credit') =>
  amount === 0
    ? '0.00'
    : t(amount > 0 === (balanceSide === 'debit') ? 'dr' : 'cr', { amount: formatAmount(Math.abs(amount)) });

/** The server's name of the difference line, in the interface language. */
const OPENING_DIFFERENCE = reportsText.en.openingDifference;

function TrialBalanceTable({ report }: { report: TrialBalance }) {
  const t = useT(reportsText);
  const accountName = useAccountName();
  if (report.rows.length === 0) {
    return <ReportState kind="empty" message={t('noBalances')} />;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem] text-sm" aria-label={t('trialBalanceTable')}>
        <thead>
          <tr className="border-b border-slate-200 dark:border-navy-600">
            <th scope="col" className={`${th} text-left`}>
              {t('code')}
            </th>
            <th scope="col" className={`${th} text-left`}>
              {t('account')}
            </th>
            <th scope="col" className={`${th} text-left`}>
              {t('type')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('opening')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('debit')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('credit')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('closingDr')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('closingCr')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((r) => {
            const isDifference = r.account_id === null;
            const typeKey = ACCOUNT_TYPE_KEYS[r.account_type];
            return (
              <tr
                key={r.account_id ?? 'difference'}
                className={`border-b border-slate-100 last:border-0 dark:border-navy-700 ${
                  isDifference ? 'bg-amber-50 italic dark:bg-amber-950/30' : ''
                }`}
              >
                <td className={`${td} font-mono`}>{r.account_code}</td>
                <td className={td}>
                  {isDifference && r.account_name === OPENING_DIFFERENCE
                    ? t('openingDifference')
                    : accountName(r.account_code, r.account_name)}
                </td>
                <td className={td}>{typeKey ? t(typeKey) : r.account_type}</td>
                <td className={`${td} ${num}`}>{side(t, r.opening_balance, r.balance_side)}</td>
                <td className={`${td} ${num}`}>{r.debit ? formatAmount(r.debit) : ''}</td>
                <td className={`${td} ${num}`}>{r.credit ? formatAmount(r.credit) : ''}</td>
                <td className={`${td} ${num}`}>{r.closing_debit ? formatAmount(r.closing_debit) : ''}</td>
                <td className={`${td} ${num}`}>{r.closing_credit ? formatAmount(r.closing_credit) : ''}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr
            className="border-t-2 border-slate-300 font-bold dark:border-navy-500"
            data-testid="trial-balance-totals"
          >
            <th scope="row" colSpan={4} className={`${td} text-left`}>
              {t('total')}
            </th>
            <td className={`${td} ${num}`}>{formatAmount(report.totals.debit)}</td>
            <td className={`${td} ${num}`}>{formatAmount(report.totals.credit)}</td>
            <td className={`${td} ${num}`}>{formatAmount(report.totals.closing_debit)}</td>
            <td className={`${td} ${num}`}>{formatAmount(report.totals.closing_credit)}</td>
          </tr>
        </tfoot>
      </table>
      {report.balanced ? null : (
        <p role="alert" className="m-4 text-sm text-red-700 dark:text-red-300">
          {t('notBalanced')}
        </p>
      )}
    </div>
  );
}

/** Trial Balance (/admin/reports/trial-balance): every account as of a date, printable and as CSV. */
export function TrialBalancePage() {
  const t = useT(reportsText);
  const messageText = useMessageText();
  const [asOf, setAsOf] = useState(() => businessToday());
  const report = useTrialBalance(asOf);

  return (
    <ReportFrame
      title={t('trialBalance')}
      parameters={asOf ? t('asOfDate', { date: formatIndianDate(asOf) }) : t('chooseDate')}
      canExport={report.isSuccess}
      onDownload={() => downloadCsv('/reports/trial-balance', { as_of: asOf }, `trial-balance-${asOf}.csv`)}
      controls={
        <DateField
          label={t('asOf')}
          value={asOf}
          onChange={(e) => setAsOf(e.target.value)}
          className="w-44"
        />
      }
    >
      {asOf === '' ? (
        <ReportState kind="empty" message={t('chooseTrialDate')} />
      ) : report.isPending ? (
        <ReportState kind="loading" message={t('loadingTrialBalance')} />
      ) : report.isError ? (
        <ReportState
          kind="error"
          message={messageText(errorMessage(report.error, t('trialBalanceFailed')))}
        />
      ) : (
        <TrialBalanceTable report={report.data} />
      )}
    </ReportFrame>
  );
}
