import { businessToday, formatIndianDate, REGISTER_DEFAULT_PAGE_SIZE } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { downloadCsv } from '@/shared/api/download-csv';
import { RegisterFrame } from '@/shared/register/register-frame';
import { RegisterState } from '@/shared/register/register-state';
import { useSaleBook } from '../api/auctions-api';
import { AuctionTabs } from '../components/bits';
import { SaleBookTable, useRangeParams } from '../components/sale-book-table';
import { auctionBoth, auctionText } from '../i18n';

/** The sale book (Form G, /registers/sale-book): every pledge sold at auction in a range of dates. */
export function SaleBookPage() {
  const t = useT(auctionText);
  const messageText = useMessageText();
  const params = useRangeParams();
  const to = params.to ?? businessToday();
  const from = params.from ?? `${to.slice(0, 7)}-01`;
  const [paging, setPaging] = useState({ key: `${from}|${to}`, page: 1 });
  const page = paging.key === `${from}|${to}` ? paging.page : 1;
  const book = useSaleBook({ from, to, page, pageSize: REGISTER_DEFAULT_PAGE_SIZE });

  let body: React.ReactNode;
  if (from === '' || to === '') body = <RegisterState kind="empty" message={t('chooseDates')} />;
  else if (book.isPending) body = <RegisterState kind="loading" message={t('loadingSaleBook')} />;
  else if (book.isError)
    body = (
      <RegisterState kind="error" message={messageText(errorMessage(book.error, t('saleBookFailed')))} />
    );
  else if (book.data.total === 0) body = <RegisterState kind="empty" message={t('noSales')} />;
  else {
    const { book: b, total } = book.data;
    const pages = Math.max(1, Math.ceil(total / REGISTER_DEFAULT_PAGE_SIZE));
    body = (
      <>
        <SaleBookTable rows={b.rows} />
        <nav
          aria-label={t('saleBookPages')}
          className="flex items-center justify-between gap-2 px-5 py-3 text-sm"
        >
          <span>{t('pageOf', { page: String(page), pages: String(pages), total: String(total) })}</span>
          <span className="flex gap-2">
            <Button
              variant="secondary"
              disabled={page <= 1}
              onClick={() => setPaging({ key: `${from}|${to}`, page: page - 1 })}
            >
              {t('previous')}
            </Button>
            <Button
              variant="secondary"
              disabled={page >= pages}
              onClick={() => setPaging({ key: `${from}|${to}`, page: page + 1 })}
            >
              {t('next')}
            </Button>
          </span>
        </nav>
        <p className="border-t border-slate-200 px-5 py-3 text-sm dark:border-navy-600">
          {t('saleBookTotal', {
            sales: String(b.totals.sales),
            price: formatRupeeAmount(b.totals.sale_price),
            outstanding: formatRupeeAmount(b.totals.outstanding),
            surplus: formatRupeeAmount(b.totals.surplus),
            shortfall: formatRupeeAmount(b.totals.shortfall),
          })}
        </p>
      </>
    );
  }

  return (
    <div className="grid gap-4">
      <AuctionTabs />
      <RegisterFrame
        title={auctionBoth.en('saleBookTitle')}
        tamil={auctionBoth.ta('saleBookTitle')}
        parameters={
          from && to ? t('salesFrom', { from: formatIndianDate(from), to: formatIndianDate(to) }) : ''
        }
        printTo={`/registers/sale-book/print?from=${from}&to=${to}`}
        canExport={book.isSuccess && from !== '' && to !== ''}
        onDownload={() => downloadCsv('/registers/sale-book', { from, to }, `sale-book-${from}-${to}.csv`)}
        controls={
          <>
            <DateField
              label={t('from')}
              value={from}
              onChange={(e) => params.set('from', e.target.value)}
              className="w-44"
            />
            <DateField
              label={t('to')}
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
