import { isPlainDate } from '@pledge-desk/domain';
import {
  type ChangeEvent,
  type FocusEvent,
  forwardRef,
  type InputHTMLAttributes,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { dateTextOf, maskDateText, readDateText } from '@/lib/date-text';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { focusRing } from './button';
import { uiText } from './i18n';
import { Icon } from './icons';

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

type DateFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'defaultValue'> & {
  label: string;
  error?: string | undefined;
  /** The label for screen readers only (a date in a table row). */
  hideLabel?: boolean;
} & ({ value?: never; current: unknown } | { value: string; current?: never });

/**
 * The one date control of the app: a text input that shows and takes DD/MM/YYYY whatever the
 * browser's language (the digits are masked into DD/MM/YYYY as they are typed; a pasted YYYY-MM-DD
 * is turned round), and a calendar button that opens the browser's picker. The picker is a native
 * date input hidden behind the button; it holds the field's value, `YYYY-MM-DD` as the forms and the
 * API take it, so `register()` (its ref, name, onChange, onBlur) and a controlled `value`/`onChange`
 * (`e.target.value`) work as they did with a plain date input.
 *
 * Half a date or an impossible one (31/02/2026) leaves the value empty and says so under the field.
 * `current` is the field's current `YYYY-MM-DD` (react-hook-form's `watch`); a controlled field
 * passes `value` instead.
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  {
    current,
    value,
    label,
    error,
    hideLabel = false,
    id,
    className = '',
    name,
    onChange,
    onBlur,
    min,
    max,
    disabled,
    readOnly,
    required,
    ...rest
  },
  ref,
) {
  const generated = useId();
  const ui = useT(uiText);
  const messageText = useMessageText();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const labelId = `${inputId}-label`;
  const textRef = useRef<HTMLInputElement | null>(null);
  const pickerRef = useRef<HTMLInputElement | null>(null);
  // A form that focuses its field (react-hook-form's ref, the first invalid field) reaches the text.
  useImperativeHandle(ref, () => pickerRef.current as HTMLInputElement, []);

  const day = current ?? value;
  const [text, setText] = useState(() => dateTextOf(day));
  const [problem, setProblem] = useState<'incomplete' | 'impossible' | null>(null);
  const emitting = useRef(false);

  // A day set from outside (a form reset, today after a save) replaces the text; an empty value
  // the text itself caused (half a date) keeps what the clerk typed.
  useEffect(() => {
    if (isPlainDate(day)) {
      setText((shown) => {
        const reading = readDateText(shown);
        return reading.kind === 'date' && reading.iso === day ? shown : dateTextOf(day);
      });
      setProblem(null);
    } else {
      setText((shown) => (readDateText(shown).kind === 'date' ? '' : shown));
    }
  }, [day]);

  /** Puts a `YYYY-MM-DD` (or '') into the hidden date input as its own change, for the form's onChange. */
  const emit = (iso: string) => {
    const picker = pickerRef.current;
    if (!picker || picker.value === iso) return;
    valueSetter?.call(picker, iso);
    emitting.current = true;
    picker.dispatchEvent(new Event('input', { bubbles: true }));
    emitting.current = false;
  };

  const onTextChange = (event: ChangeEvent<HTMLInputElement>) => {
    const masked = maskDateText(event.target.value);
    setText(masked);
    const reading = readDateText(masked);
    setProblem(reading.kind === 'impossible' ? 'impossible' : null);
    emit(reading.kind === 'date' ? reading.iso : '');
  };

  const onTextBlur = () => {
    if (readDateText(text).kind === 'incomplete') setProblem('incomplete');
    // The form's onBlur (react-hook-form's touched state) reads the hidden input, which has the name.
    pickerRef.current?.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  };

  const onPickerChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!emitting.current) {
      // Picked from the calendar (or cleared there).
      setText(dateTextOf(event.target.value));
      setProblem(null);
    }
    onChange?.(event);
  };

  const openPicker = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    try {
      picker.showPicker();
    } catch {
      // No picker (an old browser, or jsdom): the text input takes the date.
      textRef.current?.focus();
    }
  };

  const shownError =
    problem === 'impossible'
      ? ui('dateImpossible', { text })
      : problem === 'incomplete'
        ? ui('dateIncomplete')
        : error
          ? messageText(error)
          : null;

  return (
    <div className={className}>
      <label
        id={labelId}
        htmlFor={inputId}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-navy-700 dark:text-white'}
      >
        {label}
      </label>
      <div className="relative">
        <input
          ref={pickerRef}
          type="date"
          name={name}
          tabIndex={-1}
          aria-hidden="true"
          value={value}
          min={min}
          max={max}
          disabled={disabled}
          readOnly={readOnly}
          onChange={onPickerChange}
          onBlur={onBlur as ((event: FocusEvent<HTMLInputElement>) => void) | undefined}
          onFocus={() => textRef.current?.focus()}
          className="pointer-events-none absolute inset-0 h-full w-full opacity-0"
          data-testid="date-picker-input"
        />
        <input
          ref={textRef}
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={ui('datePattern')}
          maxLength={10}
          value={text}
          disabled={disabled}
          readOnly={readOnly}
          required={required}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          onChange={onTextChange}
          onBlur={onTextBlur}
          className={`relative block w-full rounded-xl border bg-white py-2.5 pr-11 pl-3.5 text-sm text-navy-700 tabular-nums outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 dark:bg-navy-900 dark:text-white ${
            shownError ? 'border-red-500' : 'border-slate-300 dark:border-navy-600'
          }`}
          {...rest}
        />
        <button
          type="button"
          onClick={openPicker}
          disabled={disabled || readOnly}
          // Named apart from the field (a search by the field's label finds the field alone), and
          // described by the field's label.
          aria-label={ui('openCalendar')}
          aria-describedby={labelId}
          className={`absolute top-1/2 right-1.5 -translate-y-1/2 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-navy-700 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-navy-700 ${focusRing}`}
        >
          <Icon name="calendar" className="size-5" aria-hidden="true" />
        </button>
      </div>
      {shownError ? (
        <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {shownError}
        </p>
      ) : null}
    </div>
  );
});
