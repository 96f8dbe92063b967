import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';
import { idFrom } from '@/lib/ids';
import { useSession } from '@/lib/session';
import { PrintToolbar } from '@/shared/print/print-toolbar';
import { useCountedPrint } from '@/shared/print/use-counted-print';
import { useReceipt } from '../api/get-receipt';
import { useReceiptCompany } from '../api/receipt-company';
import { useRecordReceiptPrint } from '../api/receipt-prints';
import { type PaperSize, PaymentReceipt, paperMm, type ReceiptKind } from '../components/payment-receipt';
import '../components/payment-receipt.css';
import { receiptText } from '../i18n';

const PAPER_KEY = 'pledge-desk.receipt-paper';

function storedPaper(): PaperSize {
  try {
    return window.localStorage.getItem(PAPER_KEY) === 'A4' ? 'A4' : 'A5';
  } catch {
    return 'A5';
  }
}

/**
 * The payment receipt (/pledge/receipt/{id}?kind=full|content), built like the pawn ticket: the sheet
 * on screen at its paper size, a Print button that first records the print on the server (so a reprint
 * says DUPLICATE), then opens the browser's print dialog. The app shell does not print (print:hidden).
 */
export function PaymentReceiptPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const receiptId = idFrom(params.receiptId);
  const kind: ReceiptKind = search.get('kind') === 'content' ? 'content' : 'full';
  const { company } = useSession();
  const receipt = useReceipt(receiptId);
  const companyDetails = useReceiptCompany(company?.id ?? null);
  const record = useRecordReceiptPrint(receiptId ?? 0);
  const t = useT(receiptText);
  const [paper, setPaper] = useState<PaperSize>(storedPaper);

  const choosePaper = (next: PaperSize) => {
    setPaper(next);
    try {
      window.localStorage.setItem(PAPER_KEY, next);
    } catch {
      // A browser without storage chooses again next time.
    }
  };

  const isReady = Boolean(receipt.data) && !companyDetails.isPending;
  // Ctrl+P (⌘P) prints through the same path, so a receipt printed from the keyboard is counted too.
  const {
    print,
    answer: printAnswer,
    isPrinting,
  } = useCountedPrint({
    record: () => record.mutateAsync(),
    isReady,
    failure: { title: t('printError'), message: t('printFailed') },
  });
  // What the server said at the last Print; until then, whether the receipt was printed before.
  const isDuplicate = printAnswer ? printAnswer.duplicate : (receipt.data?.receipt_prints ?? 0) > 0;

  const size = paperMm[paper];
  // A receipt of many pledges runs over one A5 sheet: say so on screen, so the clerk can choose A4.
  const sheet = useRef<HTMLDivElement>(null);
  const [isOverflowing, setIsOverflowing] = useState(false);
  const hasSheet = Boolean(receipt.data);
  useEffect(() => {
    if (!hasSheet) return;
    const box = sheet.current?.firstElementChild;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const pxPerMm = 96 / 25.4;
    const observer = new ResizeObserver(() =>
      setIsOverflowing(box.getBoundingClientRect().height > size.height * pxPerMm + 1),
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [size.height, hasSheet]);
  const pageRule = `@page { size: ${paper} portrait; margin: 0; }`;
  const loadError =
    receipt.error instanceof ApiError && receipt.error.status === 404 ? t('notFound') : t('loadFailed');

  return (
    <div className="space-y-4 print:space-y-0">
      <style>{pageRule}</style>
      <PrintToolbar
        back={{ to: '/pledge/payment-list', label: t('paymentHistory') }}
        kindLabel={t('receiptKind')}
        kind={kind}
        paper={paper}
        onPaper={choosePaper}
        onPrint={() => void print()}
        printDisabled={!isReady || isPrinting}
        printing={isPrinting}
      />

      {receiptId === null ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 print:hidden">
          {t('noReceiptId')}
        </p>
      ) : receipt.isPending ? (
        <Spinner label={t('loading')} className="py-16" />
      ) : receipt.isError ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 print:hidden dark:bg-red-950/50 dark:text-red-300"
        >
          {loadError}
        </p>
      ) : (
        <section
          aria-label={t('preview')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="overflow-x-auto pb-4 print:overflow-visible print:p-0"
        >
          {isOverflowing ? (
            <p
              role="status"
              className="mb-3 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-800 print:hidden"
            >
              {t('overflow', { paper })}
            </p>
          ) : null}
          <div ref={sheet} style={{ minWidth: `${size.width}mm` }}>
            <PaymentReceipt
              receipt={receipt.data}
              company={companyDetails.data ?? company ?? undefined}
              kind={kind}
              paper={paper}
              isDuplicate={isDuplicate}
            />
          </div>
        </section>
      )}
    </div>
  );
}

export default PaymentReceiptPage;
