import { businessToday, formatIndianDate, REGISTER_DEFAULT_PAGE_SIZE } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { formatRupeeAmount } from '../../../lib/format';
import { downloadCsv } from '../../../shared/api/download-csv';
import { RegisterFrame } from '../../../shared/register/register-frame';
import { RegisterState } from '../../../shared/register/register-state';
import { useSaleBook } from '../api/auctions-api';
import { AuctionTabs } from '../components/bits';
import { SaleBookTable, useRangeParams } from '../components/sale-book-table';

/** The sale book (Form G, /registers/sale-book): every pledge sold at auction in a range of dates. */
export function SaleBookPage() {
  const params = useRangeParams();
  const to = params.to ?? businessToday();
  const from = params.from ?? `${to.slice(0, 7)}-01`;
  const [paging, setPaging] = useState({ key: `${from}|${to}`, page: 1 });
  const page = paging.key === `${from}|${to}` ? paging.page : 1;
  const book = useSaleBook({ from, to, page, pageSize: REGISTER_DEFAULT_PAGE_SIZE });

  let body: React.ReactNode;
  if (from === '' || to === '') body = <RegisterState kind="empty" message="Choose the dates." />;
  else if (book.isPending) body = <RegisterState kind="loading" message="Loading the sale book..." />;
  else if (book.isError)
    body = <RegisterState kind="error" message={errorMessage(book.error, 'Failed to load the sale book.')} />;
  else if (book.data.total === 0) body = <RegisterState kind="empty" message="No sales in this range." />;
  else {
    const { book: b, total } = book.data;
    const pages = Math.max(1, Math.ceil(total / REGISTER_DEFAULT_PAGE_SIZE));
    body = (
      <>
        <SaleBookTable rows={b.rows} />
        <nav
          aria-label="Sale book pages"
          className="flex items-center justify-between gap-2 px-5 py-3 text-sm"
        >
          <span>
            Page {page} of {pages} ({total} sales)
          </span>
          <span className="flex gap-2">
            <Button
              variant="secondary"
              disabled={page <= 1}
              onClick={() => setPaging({ key: `${from}|${to}`, page: page - 1 })}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              disabled={page >= pages}
              onClick={() => setPaging({ key: `${from}|${to}`, page: page + 1 })}
            >
              Next
            </Button>
          </span>
        </nav>
        <p className="border-t border-slate-200 px-5 py-3 text-sm dark:border-navy-600">
          Total: {b.totals.sales} sales, price {formatRupeeAmount(b.totals.sale_price)}, outstanding{' '}
          {formatRupeeAmount(b.totals.outstanding)}, surplus {formatRupeeAmount(b.totals.surplus)}, shortfall{' '}
          {formatRupeeAmount(b.totals.shortfall)}
        </p>
      </>
    );
  }

  return (
    <div className="grid gap-4">
      <AuctionTabs />
      <RegisterFrame
        title="Sale Book (Form G)"
        tamil="விற்பனை பதிவேடு (படிவம் ஜி)"
        parameters={from && to ? `Sales from ${formatIndianDate(from)} to ${formatIndianDate(to)}` : ''}
        printTo={`/registers/sale-book/print?from=${from}&to=${to}`}
        canExport={book.isSuccess && from !== '' && to !== ''}
        onDownload={() => downloadCsv('/registers/sale-book', { from, to }, `sale-book-${from}-${to}.csv`)}
        controls={
          <>
            <DateField
              label="From"
              value={from}
              onChange={(e) => params.set('from', e.target.value)}
              className="w-44"
            />
            <DateField
              label="To"
              value={to}
              onChange={(e) => params.set('to', e.target.value)}
              className="w-44"
            />
          </>
        }
      >
        {body}
      </RegisterFrame>
    </div>
  );
}

export default SaleBookPage;
