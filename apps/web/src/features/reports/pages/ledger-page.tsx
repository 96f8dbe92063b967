import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { SelectField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { formatAmount } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { downloadCsv } from '../../../shared/api/download-csv';
import { type Ledger, type LedgerParams, useLedger } from '../api/get-ledger';
import { useReportAccounts } from '../api/get-report-accounts';
import { financialYearStart, RANGE_MESSAGE } from '../components/dates';
import { num, ReportFrame, ReportState, td, th } from '../components/report-frame';
import { useReportPage } from '../components/report-pages';

/** A natural-side balance with its side: positive sits on the account's own side. */
function balanceText(amount: number, ownSide: 'debit' | 'credit'): string {
  if (amount === 0) return '0.00';
  const isDebit = amount > 0 === (ownSide === 'debit');
  return `${formatAmount(Math.abs(amount))} ${isDebit ? 'Dr' : 'Cr'}`;
}

function LedgerTable({ ledger }: { ledger: Ledger }) {
  const ownSide = ledger.account.balance_side;
  const { shown, offset, pager } = useReportPage(ledger.lines, 'Lines');
  // On a later page the balance brought forward is the one after the previous page's last line.
  const broughtForward = offset === 0 ? ledger.brought_forward : (ledger.lines[offset - 1]?.balance ?? 0);
  const broughtForwardDate = offset === 0 ? ledger.from : (shown[0]?.entry_date ?? ledger.from);
  // The closing balance ends the last page; the others end with the balance they carry forward.
  const isLastPage = offset + shown.length >= ledger.lines.length;
  return (
    <div className="overflow-x-auto">
      {pager}
      <table className="w-full min-w-[56rem] text-sm" aria-label="Account ledger">
        <thead>
          <tr className="border-b border-slate-200 dark:border-navy-600">
            <th scope="col" className={`${th} text-left`}>
              Date
            </th>
            <th scope="col" className={`${th} text-left`}>
              Voucher
            </th>
            <th scope="col" className={`${th} text-left`}>
              Type
            </th>
            <th scope="col" className={`${th} text-left`}>
              Narration
            </th>
            <th scope="col" className={`${th} text-right`}>
              Debit
            </th>
            <th scope="col" className={`${th} text-right`}>
              Credit
            </th>
            <th scope="col" className={`${th} text-right`}>
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-100 font-semibold dark:border-navy-700">
            <td className={`${td} tabular-nums`}>{formatIndianDate(broughtForwardDate)}</td>
            <td className={td} colSpan={5}>
              Balance brought forward
            </td>
            <td className={`${td} ${num}`}>{balanceText(broughtForward, ownSide)}</td>
          </tr>
          {shown.map((l, i) => (
            <tr
              // biome-ignore lint/suspicious/noArrayIndexKey: a voucher can touch the account on two lines; the position keeps the keys apart.
              key={`${l.entry_id}-${offset + i}`}
              className="border-b border-slate-100 dark:border-navy-700"
            >
              <td className={`${td} tabular-nums whitespace-nowrap`}>{formatIndianDate(l.entry_date)}</td>
              <td className={`${td} font-mono whitespace-nowrap`}>{l.voucher_number}</td>
              <td className={td}>{l.voucher_type}</td>
              <td className={td}>{l.narration}</td>
              <td className={`${td} ${num}`}>{l.debit ? formatAmount(l.debit) : ''}</td>
              <td className={`${td} ${num}`}>{l.credit ? formatAmount(l.credit) : ''}</td>
              <td className={`${td} ${num}`}>{balanceText(l.balance, ownSide)}</td>
            </tr>
          ))}
          {ledger.lines.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
                No postings to this account in these dates.
              </td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          {isLastPage ? (
            <tr className="border-t-2 border-slate-300 font-bold dark:border-navy-500">
              <td className={`${td} tabular-nums`}>{formatIndianDate(ledger.to)}</td>
              <th scope="row" colSpan={3} className={`${td} text-left`}>
                Closing balance
              </th>
              <td className={`${td} ${num}`}>{formatAmount(ledger.totals.debit)}</td>
              <td className={`${td} ${num}`}>{formatAmount(ledger.totals.credit)}</td>
              <td className={`${td} ${num}`} data-testid="ledger-closing">
                {balanceText(ledger.closing_balance, ownSide)}
              </td>
            </tr>
          ) : (
            <tr className="border-t-2 border-slate-300 font-semibold dark:border-navy-500">
              <td className={`${td} tabular-nums`}>
                {formatIndianDate(shown.at(-1)?.entry_date ?? ledger.to)}
              </td>
              <td className={td} colSpan={5}>
                Balance carried forward
              </td>
              <td className={`${td} ${num}`}>{balanceText(shown.at(-1)?.balance ?? 0, ownSide)}</td>
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
  const { company } = useSession();
  const accounts = useReportAccounts(company?.id ?? null);
  const [params, setParams] = useState<LedgerParams>(() => {
    const today = businessToday();
    return { accountId: '', from: financialYearStart(today), to: today };
  });
  const ledger = useLedger(params);
  const rangeError = params.from && params.to && params.from > params.to ? RANGE_MESSAGE : undefined;
  const account = accounts.data?.find((a) => String(a.id) === params.accountId);
  const set = (patch: Partial<LedgerParams>) => setParams((p) => ({ ...p, ...patch }));

  const parameters = [
    account ? `${account.account_code} — ${account.account_name}` : 'No account chosen',
    params.from && params.to ? `${formatIndianDate(params.from)} to ${formatIndianDate(params.to)}` : '',
  ]
    .filter(Boolean)
    .join(', ');

  let body: React.ReactNode;
  if (params.accountId === '')
    body = <ReportState kind="empty" message="Choose an account to see its ledger." />;
  else if (rangeError || !params.from || !params.to)
    body = <ReportState kind="empty" message={rangeError ?? 'Choose both dates.'} />;
  else if (ledger.isPending) body = <ReportState kind="loading" message="Loading the ledger..." />;
  else if (ledger.isError)
    body = <ReportState kind="error" message={errorMessage(ledger.error, 'Failed to load the ledger.')} />;
  else body = <LedgerTable ledger={ledger.data} />;

  return (
    <ReportFrame
      title="Account Ledger"
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
            label="Account"
            value={params.accountId}
            onChange={(e) => set({ accountId: e.target.value })}
            className="w-72"
            error={accounts.isError ? 'Failed to fetch accounts.' : undefined}
          >
            <option value="">{accounts.isPending ? 'Loading accounts...' : 'Select an account'}</option>
            {(accounts.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.account_code} — {a.account_name}
                {a.status ? '' : ' (inactive)'}
              </option>
            ))}
          </SelectField>
          <DateField
            label="From"
            value={params.from}
            onChange={(e) => set({ from: e.target.value })}
            className="w-44"
          />
          <DateField
            label="To"
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
