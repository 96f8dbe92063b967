import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { registerFrameText } from './i18n';

// The frame of every register screen (the pledge book and vault, the overdue list, the daily
// collection, the loans paid out): parameters with Print and Download CSV, then the register's card
// under the company's name and the register's title in English and Tamil.

/** The company's name and address, the register's title in both languages and its parameters. */
export function RegisterHeading({
  title,
  tamil,
  parameters,
}: {
  title: string;
  tamil: string;
  parameters: string;
}) {
  const { company } = useSession();
  return (
    <header className="border-b border-slate-200 px-5 py-4 text-center dark:border-navy-600">
      <p className="text-base font-bold text-navy-700 dark:text-white">{company?.company_name ?? ''}</p>
      {company?.address || company?.city ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {[company.address, company.city].filter(Boolean).join(', ')}
        </p>
      ) : null}
      <h2 id="register-title" className="mt-2 text-lg font-bold text-navy-700 dark:text-white">
        {title} <span lang="ta">/ {tamil}</span>
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{parameters}</p>
    </header>
  );
}

/**
 * The screen of a register: the parameter inputs with Print (opens the print view of the whole range)
 * and Download CSV, then the register card.
 */
export function RegisterFrame({
  title,
  tamil,
  parameters,
  controls,
  printTo,
  onDownload,
  canExport,
  children,
}: {
  title: string;
  tamil: string;
  parameters: string;
  controls: ReactNode;
  printTo: string;
  onDownload: () => Promise<void>;
  canExport: boolean;
  children: ReactNode;
}) {
  const t = useT(registerFrameText);
  const toasts = useCrudToasts();
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
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <form
        aria-label={t('parametersOf', { title: t.language === 'ta' ? tamil : title })}
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
              {t('print')}
            </Link>
          ) : (
            <Button variant="secondary" disabled>
              {t('print')}
            </Button>
          )}
          <Button variant="secondary" disabled={!canExport || isDownloading} onClick={() => void download()}>
            {isDownloading ? t('downloading') : t('downloadCsv')}
          </Button>
        </div>
      </form>
      <section aria-labelledby="register-title" className="rounded-2xl bg-white shadow-sm dark:bg-navy-800">
        <RegisterHeading title={title} tamil={tamil} parameters={parameters} />
        {children}
      </section>
    </div>
  );
}
