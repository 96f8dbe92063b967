import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { usePledge } from '@/features/pledges/api/pledge-queries';
import { usePledgeCustomer, useTicketCompany } from '@/features/pledges/api/ticket-parties';
import { useRecordTicketPrint } from '@/features/pledges/api/ticket-prints';
import { useT } from '@/lib/i18n/language';
import { idFrom } from '@/lib/ids';
import { useSession } from '@/lib/session';
import { PrintToolbar } from '@/shared/print/print-toolbar';
import { useCountedPrint } from '@/shared/print/use-counted-print';
import { type PaperSize, PawnTicket, paperMm, type TicketKind } from '../components/pawn-ticket';
import '../components/pawn-ticket.css';
import { usePhotoSettled } from '@/shared/print/use-photo-settled';
import { ticketPageText } from '../i18n';

const PAPER_KEY = 'pledge-desk.ticket-paper';

function storedPaper(): PaperSize {
  try {
    return window.localStorage.getItem(PAPER_KEY) === 'A4' ? 'A4' : 'A5';
  } catch {
    return 'A5';
  }
}

/**
 * The pawn ticket (/pledge/print/{id}?kind=full|content): the sheet on screen at its paper size, a
 * Print button that first records the print on the server (so a reprint says DUPLICATE), then opens
 * the browser's print dialog. The app shell does not print (print:hidden); `@page` takes the size.
 */
export function PawnTicketPage() {
  const t = useT(ticketPageText);
  const params = useParams();
  const [search] = useSearchParams();
  const pledgeId = idFrom(params.pledgeId);
  const kind: TicketKind = search.get('kind') === 'content' ? 'content' : 'full';
  const { company } = useSession();
  const pledge = usePledge(pledgeId);
  const customer = usePledgeCustomer(pledge.data?.customer_id ?? null);
  const companyDetails = useTicketCompany(company?.id ?? null);
  const record = useRecordTicketPrint(pledgeId ?? 0);
  const [paper, setPaper] = useState<PaperSize>(storedPaper);

  const choosePaper = (next: PaperSize) => {
    setPaper(next);
    try {
      window.localStorage.setItem(PAPER_KEY, next);
    } catch {
      // A browser without storage chooses again next time.
    }
  };

  // The Full Print carries the pawner's photograph: the print waits until it has loaded (or failed),
  // so the paper never goes out with an empty place where the face should be.
  const photo = kind === 'full' ? (customer.data?.photo ?? null) : null;
  const { state: photoState, settled: photoSettled } = usePhotoSettled(photo);
  const isReady =
    Boolean(pledge.data) && !customer.isPending && !companyDetails.isPending && photoState !== 'loading';
  // Ctrl+P (⌘P) prints through the same path, so a ticket printed from the keyboard is counted too.
  const {
    print,
    answer: printAnswer,
    isPrinting,
  } = useCountedPrint({
    record: () => record.mutateAsync(),
    isReady,
    failure: { title: t('printError'), message: t('printFailed') },
  });
  // What the server said at the last Print; until then, whether a ticket was printed before.
  const isDuplicate = printAnswer ? printAnswer.duplicate : (pledge.data?.ticket_prints ?? 0) > 0;

  const size = paperMm[paper];
  // A pledge of many items runs over one A5 sheet: say so on screen, so the clerk can choose A4.
  const sheet = useRef<HTMLDivElement>(null);
  const [isOverflowing, setIsOverflowing] = useState(false);
  // The sheet is drawn once the pledge has come: measure it then.
  const hasSheet = Boolean(pledge.data);
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

  return (
    <div className="space-y-4 print:space-y-0">
      <style>{pageRule}</style>
      <PrintToolbar
        back={{ to: pledgeId ? `/pledges?view=${pledgeId}` : '/pledges', label: t('backToPledges') }}
        kindLabel={t('ticketKind')}
        kind={kind}
        paper={paper}
        onPaper={choosePaper}
        onPrint={() => void print()}
        printDisabled={!isReady || isPrinting}
        printing={isPrinting}
      />

      {pledgeId === null ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 print:hidden">
          {t('noPledgeId')}
        </p>
      ) : pledge.isPending ? (
        <Spinner label={t('loadingPledge')} className="py-16" />
      ) : pledge.isError ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 print:hidden dark:bg-red-950/50 dark:text-red-300"
        >
          {t('fetchFailed')}
        </p>
      ) : (
        // The sheet scrolls sideways on a narrow screen instead of shrinking below its paper size.
        <section
          aria-label={t('preview')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="overflow-x-auto pb-4 print:overflow-visible print:p-0"
        >
          {photoState === 'loading' || photoState === 'failed' ? (
            <p
              role="status"
              data-testid="photo-state"
              className="mb-3 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-800 print:hidden"
            >
              {photoState === 'loading' ? t('loadingPhoto') : t('photoFailed')}
            </p>
          ) : null}
          {isOverflowing ? (
            <p
              role="status"
              className="mb-3 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-800 print:hidden"
            >
              {paper === 'A5' ? t('overflowA5') : t('overflow', { paper })}
            </p>
          ) : null}
          <div ref={sheet} style={{ minWidth: `${size.width}mm` }}>
            <PawnTicket
              pledge={pledge.data}
              customer={customer.data}
              company={companyDetails.data ?? company ?? undefined}
              kind={kind}
              paper={paper}
              isDuplicate={isDuplicate}
              onPhotoSettled={photoSettled}
            />
          </div>
        </section>
      )}
    </div>
  );
}

export default PawnTicketPage;
