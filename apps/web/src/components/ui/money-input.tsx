import { rupeesToPaise, schemaFields } from '@pledge-desk/domain';
import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { useMessageText } from '@/lib/i18n/messages';

export const MONEY_INPUT_MESSAGES = {
  decimals: 'Enter an amount with at most 2 decimals.',
  aboveZero: 'Enter an amount above zero.',
  figures: 'Enter the amount in figures, like 1250.50.',
  tooLarge: 'Enter an amount of at most Rs. 1,000 crore.',
} as const;

/**
 * Paise of an amount as typed ('' is nothing), or the sentence saying what is wrong with it. Typed
 * text is read here, never by the browser: an `<input type="number">` turns '1e3' into 1000 and
 * 'abc' or '--5' into '' without a word, and a bad amount must never count as 0.00.
 */
export function readMoneyText(text: string): { paise: number | null } | { error: string } {
  const trimmed = text.trim().replaceAll(',', '');
  if (trimmed === '') return { paise: null };
  if (/^-/.test(trimmed)) return { error: MONEY_INPUT_MESSAGES.aboveZero };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return { error: MONEY_INPUT_MESSAGES.figures };
  if ((trimmed.split('.')[1] ?? '').length > 2) return { error: MONEY_INPUT_MESSAGES.decimals };
  const paise = rupeesToPaise(trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed);
  if (paise > schemaFields.MAX_RUPEES * 100) return { error: MONEY_INPUT_MESSAGES.tooLarge };
  return { paise };
}

/** The message for typed money, or null when it is empty or fine. `aboveZero` also refuses 0. */
export function moneyTextError(text: string, { aboveZero = false } = {}): string | null {
  const read = readMoneyText(text);
  if ('error' in read) return read.error;
  if (aboveZero && read.paise === 0) return MONEY_INPUT_MESSAGES.aboveZero;
  return null;
}

type MoneyInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** The message under the field; the input is marked invalid while there is one. */
  error?: string | null | undefined;
};

/**
 * A rupee amount typed as text (decimal keypad on tablets), right-aligned, with its message under it.
 * Pair it with `moneyTextError`/`readMoneyText` so a wrong amount says what is wrong as it is typed.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { error, id, className = '', ...rest },
  ref,
) {
  const generated = useId();
  const messageText = useMessageText();
  const errorId = `${id ?? generated}-error`;
  return (
    <>
      <input
        ref={ref}
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${className} text-right tabular-nums ${error ? 'border-red-500!' : ''}`}
        {...rest}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {messageText(error)}
        </p>
      ) : null}
    </>
  );
});
