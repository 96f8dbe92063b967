import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { formatAmount } from '../../../lib/format';
import { downloadCsv } from '../../../shared/api/download-csv';
import { type TrialBalance, useTrialBalance } from '../api/get-trial-balance';
import { num, ReportFrame, ReportState, td, th } from '../components/report-frame';

const side = (amount: number, balanceSide: 'debit' | 'credit') =>
  amount === 0
    ? '0.00'
    : `${formatAmount(Math.abs(amount))} ${(amount > 0) === (balanceSide === 'debit') ? 'Dr' : 'Cr'}`;

function TrialBalanceTable({ report }: { report: TrialBalance }) {
  if (report.rows.length === 0) {
    return <ReportState kind="empty" message="No balances or postings up to this date." />;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem] text-sm" aria-label="Trial balance">
        <thead>
          <tr className="border-b border-slate-200 dark:border-navy-600">
            <th scope="col" className={`${th} text-left`}>
              Code
            </th>
            <th scope="col" className={`${th} text-left`}>
              Account
            </th>
            <th scope="col" className={`${th} text-left`}>
              Type
            </th>
            <th scope="col" className={`${th} text-right`}>
              Opening
            </th>
            <th scope="col" className={`${th} text-right`}>
              Debit
            </th>
            <th scope="col" className={`${th} text-right`}>
              Credit
            </th>
            <th scope="col" className={`${th} text-right`}>
              Closing Dr
            </th>
            <th scope="col" className={`${th} text-right`}>
              Closing Cr
            </th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((r) => {
            const isDifference = r.account_id === null;
            return (
              <tr
                key={r.account_id ?? 'difference'}
                className={`border-b border-slate-100 last:border-0 dark:border-navy-700 ${
                  isDifference ? 'bg-amber-50 italic dark:bg-amber-950/30' : ''
                }`}
              >
                <td className={`${td} font-mono`}>{r.account_code}</td>
                <td className={td}>{r.account_name}</td>
                <td className={td}>{r.account_type}</td>
                <td className={`${td} ${num}`}>{side(r.opening_balance, r.balance_side)}</td>
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
              Total
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
          The columns do not agree. Run the books check from the command line to find the voucher.
        </p>
      )}
    </div>
  );
}

/** Trial Balance (/admin/reports/trial-balance): every account as of a date, printable and as CSV. */
export function TrialBalancePage() {
  const [asOf, setAsOf] = useState(() => businessToday());
  const report = useTrialBalance(asOf);

  return (
    <ReportFrame
      title="Trial Balance"
      parameters={asOf ? `As of ${formatIndianDate(asOf)}` : 'Choose a date'}
      canExport={report.isSuccess}
      onDownload={() => downloadCsv('/reports/trial-balance', { as_of: asOf }, `trial-balance-${asOf}.csv`)}
      controls={
        <DateField label="As of" value={asOf} onChange={(e) => setAsOf(e.target.value)} className="w-44" />
      }
    >
      {asOf === '' ? (
        <ReportState kind="empty" message="Choose the date of the trial balance." />
      ) : report.isPending ? (
        <ReportState kind="loading" message="Loading the trial balance..." />
      ) : report.isError ? (
        <ReportState kind="error" message={errorMessage(report.error, 'Failed to load the trial balance.')} />
      ) : (
        <TrialBalanceTable report={report.data} />
      )}
    </ReportFrame>
  );
}
