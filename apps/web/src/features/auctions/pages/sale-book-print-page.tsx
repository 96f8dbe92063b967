import { businessToday, formatIndianDate, REGISTER_MAX_PAGE_SIZE } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { RegisterHeading } from '@/shared/register/register-frame';
import { RegisterState } from '@/shared/register/register-state';
import { useSaleBook } from '../api/auctions-api';
import { SaleBookTable, useRangeParams } from '../components/sale-book-table';
import { auctionBoth, auctionText } from '../i18n';

/** The sale book on paper (/registers/sale-book/print?from&to): the range's sales, English and Tamil headings. */
export function SaleBookPrintPage() {
  const t = useT(auctionText);
  const messageText = useMessageText();
  const params = useRangeParams();
  const to = params.to || businessToday();
  const from = params.from || `${to.slice(0, 7)}-01`;
  const book = useSaleBook({ from, to, page: 1, pageSize: REGISTER_MAX_PAGE_SIZE });
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between rounded-2xl bg-white px-5 py-3 shadow-sm print:hidden dark:bg-navy-800">
        <Link
          to={`/registers/sale-book?from=${from}&to=${to}`}
          className="text-sm font-semibold text-brand-600 dark:text-brand-300"
        >
          {t('backToSaleBook')}
        </Link>
        <Button onClick={() => window.print()} disabled={!book.isSuccess}>
          {t('print')}
        </Button>
      </div>
      <section
        aria-labelledby="register-title"
        className="rounded-2xl bg-white shadow-sm dark:bg-navy-800 print:shadow-none"
      >
        <RegisterHeading
          title={auctionBoth.en('saleBookTitle')}
          tamil={auctionBoth.ta('saleBookTitle')}
          parameters={t('salesFrom', { from: formatIndianDate(from), to: formatIndianDate(to) })}
        />
        {book.isPending ? (
          <RegisterState kind="loading" message={t('loadingSaleBook')} />
        ) : book.isError ? (
          <RegisterState kind="error" message={messageText(errorMessage(book.error, t('saleBookFailed')))} />
        ) : book.data.book.rows.length === 0 ? (
          <RegisterState kind="empty" message={t('noSales')} />
        ) : (
          <SaleBookTable rows={book.data.book.rows} totals={book.data.book.totals} />
        )}
      </section>
    </div>
  );
}

export default SaleBookPrintPage;
