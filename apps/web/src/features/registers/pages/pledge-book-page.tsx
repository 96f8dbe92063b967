import {
  businessToday,
  formatIndianDate,
  REGISTER_DEFAULT_PAGE_SIZE,
  registerRangeProblem,
} from '@pledge-desk/domain';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { formatAmount } from '../../../lib/format';
import { downloadCsv } from '../../../shared/api/download-csv';
import { RegisterFrame } from '../../../shared/register/register-frame';
import { RegisterState } from '../../../shared/register/register-state';
import { usePledgeBook } from '../api/get-pledge-book';
import { grams } from '../components/headings';
import { PledgeBookTable } from '../components/pledge-book-table';
import { RegisterPager } from '../components/register-pager';
import { useDateParams } from '../components/use-date-params';

/** The first of the month holding a YYYY-MM-DD date. */
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

export const rangeText = (from: string, to: string) =>
  from === to ? formatIndianDate(from) : `${formatIndianDate(from)} to ${formatIndianDate(to)}`;

/** Pledge Book (/registers/pledge-book): the Tamil Nadu register of pledges (Form E) for a range. */
export function PledgeBookPage() {
  const dates = useDateParams(['from', 'to'] as const);
  const to = dates.values.to ?? businessToday();
  const from = dates.values.from ?? monthStart(to === '' ? businessToday() : to);
  const range = { from, to };
  const rangeKey = `${from}/${to}`;
  const [paging, setPaging] = useState({ rangeKey, page: 1 });
  // A page belongs to one range: new dates start from the first page.
  const page = paging.rangeKey === rangeKey ? paging.page : 1;
  const complete = range.from !== '' && range.to !== '';
  const problem = complete ? registerRangeProblem(range.from, range.to) : null;
  const book = usePledgeBook(
    { from: range.from, to: range.to, page, pageSize: REGISTER_DEFAULT_PAGE_SIZE },
    complete && problem === null,
  );

  let body: React.ReactNode;
  if (!complete) body = <RegisterState kind="empty" message="Choose both dates." />;
  else if (problem) body = <RegisterState kind="empty" message={problem} />;
  else if (book.isPending) body = <RegisterState kind="loading" message="Loading the pledge book..." />;
  else if (book.isError)
    body = (
      <RegisterState kind="error" message={errorMessage(book.error, 'Failed to load the pledge book.')} />
    );
  else if (book.data.total === 0) body = <RegisterState kind="empty" message="No pledges in this range." />;
  else {
    const { book: b, total } = book.data;
    body = (
      <>
        <PledgeBookTable rows={b.rows} label="Pledge book" />
        <dl className="flex flex-wrap gap-x-8 gap-y-1 border-t border-slate-200 px-5 py-3 text-sm text-navy-700 dark:border-navy-600 dark:text-slate-100">
          <div>
            <dt className="inline font-semibold">Pledges: </dt>
            <dd className="inline tabular-nums">{b.totals.pledges.toLocaleString('en-IN')}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Amount lent: </dt>
            <dd className="inline tabular-nums">{formatAmount(b.totals.amount_lent)}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Gross / net weight: </dt>
            <dd className="inline tabular-nums">
              {grams(b.totals.gross_weight)} / {grams(b.totals.net_weight)} g
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Value: </dt>
            <dd className="inline tabular-nums">{formatAmount(b.totals.value)}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Paid: </dt>
            <dd className="inline tabular-nums">{formatAmount(b.totals.paid)}</dd>
          </div>
        </dl>
        <RegisterPager
          label="Pledge book"
          page={page}
          pageSize={REGISTER_DEFAULT_PAGE_SIZE}
          total={total}
          unit="pledges"
          isFetching={book.isFetching}
          onPage={(next) => setPaging({ rangeKey, page: next })}
        />
      </>
    );
  }

  return (
    <RegisterFrame
      title="Pledge Book (Form E)"
      tamil="அடகு பதிவேடு"
      parameters={complete ? rangeText(range.from, range.to) : ''}
      printTo={`/registers/pledge-book/print?from=${range.from}&to=${range.to}`}
      canExport={book.isSuccess && !problem && complete}
      onDownload={() =>
        downloadCsv('/registers/pledge-book', range, `pledge-book-${range.from}-${range.to}.csv`)
      }
      controls={
        <>
          <DateField
            label="From"
            value={range.from}
            onChange={(e) => dates.set('from', e.target.value)}
            className="w-44"
          />
          <DateField
            label="To"
            value={range.to}
            error={problem ?? undefined}
            onChange={(e) => dates.set('to', e.target.value)}
            className="w-44"
          />
        </>
      }
    >
      {body}
    </RegisterFrame>
  );
}

export default PledgeBookPage;
