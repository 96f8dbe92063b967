import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/language';
import { registersText } from '../i18n';

/** The numbered pages to offer: at most five, the current one centred where it can be. */
export function pageWindow(current: number, pageCount: number, size = 5): number[] {
  if (pageCount <= 0) return [];
  const count = Math.min(size, pageCount);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

const SHOWING = {
  pledges: 'showingPledges',
  articles: 'showingArticles',
  customers: 'showingCustomers',
} as const;

/** The server pager under a register: where the page is in the range, and the page buttons. */
export function RegisterPager({
  label,
  page,
  pageSize,
  total,
  unit,
  isFetching,
  onPage,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** What the register counts: its pledges, its articles or its customers. */
  unit: 'pledges' | 'articles' | 'customers';
  isFetching: boolean;
  onPage: (page: number) => void;
}) {
  const t = useT(registersText);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t('pagesOf', { label })}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm print:hidden dark:border-navy-600"
    >
      <p aria-live="polite" className="text-slate-600 dark:text-slate-300">
        {t(SHOWING[unit], {
          first: first.toLocaleString('en-IN'),
          last: last.toLocaleString('en-IN'),
          total: total.toLocaleString('en-IN'),
        })}
        {isFetching ? <span className="ml-2">{t('updating')}</span> : null}
      </p>
      <div className="flex flex-wrap items-center gap-1.5">
        <Button variant="secondary" className="py-1.5" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('previous')}
        </Button>
        {pageWindow(page, pageCount).map((n) => (
          <button
            key={n}
            type="button"
            aria-label={t('pageOf', { label, page: n })}
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
    </nav>
  );
}
