import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export const inputClass = (error: string | undefined, align: 'left' | 'right' = 'left') =>
  `block w-full rounded-xl border bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:bg-navy-900 dark:text-white dark:placeholder:text-slate-400 ${
    align === 'right' ? 'text-right tabular-nums' : ''
  } ${error ? 'border-red-500' : 'border-slate-300 dark:border-navy-600'}`;

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}

/**
 * A labelled text box with its help under it and its message under that, both read with the box.
 * Numbers are typed as text (`inputMode`) and read when saving, so a wrong one is named, never dropped.
 */
export function TextBox({
  label,
  help,
  error,
  align = 'left',
  className = '',
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: string;
  help?: ReactNode;
  error?: string | undefined;
  align?: 'left' | 'right';
  className?: string;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white">
        {label}
      </label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass(error, align)}
        {...rest}
      />
      {help ? (
        <p id={helpId} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {help}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
