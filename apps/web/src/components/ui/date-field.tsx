import { formatIndianDate, isPlainDate } from '@pledge-desk/domain';
import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { useMessageText } from '@/lib/i18n/messages';

/**
 * The one date control of the app: a date input (calendar and keyboard entry) whose chosen day is also
 * written out as DD/MM/YYYY beside its label. The input itself draws the browser locale's order
 * (11/22/2026 on an en-US browser) and no page can change that, so the readout is what the clerk reads;
 * it is the input's description too, so a screen reader says it. It sits on the label's line, so a row
 * of filters keeps its inputs aligned whether a day is chosen or not.
 *
 * `current` is the field's current `YYYY-MM-DD` (react-hook-form's `watch`); a controlled field passes
 * `value` instead. The value stays `YYYY-MM-DD`, as the API takes it.
 */
export const DateField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & {
    label: string;
    error?: string | undefined;
  } & ({ value?: never; current: unknown } | { value: string; current?: never })
>(function DateField({ current, label, error, id, className = '', ...rest }, ref) {
  const generated = useId();
  const messageText = useMessageText();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const readoutId = `${inputId}-readout`;
  const day = current ?? rest.value;
  const shown = isPlainDate(day) ? formatIndianDate(day) : null;
  const describedBy = [shown ? readoutId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="block text-sm font-medium text-navy-700 dark:text-white">
          {label}
        </label>
        {shown ? (
          <span
            id={readoutId}
            className="text-xs font-medium text-slate-500 tabular-nums dark:text-slate-400"
            data-testid="date-readout"
          >
            {shown}
          </span>
        ) : null}
      </div>
      <input
        ref={ref}
        id={inputId}
        type="date"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`block w-full rounded-xl border bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:bg-navy-900 dark:text-white ${
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
