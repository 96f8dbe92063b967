import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { reportsText } from '../i18n';
import './report-print.css';
import { usePrintAll } from './report-pages';

/**
 * The frame of a printable report: the parameters form with Print and Download CSV (hidden in print),
 * then the company name, the report's title and parameters, and the report itself. The sidebar and
 * header are hidden in print by report-print.css.
 */
export function ReportFrame({
  title,
  parameters,
  controls,
  onDownload,
  canExport,
  children,
}: {
  title: string;
  /** What the report is of, printed under the title: "As of 22/11/2026". */
  parameters: string;
  /** The parameter inputs. */
  controls: ReactNode;
  /** Fetches and saves the CSV; rejects with the server's error. */
  onDownload: () => Promise<void>;
  /** Print and CSV need a loaded report. */
  canExport: boolean;
  children: ReactNode;
}) {
  const t = useT(reportsText);
  const { company } = useSession();
  const toasts = useCrudToasts();
  const printAll = usePrintAll();
  const [isDownloading, setIsDownloading] = useState(false);

  const download = async () => {
    setIsDownloading(true);
    try {
      await onDownload();
    } catch (error) {
      toasts.failure(error, t('downloadFailed'), t('downloadFailedTitle'));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" data-print-report>
      <form
        aria-label={t('parametersOf', { title })}
        onSubmit={(e) => e.preventDefault()}
        className="flex flex-wrap items-end justify-between gap-3 rounded-2xl bg-white px-5 py-4 shadow-sm print:hidden dark:bg-navy-800"
      >
        <div className="flex flex-wrap items-end gap-3">{controls}</div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={!canExport} onClick={printAll.print}>
            {t('print')}
          </Button>
          <Button variant="secondary" disabled={!canExport || isDownloading} onClick={() => void download()}>
            {isDownloading ? t('downloading') : t('downloadCsv')}
          </Button>
        </div>
      </form>
      <section
        aria-labelledby="report-title"
        className="rounded-2xl bg-white shadow-sm print:rounded-none print:shadow-none dark:bg-navy-800"
      >
        <header className="border-b border-slate-200 px-5 py-4 text-center dark:border-navy-600">
          <p className="text-base font-bold text-navy-700 dark:text-white">{company?.company_name ?? ''}</p>
          {company?.address || company?.city ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {[company.address, company.city].filter(Boolean).join(', ')}
            </p>
          ) : null}
          <h2 id="report-title" className="mt-2 text-lg font-bold text-navy-700 dark:text-white">
            {title}
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">{parameters}</p>
        </header>
        <printAll.Provider value={printAll.printing}>{children}</printAll.Provider>
      </section>
    </div>
  );
}

/** Loading, error and empty states inside a report card. */
export function ReportState({ kind, message }: { kind: 'loading' | 'error' | 'empty'; message: string }) {
  if (kind === 'loading') {
    return (
      <p role="status" className="px-5 py-10 text-center text-sm text-slate-500 dark:text-slate-400">
        {message}
      </p>
    );
  }
  if (kind === 'error') {
    return (
      <p
        role="alert"
        className="m-5 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        {message}
      </p>
    );
  }
  return <p className="px-5 py-10 text-center text-sm text-slate-500 dark:text-slate-400">{message}</p>;
}

export const th =
  'px-4 py-2.5 font-semibold text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400';
export const td = 'px-4 py-2 text-navy-700 dark:text-slate-100';
export const num = 'text-right tabular-nums whitespace-nowrap';
