import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/language';
import { pageButtonsText } from '../i18n';

/** Up to this many numbered page buttons (spec §9). */
export const MAX_PAGE_BUTTONS = 5;

/**
 * The numbered pages to offer: at most five, the current one centred where it can be
 * (pages 1–5 on page 1, 4–8 on page 6, the last five at the end).
 */
export function pageWindow(current: number, pageCount: number, size = MAX_PAGE_BUTTONS): number[] {
  if (pageCount <= 0) return [];
  const count = Math.min(size, pageCount);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function PageButtons({
  page,
  pageCount,
  onPage,
  label,
}: {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const t = useT(pageButtonsText);
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Button variant="secondary" className="py-1.5" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      {pageWindow(page, pageCount).map((n) => (
        <button
          key={n}
          type="button"
          aria-label={t('page', { label, number: String(n) })}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
          className={`min-w-9 rounded-lg px-2.5 py-1.5 text-sm font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-brand-500 ${
            n === page
              ? 'bg-brand-500 text-white'
              : 'text-navy-700 hover:bg-slate-100 dark:text-white dark:hover:bg-navy-700'
          }`}
        >
          {n}
        </button>
      ))}
      <Button
        variant="secondary"
        className="py-1.5"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        {t('next')}
      </Button>
    </div>
  );
}
