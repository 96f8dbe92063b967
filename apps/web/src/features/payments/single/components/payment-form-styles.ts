export const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';
export const labelClass = 'mb-1.5 block text-sm font-medium text-navy-700 dark:text-white';
export const moneyInputClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 read-only:bg-slate-50 dark:border-navy-600 dark:bg-navy-900 dark:text-white dark:read-only:bg-navy-900/60';
export const readOnlyClass =
  'block w-full rounded-xl border border-slate-200 bg-slate-50 px-3.5 py-2.5 text-right text-sm font-semibold text-navy-700 tabular-nums dark:border-navy-600 dark:bg-navy-900/60 dark:text-white';
