import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useCrudToasts } from '../../../components/ui/use-crud-toasts';

/**
 * The screen of a register: the parameters (date range or day) with Print, which opens the print view
 * of the whole range, and Download CSV; then the register's card.
 */
export function RegisterFrame({
  title,
  titleTa,
  parameters,
  controls,
  printTo,
  onDownload,
  canExport,
  children,
}: {
  title: string;
  titleTa: string;
  /** What the register is of: "01/11/2026 to 23/11/2026". */
  parameters: string;
  controls: ReactNode;
  /** The print view's address for these parameters. */
  printTo: string;
  onDownload: () => Promise<void>;
  canExport: boolean;
  children: ReactNode;
}) {
  const toasts = useCrudToasts();
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    try {
      await onDownload();
    } catch (error) {
      toasts.failure(error, 'Failed to download the register.', 'Download Failed');
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <form
        aria-label={`${title} parameters`}
        onSubmit={(e) => e.preventDefault()}
        className="flex flex-wrap items-end justify-between gap-3 rounded-2xl bg-white px-5 py-4 shadow-sm dark:bg-navy-800"
      >
        <div className="flex flex-wrap items-end gap-3">{controls}</div>
        <div className="flex flex-wrap gap-2">
          {canExport ? (
            <Link
              to={printTo}
              className="inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-navy-700 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700"
            >
              Print
            </Link>
          ) : (
            <Button variant="secondary" disabled>
              Print
            </Button>
          )}
          <Button variant="secondary" disabled={!canExport || isDownloading} onClick={() => void download()}>
            {isDownloading ? 'Downloading...' : 'Download CSV'}
          </Button>
        </div>
      </form>
      <section aria-labelledby="register-title" className="rounded-2xl bg-white shadow-sm dark:bg-navy-800">
        <header className="border-b border-slate-200 px-5 py-4 dark:border-navy-600">
          <h2 id="register-title" className="text-lg font-bold text-navy-700 dark:text-white">
            {title} <span lang="ta">/ {titleTa}</span>
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{parameters}</p>
        </header>
        {children}
      </section>
    </div>
  );
}
