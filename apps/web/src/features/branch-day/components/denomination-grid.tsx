import { formatRupees, rupeesToPaise } from '@pledge-desk/domain';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import {
  type DenominationKey,
  type DenominationText,
  NOTE_KEYS,
  readDenominations,
} from '../denomination-model';
import { cashDrawerText } from '../i18n';

const inputClass =
  'block w-28 rounded-lg border bg-white px-2.5 py-1.5 text-right text-sm text-navy-700 tabular-nums outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:bg-navy-900 dark:text-white';

/**
 * The count of a drawer: one row per note (count × value), the coins as an amount,
 * and the live total. Enter moves to the next row, so a clerk counts down the stack without the mouse
 * and never sends the form by accident.
 */
export function DenominationGrid({
  caption,
  value,
  onChange,
  totalLabel,
  serverErrors = {},
}: {
  caption: string;
  value: DenominationText;
  onChange: (next: DenominationText) => void;
  totalLabel?: string;
  serverErrors?: Partial<Record<DenominationKey, string>>;
}) {
  const t = useT(cashDrawerText);
  const messageText = useMessageText();
  const id = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const read = readDenominations(value);
  const keys: DenominationKey[] = [...NOTE_KEYS, 'coins'];

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    inputs.current[index + 1]?.focus();
  };

  return (
    <table className="w-full max-w-md text-sm">
      <caption className="mb-2 text-left text-sm font-semibold text-navy-700 dark:text-white">
        {caption}
      </caption>
      <thead>
        <tr className="text-left text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">
          <th scope="col" className="py-1.5 pr-3 font-semibold">
            {t('denomination')}
          </th>
          <th scope="col" className="py-1.5 pr-3 font-semibold">
            {t('count')}
          </th>
          <th scope="col" className="py-1.5 text-right font-semibold">
            {t('value')}
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key, index) => {
          const isCoins = key === 'coins';
          const error = read.errors[key] ?? serverErrors[key];
          const inputId = `${id}-${key}`;
          const rowPaise = isCoins
            ? rupeesToPaise(read.denominations.coins)
            : Number(key) * 100 * read.denominations[key];
          return (
            <tr key={key} className="border-t border-slate-100 align-top dark:border-navy-700">
              <th scope="row" className="py-1.5 pr-3 text-left font-medium text-navy-700 dark:text-white">
                <label htmlFor={inputId}>{isCoins ? t('coins') : t('notes', { note: key })}</label>
              </th>
              <td className="py-1.5 pr-3">
                <input
                  id={inputId}
                  ref={(el) => {
                    inputs.current[index] = el;
                  }}
                  type="text"
                  inputMode={isCoins ? 'decimal' : 'numeric'}
                  autoComplete="off"
                  placeholder={isCoins ? '0.00' : '0'}
                  value={value[key]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  className={`${inputClass} ${error ? 'border-red-500' : 'border-slate-300 dark:border-navy-600'}`}
                  onKeyDown={onKeyDown(index)}
                  onChange={(e) => onChange({ ...value, [key]: e.target.value })}
                />
                {error ? (
                  <p id={`${inputId}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
                    {messageText(error)}
                  </p>
                ) : null}
              </td>
              <td
                className="py-1.5 text-right text-navy-700 tabular-nums dark:text-white"
                data-testid={`row-value-${key}`}
              >
                {formatRupees(rowPaise)}
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-slate-300 dark:border-navy-500">
          <th scope="row" colSpan={2} className="py-2 text-left font-bold text-navy-700 dark:text-white">
            {totalLabel ?? t('total')}
          </th>
          <td
            id={`${id}-total`}
            className="py-2 text-right text-base font-bold text-navy-700 tabular-nums dark:text-white"
            data-testid="denomination-total"
            aria-live="polite"
          >
            {formatRupees(read.totalPaise)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
