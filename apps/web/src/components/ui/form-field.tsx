import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
} from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useMessageText } from '@/lib/i18n/messages';
import { TextField } from './text-field';
import { errorMessage } from './use-crud-toasts';

const controlClass = (error: string | undefined) =>
  `block w-full rounded-xl border bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:bg-navy-900 dark:text-white ${
    error ? 'border-red-500' : 'border-slate-300 dark:border-navy-600'
  }`;

/** A labelled select with its error under it, wired for react-hook-form's `register`. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined; children: ReactNode }
>(function SelectField({ label, error, id, className = '', children, ...rest }, ref) {
  const generated = useId();
  const messageText = useMessageText();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={controlClass(error)}
        {...rest}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {messageText(error)}
        </p>
      ) : null}
    </div>
  );
});

/**
 * A number input for money, rates and percentages: step 0.01 (shell-and-masters §9), a decimal keypad
 * on tablets. Register it with `{ valueAsNumber: true }` so an empty box reaches zod as NaN and gets the
 * schema's "is required" message.
 */
export const NumberField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }
>(function NumberField({ step = '0.01', min = '0', ...rest }, ref) {
  return <TextField ref={ref} type="number" inputMode="decimal" step={step} min={min} {...rest} />;
});

/**
 * A checkbox with its label beside it (status: Active); a `description` (what ticking it means) and a
 * server `error` go under it, both read out with the checkbox.
 */
export const CheckboxField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & {
    label: string;
    className?: string;
    description?: string;
    error?: string | undefined;
  }
>(function CheckboxField({ label, className = '', description, error, id, ...rest }, ref) {
  const generated = useId();
  const messageText = useMessageText();
  const inputId = id ?? generated;
  const labelClass = 'flex items-center gap-2 text-sm font-medium text-navy-700 dark:text-white';
  if (!description && !error) {
    return (
      <label className={`${labelClass} ${className}`}>
        <input ref={ref} id={inputId} type="checkbox" className="size-4 accent-brand-500" {...rest} />
        {label}
      </label>
    );
  }
  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;
  const describedBy = [description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label className={labelClass}>
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="size-4 accent-brand-500"
          {...rest}
        />
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className="mt-1 ml-6 text-xs text-slate-600 dark:text-slate-300">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 ml-6 text-sm text-red-600 dark:text-red-400">
          {messageText(error)}
        </p>
      ) : null}
    </div>
  );
});

/** A form-level error (not tied to one field) at the top of a form. */
export function FormError({
  message,
  className = '',
}: {
  message: string | null | undefined;
  className?: string;
}) {
  const messageText = useMessageText();
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300 ${className}`}
    >
      {messageText(message)}
    </p>
  );
}

/**
 * Puts the field errors of a server 422 (`loc` → `msg`) under the form's fields and returns true when
 * at least one landed; the caller shows anything else (409, 5xx, network) as a form error or toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  return applyServerErrors(error, setError, fields).placed;
}

/**
 * The sentence to show above a form after a failed save: nothing when the server's 422 messages went
 * under the form's fields, else the server's detail or the screen's fallback ('Failed to save user.').
 */
export function formErrorText(error: unknown, fallback: string, fields: readonly string[]): string | null {
  if (!error) return null;
  if (error instanceof ApiError && Object.keys(error.fieldMessages()).some((f) => fields.includes(f))) {
    return null;
  }
  return errorMessage(error, fallback);
}

/** The one date control (DD/MM/YYYY beside the label) lives in its own file; forms import it from here too. */
export { DateField } from './date-field';
