import { businessToday, formatIndianDate, type SaleBook, type SaleBookRow } from '@pledge-desk/domain';
import { useState } from 'react';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useLoadAll } from '@/shared/print/load-all';
import { PAGE_NUMBER_BOX } from '@/shared/print/page-numbers';
import { PrintToolbar } from '@/shared/print/print-toolbar';
import { usePrintPaper } from '@/shared/print/use-print-paper';
import { RegisterHeading } from '@/shared/register/register-frame';
import { RegisterState } from '@/shared/register/register-state';
import { getSaleBook } from '../api/auctions-api';
import { SaleBookTable, useRangeParams } from '../components/sale-book-table';
import '../components/sale-book-print.css';
import { auctionBoth, auctionText } from '../i18n';

/**
 * The sale book on paper (/registers/sale-book/print?from&to): the range's sales, English and Tamil
 * headings, on A4 or A5 landscape as the other registers (the paper remembered on this browser). Every
 * sale of the range, loaded page by page as the other registers' prints, never only the first page.
 */
export function SaleBookPrintPage() {
  const t = useT(auctionText);
  const messageText = useMessageText();
  const params = useRangeParams();
  const to = params.to || businessToday();
  const from = params.from || `${to.slice(0, 7)}-01`;
  const [totals, setTotals] = useState<SaleBook['totals'] | null>(null);
  const book = useLoadAll<SaleBookRow>(`${from}/${to}`, async (page, pageSize, signal) => {
    const answer = await getSaleBook({ from, to, page, pageSize }, signal);
    setTotals(answer.book.totals);
    return { rows: answer.book.rows, total: answer.total };
  });
  const [paper, setPaper] = usePrintPaper();
  return (
    <div className="grid gap-4 print:gap-0" data-sale-book-print>
      <style>{`@page { size: ${paper} landscape; margin: 10mm; ${PAGE_NUMBER_BOX} }`}</style>
      <PrintToolbar
        back={{ to: `/registers/sale-book?from=${from}&to=${to}`, label: t('backToSaleBook') }}
        kindLabel={t('printKind')}
        kind="full"
        kinds={['full']}
        paper={paper}
        onPaper={setPaper}
        onPrint={() => window.print()}
        printDisabled={book.status !== 'done'}
        printing={false}
      />
      <section
        aria-labelledby="register-title"
        className="rounded-2xl bg-white shadow-sm dark:bg-navy-800 print:shadow-none"
      >
        <RegisterHeading
          title={auctionBoth.en('saleBookTitle')}
          tamil={auctionBoth.ta('saleBookTitle')}
          parameters={t('salesFrom', { from: formatIndianDate(from), to: formatIndianDate(to) })}
        />
        {book.status === 'loading' ? (
          <RegisterState kind="loading" message={t('loadingSaleBook')} />
        ) : book.status === 'error' ? (
          <RegisterState kind="error" message={messageText(errorMessage(book.error, t('saleBookFailed')))} />
        ) : book.rows.length === 0 ? (
          <RegisterState kind="empty" message={t('noSales')} />
        ) : (
          <SaleBookTable rows={book.rows} totals={totals ?? undefined} />
        )}
      </section>
    </div>
  );
}

export default SaleBookPrintPage;
