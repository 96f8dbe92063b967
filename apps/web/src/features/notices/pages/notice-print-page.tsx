import { formatIndianDate } from '@pledge-desk/domain';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { idFrom } from '@/lib/ids';
import { useSession } from '@/lib/session';
import { PrintToolbar } from '@/shared/print/print-toolbar';
import { useCountedPrint } from '@/shared/print/use-counted-print';
import { recordBatchPrint, useLetterCompany, useNotices } from '../api/notices-api';
import { NoticeLetter } from '../components/notice-letter';
import { noticePrintText } from '../i18n';

/**
 * The batch print (/pledge/notices/print/{batchId}): one letter per A4 page. Print first counts a copy
 * of every letter on the server (a letter printed before says DUPLICATE), then opens the print dialog.
 */
export function NoticePrintPage() {
  const t = useT(noticePrintText);
  const messageText = useMessageText();
  const params = useParams();
  const batchId = idFrom(params.batchId);
  const { company } = useSession();
  const notices = useNotices({ batchId: batchId ?? 0 }, batchId !== null);
  const companyDetails = useLetterCompany(company?.id ?? null);
  const rows = notices.data?.rows ?? [];
  const isReady = rows.length > 0 && !companyDetails.isPending;

  // Ctrl+P is left to the browser here: it prints the letters without counting a copy.
  const { print, answer, isPrinting } = useCountedPrint({
    record: () => recordBatchPrint(batchId ?? 0),
    isReady: isReady && batchId !== null,
    failure: { title: t('printError'), message: t('printFailed') },
    shortcut: false,
  });
  const duplicates = answer ? new Map(answer.notices.map((n) => [n.notice_id, n.duplicate])) : null;

  return (
    <div className="space-y-4 print:space-y-0">
      <style>{'@page { size: A4 portrait; margin: 0; } .notice-letter { break-after: page; }'}</style>
      <PrintToolbar
        back={{ to: '/pledge/notices', label: t('back') }}
        kindLabel={t('noticeKind')}
        kind="full"
        kinds={['full']}
        paper="A4"
        papers={['A4']}
        onPaper={() => {}}
        onPrint={() => void print()}
        printDisabled={!isReady || isPrinting}
        printing={isPrinting}
      />
      {batchId === null ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 print:hidden">
          {t('noBatch')}
        </p>
      ) : notices.isPending ? (
        <Spinner label={t('loading')} className="py-16" />
      ) : notices.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 print:hidden">
          {messageText(errorMessage(notices.error, t('fetchFailed')))}
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-xl bg-white px-4 py-6 text-center text-sm text-slate-600 print:hidden">
          {t('emptyBatch')}
        </p>
      ) : (
        <section
          aria-label={t('preview')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="space-y-6 overflow-x-auto pb-4 print:space-y-0 print:overflow-visible print:p-0"
        >
          <p className="text-sm text-slate-600 print:hidden dark:text-slate-300">
            {t('batchSummary', {
              count: rows.length,
              date: rows[0] ? formatIndianDate(rows[0].notice_date) : '',
            })}
          </p>
          {rows.map((n) => (
            <NoticeLetter
              key={n.id}
              notice={n}
              company={companyDetails.data ?? company ?? undefined}
              isDuplicate={duplicates?.get(n.id) ?? n.prints > 0}
            />
          ))}
        </section>
      )}
    </div>
  );
}

export default NoticePrintPage;
