import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/language';
import { reportsText } from '../i18n';

/**
 * Long reports on screen, whole on paper. A busy counter's cash ledger for a year runs to tens of
 * thousands of lines, which the browser takes many seconds to draw at once; so the screen shows them
 * a page at a time, and printing (the Print button or Ctrl+P) draws every line first.
 */
export const REPORT_PAGE_LINES = 500;

const PrintingContext = createContext(false);

/** True while the report is being printed: every line is drawn. */
export function usePrintingAll(): boolean {
  return useContext(PrintingContext);
}

/**
 * Holds the printing state for a report: `print()` draws every line and then opens the print dialog;
 * Ctrl+P does the same through `beforeprint`, drawing synchronously before the browser lays the page out.
 */
export function usePrintAll(): {
  printing: boolean;
  print: () => void;
  Provider: typeof PrintingContext.Provider;
} {
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  return {
    printing,
    print: () => {
      flushSync(() => setPrinting(true));
      window.print();
      // The dialog has closed; browsers that print without firing afterprint get the pages back too.
      setPrinting(false);
    },
    Provider: PrintingContext.Provider,
  };
}

/**
 * One page of `items` for the screen (all of them while printing), where the page starts, and the
 * pager to show above and below the report (null when everything fits on one page).
 */
export function useReportPage<T>(
  items: readonly T[],
  label: string,
  size = REPORT_PAGE_LINES,
): { shown: readonly T[]; offset: number; pager: ReactNode } {
  const t = useT(reportsText);
  const printing = usePrintingAll();
  const [page, setPage] = useState(0);
  const [seen, setSeen] = useState(items);
  // A new report (other dates, another account) starts at its first page.
  if (seen !== items) {
    setSeen(items);
    setPage(0);
  }
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages - 1);
  if (printing || pages === 1) return { shown: items, offset: 0, pager: null };
  // From the pager under the report, the next page is read from its top.
  const go = (next: number) => {
    setPage(next);
    document.getElementById('report-title')?.scrollIntoView?.({ block: 'start' });
  };
  const offset = current * size;
  const pager = (
    <nav
      aria-label={t('pagesOf', { label })}
      className="flex flex-wrap items-center justify-end gap-3 px-4 py-3 text-sm print:hidden"
    >
      <span className="text-slate-500 dark:text-slate-400">
        {t('pageRange', {
          label,
          first: (offset + 1).toLocaleString('en-IN'),
          last: Math.min(offset + size, items.length).toLocaleString('en-IN'),
          total: items.length.toLocaleString('en-IN'),
        })}
      </span>
      {(
        [
          ['first', 0],
          ['previous', current - 1],
          ['next', current + 1],
          ['last', pages - 1],
        ] as const
      ).map(([name, target]) => (
        <Button
          key={name}
          variant="secondary"
          className="py-1.5"
          disabled={target < 0 || target > pages - 1 || target === current}
          onClick={() => go(target)}
        >
          {t(name)}
        </Button>
      ))}
    </nav>
  );
  return { shown: items.slice(offset, offset + size), offset, pager };
}
