import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useAccountName, useNarration } from '@/shared/accounts/use-account-name';
import { downloadCsv } from '@/shared/api/download-csv';
import { type DayBook, useDayBook } from '../api/get-day-book';
import { RANGE_MESSAGE } from '../components/dates';
import { num, ReportFrame, ReportState, td, th } from '../components/report-frame';
import { useReportPage } from '../components/report-pages';
import { reportsText, VOUCHER_TYPE_KEYS } from '../i18n';

/** Vouchers per screen page: each is three or more table rows. */
const DAY_BOOK_PAGE_VOUCHERS = 200;

function DayBookTables({ book }: { book: DayBook }) {
  const t = useT(reportsText);
  const accountName = useAccountName();
  const narration = useNarration();
  const { shown, pager } = useReportPage(book.vouchers, t('vouchers'), DAY_BOOK_PAGE_VOUCHERS);
  const voucherType = (name: string) => {
    const key = VOUCHER_TYPE_KEYS[name];
    return key ? t(key) : name;
  };
  if (book.vouchers.length === 0) {
    return <ReportState kind="empty" message={t('noVouchers')} />;
  }
  return (
    <div className="grid gap-6 pb-4">
      <div className="overflow-x-auto">
        {pager}
        <table className="w-full min-w-[56rem] text-sm" aria-label={t('vouchers')}>
          <thead>
            <tr className="border-b border-slate-200 dark:border-navy-600">
              <th scope="col" className={`${th} text-left`}>
                {t('date')}
              </th>
              <th scope="col" className={`${th} text-left`}>
                {t('voucher')}
              </th>
              <th scope="col" className={`${th} text-left`}>
                {t('accountNarration')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('debit')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('credit')}
              </th>
            </tr>
          </thead>
          {shown.map((v) => (
            <tbody key={v.entry_id} className="border-b border-slate-200 dark:border-navy-600">
              <tr className="bg-slate-50 dark:bg-navy-900/40">
                <td className={`${td} font-semibold tabular-nums whitespace-nowrap`}>
                  {formatIndianDate(v.entry_date)}
                </td>
                <td className={`${td} font-mono font-semibold whitespace-nowrap`}>
                  {v.voucher_number}
                  <span className="ml-2 font-sans text-xs font-normal text-slate-500 dark:text-slate-400">
                    {voucherType(v.voucher_type)}
                  </span>
                </td>
                <td className={`${td} font-semibold`} colSpan={3}>
                  {narration(v.narration, v.narration_code, v.narration_params)}
                  {v.reference_number ? (
                    <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">
                      {t('reference', { number: v.reference_number })}
                    </span>
                  ) : null}
                </td>
              </tr>
              {v.lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order in a voucher is fixed.
                <tr key={`${v.entry_id}-${i}`}>
                  <td className={td} />
                  <td className={`${td} font-mono text-xs text-slate-500 dark:text-slate-400`}>
                    {l.account_code}
                  </td>
                  <td className={td}>
                    <span className={l.credit ? 'pl-6' : ''}>
                      {accountName(l.account_code, l.account_name)}
                    </span>
                    {l.narration ? (
                      <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{l.narration}</span>
                    ) : null}
                  </td>
                  <td className={`${td} ${num}`}>{l.debit ? formatAmount(l.debit) : ''}</td>
                  <td className={`${td} ${num}`}>{l.credit ? formatAmount(l.credit) : ''}</td>
                </tr>
              ))}
            </tbody>
          ))}
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-bold dark:border-navy-500">
              <th scope="row" colSpan={3} className={`${td} text-left`}>
                {t('totalVouchers', { count: book.totals.count })}
              </th>
              <td className={`${td} ${num}`}>{formatAmount(book.totals.debit)}</td>
              <td className={`${td} ${num}`}>{formatAmount(book.totals.credit)}</td>
            </tr>
          </tfoot>
        </table>
        {pager}
      </div>
      <div className="px-4">
        <table className="w-full max-w-md text-sm" aria-label={t('totalsByVoucherType')}>
          <caption className="mb-2 text-left text-sm font-bold text-navy-700 dark:text-white">
            {t('totalsByVoucherType')}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-navy-600">
              <th scope="col" className={`${th} text-left`}>
                {t('type')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('vouchers')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {book.totals_by_type.map((byType) => (
              <tr
                key={byType.voucher_type}
                className="border-b border-slate-100 last:border-0 dark:border-navy-700"
              >
                <td className={td}>{voucherType(byType.voucher_type)}</td>
                <td className={`${td} ${num}`}>{byType.count}</td>
                <td className={`${td} ${num}`}>{formatAmount(byType.total_amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Day Book (/admin/reports/day-book): the vouchers of a date range with their lines. */
export function DayBookPage() {
  const t = useT(reportsText);
  const messageText = useMessageText();
  const [range, setRange] = useState(() => {
    const today = businessToday();
    return { from: today, to: today };
  });
  const book = useDayBook(range.from, range.to);
  const rangeError = range.from && range.to && range.from > range.to ? messageText(RANGE_MESSAGE) : undefined;

  let body: React.ReactNode;
  if (rangeError || !range.from || !range.to)
    body = <ReportState kind="empty" message={rangeError ?? t('chooseBothDates')} />;
  else if (book.isPending) body = <ReportState kind="loading" message={t('loadingDayBook')} />;
  else if (book.isError)
    body = <ReportState kind="error" message={messageText(errorMessage(book.error, t('dayBookFailed')))} />;
  else body = <DayBookTables book={book.data} />;

  return (
    <ReportFrame
      title={t('dayBook')}
      parameters={
        range.from && range.to
          ? range.from === range.to
            ? formatIndianDate(range.from)
            : t('range', { from: formatIndianDate(range.from), to: formatIndianDate(range.to) })
          : ''
      }
      canExport={book.isSuccess && !rangeError}
      onDownload={() => downloadCsv('/reports/day-book', range, `day-book-${range.from}-to-${range.to}.csv`)}
      controls={
        <>
          <DateField
            label={t('from')}
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            className="w-44"
          />
          <DateField
            label={t('to')}
            value={range.to}
            error={rangeError}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            className="w-44"
          />
        </>
      }
    >
      {body}
    </ReportFrame>
  );
}
