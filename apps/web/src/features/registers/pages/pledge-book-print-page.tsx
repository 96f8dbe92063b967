import {
  businessToday,
  isPlainDate,
  PLEDGE_BOOK_ENTRIES_PER_PAGE,
  type PledgeBookRow,
  registerRangeProblem,
} from '@pledge-desk/domain';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useLoadAll } from '@/shared/print/load-all';
import { PrintToolbar } from '@/shared/print/print-toolbar';
import { usePrintPaper } from '@/shared/print/use-print-paper';
import { RegisterState } from '@/shared/register/register-state';
import { getPledgeBook } from '../api/get-pledge-book';
import { byPrintedPage, PledgeBookTable } from '../components/pledge-book-table';
import { LoadAllProgress, PrintHeading } from '../components/print-sheet';
import '../components/register-print.css';
import { registerBoth, registersText } from '../i18n';
import { rangeText } from './pledge-book-page';

/**
 * The pledge book's print view (/registers/pledge-book/print?from&to&kind): the whole range, loaded
 * page by page, each printed page of the register on its own sheet under "Page N" — the page fixed by
 * the entries' register serials, so any range prints the same page numbers as the whole book.
 */
export function PledgeBookPrintPage() {
  const t = useT(registersText);
  const messageText = useMessageText();
  const [search] = useSearchParams();
  const today = businessToday();
  const to = isPlainDate(search.get('to')) ? String(search.get('to')) : today;
  const from = isPlainDate(search.get('from')) ? String(search.get('from')) : `${to.slice(0, 7)}-01`;
  const kind = search.get('kind') === 'content' ? 'content' : 'full';
  const problem = registerRangeProblem(from, to);
  const [paper, setPaper] = usePrintPaper();
  const state = useLoadAll<PledgeBookRow>(`${from}/${to}`, async (page, pageSize, signal) => {
    if (problem) throw new Error(problem);
    const { book, total } = await getPledgeBook({ from, to, page, pageSize }, signal);
    return { rows: book.rows, total };
  });
  const ready = state.status === 'done' && state.rows.length > 0;

  return (
    <div className="space-y-4 print:space-y-0" data-register-print>
      <style>{`@page { size: ${paper} landscape; margin: 8mm; }`}</style>
      <PrintToolbar
        back={{ to: `/registers/pledge-book?from=${from}&to=${to}`, label: t('backToPledgeBook') }}
        kindLabel={t('printKind')}
        kind={kind}
        paper={paper}
        onPaper={setPaper}
        onPrint={() => window.print()}
        printDisabled={!ready}
        printing={false}
        keepQuery={`&from=${from}&to=${to}`}
      />
      <div className="rounded-2xl bg-white shadow-sm print:rounded-none print:shadow-none dark:bg-navy-800">
        {kind === 'full' ? (
          <PrintHeading
            title={registerBoth.en('pledgeBookTitle')}
            titleTa={registerBoth.ta('pledgeBookTitle')}
            parameters={rangeText(t, from, to)}
          />
        ) : null}
        <LoadAllProgress
          state={state}
          unit={t('unitPledges')}
          errorText={(error) => messageText(errorMessage(error, t('pledgeBookFailed')))}
        >
          {(rows) =>
            rows.length === 0 ? (
              <RegisterState kind="empty" message={t('noPledges')} />
            ) : (
              byPrintedPage(rows).map(([page, entries]) => (
                <section key={page} className="register-sheet" aria-label={t('page', { page })}>
                  <h3 className="flex justify-between px-3 pt-3 text-sm font-bold text-navy-700 dark:text-white">
                    <span>
                      {registerBoth.en('page', { page })}{' '}
                      <span lang="ta">/ {registerBoth.ta('page', { page })}</span>
                    </span>
                    <span className="font-normal text-slate-600 dark:text-slate-300">
                      {t('entries', {
                        first: (page - 1) * PLEDGE_BOOK_ENTRIES_PER_PAGE + 1,
                        last: page * PLEDGE_BOOK_ENTRIES_PER_PAGE,
                      })}
                    </span>
                  </h3>
                  <PledgeBookTable rows={entries} label={t('pledgeBookPage', { page })} />
                </section>
              ))
            )
          }
        </LoadAllProgress>
      </div>
    </div>
  );
}

export default PledgeBookPrintPage;
