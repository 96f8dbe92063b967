import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { useMessageText } from '@/lib/i18n/messages';

/** A labelled input with its error under it, wired for react-hook-form's `register`. */
export const TextField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }
>(function TextField({ label, error, id, className = '', ...rest }, ref) {
  const generated = useId();
  const messageText = useMessageText();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`block w-full rounded-xl border bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:bg-navy-900 dark:text-white ${
          error ? 'border-red-500' : 'border-slate-300 dark:border-navy-600'
        }`}
        {...rest}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {messageText(error)}
        </p>
      ) : null}
    </div>
  );
});
