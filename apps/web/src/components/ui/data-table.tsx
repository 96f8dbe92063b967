import { type ReactNode, useId } from 'react';
import { useT } from '@/lib/i18n/language';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { uiText } from './i18n';
import { Icon } from './icons';

export interface DataTableColumn<T> {
  /** Stable key of the column (also used as the React key). */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Extra classes for the header and the cells (widths, `whitespace-nowrap`…). */
  className?: string;
}

/** Keys for placeholder rows and cells, which have no identity of their own. */
const skeletonKeys = (n: number) => Array.from({ length: n }, (_, i) => `skeleton-${i}`);

const alignClass = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

/**
 * A master list: a card with a title and toolbar, the table in a horizontally scrolling region that a
 * keyboard can reach (tab to it, then arrow keys scroll it), a skeleton while loading, the fetch error
 * as an inline banner (shell-and-masters §8) and an empty state.
 */
export function DataTable<T>({
  title,
  description,
  toolbar,
  columns,
  rows,
  getRowKey,
  isLoading = false,
  error,
  onRetry,
  emptyText,
  emptyDescription,
  emptyAction,
  actions,
  actionsHeader,
  skeletonRows = 5,
  minWidth = '48rem',
}: {
  /** The card's heading; also names the table for screen readers. */
  title: string;
  description?: ReactNode;
  /** Buttons next to the title (Add …). */
  toolbar?: ReactNode;
  columns: DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  getRowKey: (row: T) => string | number;
  isLoading?: boolean;
  /** The screen's fetch failure text ('Failed to fetch users.'); shown instead of the rows. */
  error?: string | null;
  onRetry?: () => void;
  emptyText: string;
  emptyDescription?: string;
  emptyAction?: ReactNode;
  /** Row buttons (Edit, Delete), rendered in a last column. */
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  skeletonRows?: number;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: string;
}) {
  const headingId = useId();
  const t = useT(uiText);
  const allColumns = actions ? columns.length + 1 : columns.length;
  const hasRows = !isLoading && !error && rows !== undefined && rows.length > 0;

  return (
    <section className="rounded-2xl bg-white shadow-sm dark:bg-navy-800">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-navy-600">
        <div>
          <h2 id={headingId} className="text-lg font-bold text-navy-700 dark:text-white">
            {title}
          </h2>
          {description ? <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p> : null}
        </div>
        {toolbar ? <div className="flex flex-wrap items-center gap-2">{toolbar}</div> : null}
      </header>

      {error ? (
        <div
          role="alert"
          className="m-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          <span className="flex items-center gap-2">
            <Icon name="alert" className="size-4 shrink-0" />
            {error}
          </span>
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry} className="py-1.5">
              {t('tryAgain')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {!error && !isLoading && rows !== undefined && rows.length === 0 ? (
        <EmptyState title={emptyText} {...(emptyDescription ? { description: emptyDescription } : {})}>
          {emptyAction}
        </EmptyState>
      ) : null}

      {isLoading || hasRows ? (
        <section
          aria-labelledby={headingId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <table
            className="w-full text-sm"
            style={{ minWidth }}
            aria-labelledby={headingId}
            aria-busy={isLoading || undefined}
          >
            <thead>
              <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase dark:border-navy-600 dark:text-slate-400">
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={`px-4 py-3 font-semibold ${alignClass[column.align ?? 'left']} ${column.className ?? ''}`}
                  >
                    {/* A long header (Tamil) wraps rather than widen its column, even in a nowrap column. */}
                    <span className="whitespace-normal">{column.header}</span>
                  </th>
                ))}
                {actions ? (
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    {actionsHeader ?? t('actions')}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {isLoading
                ? skeletonKeys(skeletonRows).map((rowKey) => (
                    <tr
                      key={rowKey}
                      data-testid="skeleton-row"
                      className="border-b border-slate-100 last:border-0 dark:border-navy-700"
                    >
                      {skeletonKeys(allColumns).map((cellKey) => (
                        <td key={cellKey} className="px-4 py-3.5">
                          <span className="block h-4 w-full max-w-32 animate-pulse rounded bg-slate-200 dark:bg-navy-600" />
                        </td>
                      ))}
                    </tr>
                  ))
                : rows?.map((row) => (
                    <tr
                      key={getRowKey(row)}
                      className="border-b border-slate-100 last:border-0 hover:bg-slate-50 dark:border-navy-700 dark:hover:bg-navy-700/50"
                    >
                      {columns.map((column) => (
                        <td
                          key={column.key}
                          className={`px-4 py-3 text-navy-700 dark:text-slate-100 ${alignClass[column.align ?? 'left']} ${column.className ?? ''}`}
                        >
                          {column.cell(row)}
                        </td>
                      ))}
                      {actions ? (
                        <td className="px-4 py-2 text-right whitespace-nowrap">
                          {/* One line where there is room; stacked when the table is tight (long Tamil words),
                              so the row's buttons never push the table into a sideways scroll. */}
                          <div className="flex flex-wrap justify-end gap-x-2 gap-y-1">{actions(row)}</div>
                        </td>
                      ) : null}
                    </tr>
                  ))}
            </tbody>
          </table>
          {isLoading ? (
            <span className="sr-only" role="status">
              {t('loading')}
            </span>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}

/**
 * A small row button (Edit, Delete). `label` names the record for screen readers ("Edit Ravi");
 * a disabled button keeps its tooltip (`disabledReason`), which the row wraps so it still shows on hover.
 */
export function RowActionButton({
  children,
  label,
  onClick,
  tone = 'neutral',
  disabled = false,
  disabledReason,
}: {
  children: ReactNode;
  label: string;
  onClick: () => void;
  tone?: 'neutral' | 'danger';
  disabled?: boolean;
  disabledReason?: string;
}) {
  const look =
    tone === 'danger'
      ? 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50'
      : 'text-brand-600 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-navy-700';
  const button = (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      title={disabled ? disabledReason : undefined}
      className={`rounded-lg px-2.5 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent dark:disabled:text-slate-500 ${look}`}
    >
      {children}
    </button>
  );
  // A disabled button gets no pointer events in some browsers; the wrapper carries the tooltip.
  return disabled && disabledReason ? <span title={disabledReason}>{button}</span> : button;
}
