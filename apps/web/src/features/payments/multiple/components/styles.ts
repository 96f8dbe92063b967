import { formatRupees, rupeesToPaise } from '@pledge-desk/domain';

export const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';
export const cell = 'px-2 py-2 align-top';
export const smallInput =
  'block w-24 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-100 disabled:text-slate-400 dark:border-navy-600 dark:bg-navy-900 dark:text-white dark:disabled:bg-navy-800';
/** The server's balances are rupees; shown as the domain formats paise. */
export const rupees = (r: number) => formatRupees(rupeesToPaise(r));
export const inputClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white';
