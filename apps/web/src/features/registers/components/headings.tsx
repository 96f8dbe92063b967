import { type RegisterHeadingKey, registerHeadings } from '@pledge-desk/domain';
import { formatGramsFigure } from '@/lib/format';

/**
 * The registers' column headings in English with the Tamil under it (Rule 10 of the Tamil Nadu
 * Pawnbrokers Rules: records kept in Tamil). The Tamil is marked `lang="ta"` so a screen reader
 * reads it in Tamil, and Noto Sans Tamil (the app's font) draws it. The words live in the domain
 * package, which the server's CSV files read too.
 */
export const headings = registerHeadings;

export type HeadingKey = RegisterHeadingKey;

export function Bilingual({ name }: { name: HeadingKey }) {
  const h = headings[name];
  return (
    <>
      <span className="block">{h.en}</span>{' '}
      <span lang="ta" className="block text-[0.7rem] font-medium normal-case tracking-normal">
        {h.ta}
      </span>
    </>
  );
}

export const th =
  'px-3 py-2 align-bottom text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300';
export const td = 'px-3 py-2 align-top text-navy-700 dark:text-slate-100';
export const num = 'text-right tabular-nums whitespace-nowrap';
export const muted = 'text-xs text-slate-600 dark:text-slate-300';

/** Grams with their three decimals, grouped the Indian way: 4914.551 → "4,914.551". */
export const grams = formatGramsFigure;
