import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/language';
import { printToolbarText } from './i18n';

export type PrintKind = 'full' | 'content';
export type PrintPaper = 'A5' | 'A4';

/**
 * The toolbar above a printable sheet (the pawn ticket, the payment receipt): a way back, Full Print or
 * Content Only (`?kind=`), the paper size, and Print. Hidden on paper.
 */
export function PrintToolbar(props: {
  back: { to: string; label: string };
  /** The name of the kind switch for screen readers, e.g. 'Ticket kind'. */
  kindLabel: string;
  kind: PrintKind;
  paper: PrintPaper;
  onPaper: (paper: PrintPaper) => void;
  onPrint: () => void;
  printDisabled: boolean;
  printing: boolean;
  /** The kinds offered (default both); one alone hides the switch (the day-end sheet is Full Print only). */
  kinds?: readonly PrintKind[];
  /** The paper sizes offered (default A5 and A4); one alone hides the choice. */
  papers?: readonly PrintPaper[];
  /** More of the query string kept when switching the kind (`&from=…&to=…` of a register's range). */
  keepQuery?: string;
}) {
  const t = useT(printToolbarText);
  const kinds = props.kinds ?? (['full', 'content'] as const);
  const papers = props.papers ?? (['A5', 'A4'] as const);
  const paperGroup = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 shadow-sm print:hidden dark:bg-navy-800">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={props.back.to}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300 dark:hover:bg-navy-700"
        >
          {props.back.label}
        </Link>
        {kinds.length > 1 ? (
          <nav aria-label={props.kindLabel} className="flex gap-1">
            {kinds.map((k) => (
              <Link
                key={k}
                to={`?kind=${k}${props.keepQuery ?? ''}`}
                replace
                aria-current={k === props.kind ? 'page' : undefined}
                className={`rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 ${
                  k === props.kind
                    ? 'bg-brand-500 text-white'
                    : 'text-navy-700 hover:bg-slate-100 dark:text-white dark:hover:bg-navy-700'
                }`}
              >
                {k === 'full' ? t('fullPrint') : t('contentOnly')}
              </Link>
            ))}
          </nav>
        ) : null}
        {papers.length > 1 ? (
          <fieldset className="flex items-center gap-3 text-sm text-navy-700 dark:text-white">
            <legend className="sr-only">{t('paperSize')}</legend>
            <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
              {t('paper')}
            </span>
            {papers.map((p) => (
              <label key={p} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name={paperGroup}
                  value={p}
                  checked={props.paper === p}
                  onChange={() => props.onPaper(p)}
                  className="size-4 accent-brand-500"
                />
                {p}
              </label>
            ))}
          </fieldset>
        ) : null}
      </div>
      <Button onClick={props.onPrint} disabled={props.printDisabled}>
        <Icon name="book" className="size-4" />
        {props.printing ? t('printing') : t('print')}
      </Button>
    </div>
  );
}
