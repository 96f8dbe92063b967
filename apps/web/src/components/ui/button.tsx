import type { ButtonHTMLAttributes } from 'react';

/** The focus ring of everything pressable: a brand outline, drawn for the keyboard only. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

const variants = {
  primary:
    'bg-brand-500 text-white hover:bg-brand-600 disabled:bg-slate-300 disabled:text-slate-500 dark:disabled:bg-navy-600 dark:disabled:text-slate-400',
  secondary:
    'border border-slate-300 bg-white text-navy-700 hover:bg-slate-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700 disabled:opacity-50 disabled:hover:bg-white dark:disabled:hover:bg-navy-800',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
  ghost: 'text-slate-600 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-navy-700',
} as const;

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants }) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold transition ${focusRing} disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...rest}
    />
  );
}
