import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/language';
import type { RegisterKind } from '../api/get-operations-reports';
import { KIND_TEXT, operationsReportsText } from '../i18n';
import './register-print.css';

/** A column of a register: an English heading with its Tamil under it, and how a row fills it. */
export interface Column<T> {
  id: string;
  en: string;
  ta: string;
  numeric?: boolean;
  cell: (row: T) => ReactNode;
}

export const th = 'px-3 py-2 align-bottom text-xs font-semibold text-slate-600 dark:text-slate-300';
export const td = 'px-3 py-1.5 text-navy-700 dark:text-slate-100';
export const num = 'text-right tabular-nums whitespace-nowrap';

/** "Pledge No." over "அடகு எண்" (Noto Sans Tamil is the app's font). */
export function BilingualHeading({ en, ta }: { en: string; ta: string }) {
  return (
    <>
      <span className="block">{en}</span>
      <span lang="ta" className="block font-normal text-slate-500 dark:text-slate-400">
        {ta}
      </span>
    </>
  );
}

export function RegisterTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowClassName,
  footer,
  dense = false,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string;
  footer?: ReactNode;
  /** Narrower cells and type, for a register of many amounts that must fit 1280 px unscrolled. */
  dense?: boolean;
}) {
  const t = useT(operationsReportsText);
  const thClass = dense ? th.replace('px-3', 'px-2') : th;
  const tdClass = dense ? td.replace('px-3', 'px-2') : td;
  // A wide register scrolls sideways on a narrow screen; the keyboard scrolls it once focused.
  return (
    <section
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled from the keyboard.
      tabIndex={0}
      aria-label={t('scrollsSideways', { label })}
    >
      <table
        className={`w-full ${dense ? 'min-w-[56rem] text-[0.8125rem]' : 'min-w-[60rem] text-sm'}`}
        aria-label={label}
      >
        <thead>
          <tr className="border-b border-slate-200 dark:border-navy-600">
            {columns.map((c) => (
              <th key={c.id} scope="col" className={`${thClass} ${c.numeric ? 'text-right' : 'text-left'}`}>
                <BilingualHeading en={c.en} ta={c.ta} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={rowKey(r)}
              className={`border-b border-slate-100 last:border-0 dark:border-navy-700 ${rowClassName?.(r) ?? ''}`}
            >
              {columns.map((c) => (
                <td key={c.id} className={`${tdClass} ${c.numeric ? num : ''}`}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </section>
  );
}

/** Server paging: page N of M with Previous and Next, and the row count of the whole range. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  kind,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Which register: names what the rows are. */
  kind: RegisterKind;
}) {
  const t = useT(operationsReportsText);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t(KIND_TEXT[kind].pages)}
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600 print:hidden dark:text-slate-300"
    >
      <p>
        {t(KIND_TEXT[kind].count, {
          first: first.toLocaleString('en-IN'),
          last: last.toLocaleString('en-IN'),
          total: total.toLocaleString('en-IN'),
        })}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('previous')}
        </Button>
        <span aria-current="page">{t('pageOf', { page, pages })}</span>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('next')}
        </Button>
      </div>
    </nav>
  );
}

/** A small table of sums (by type, by method, by user, by day). */
export function SummaryTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
}) {
  const t = useT(operationsReportsText);
  if (rows.length === 0) return null;
  return (
    <section
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled from the keyboard.
      tabIndex={0}
      aria-label={t('scrollsSideways', { label: caption })}
    >
      <table className="w-full max-w-5xl text-sm" aria-label={caption}>
        <caption className="mb-2 text-left text-sm font-bold text-navy-700 dark:text-white">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-navy-600">
            {columns.map((c) => (
              <th key={c.id} scope="col" className={`${th} ${c.numeric ? 'text-right' : 'text-left'}`}>
                <BilingualHeading en={c.en} ta={c.ta} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} className="border-b border-slate-100 last:border-0 dark:border-navy-700">
              {columns.map((c) => (
                <td key={c.id} className={`${td} ${c.numeric ? num : ''}`}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
