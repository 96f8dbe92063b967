import { type CashLimitMode, cashSettingsSchema, paiseToRupees, rupeesToPaise } from '@pledge-desk/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError, SelectField } from '../../../components/ui/form-field';
import { MoneyInput, readMoneyText } from '../../../components/ui/money-input';
import { useToast } from '../../../components/ui/toasts';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { serverFieldMessages } from '../../../lib/form-errors';
import { useCashSettings, useSaveCashSettings } from '../../../shared/api/cash-settings';
import { limitText } from '../../../shared/cash-limit/cash-limit-control';

const MODES: readonly { value: CashLimitMode; label: string; help: string }[] = [
  { value: 'warn', label: 'Warn', help: 'The clerk may go on after ticking "Customer insists on cash".' },
  { value: 'block', label: 'Block', help: 'Cash at or over the limit is refused: bank or online only.' },
];

/**
 * The cash limit of the company (issue 14 item 3): one payout or receipt in cash at or over it is
 * blocked or needs the clerk's confirmation. Everyone reads it; an admin changes it.
 */
export function CashSettingsSection({ canEdit }: { canEdit: boolean }) {
  const settings = useCashSettings();
  const save = useSaveCashSettings();
  const { showToast } = useToast();
  const ids = { title: useId(), limit: useId() };
  const [limitTyped, setLimitTyped] = useState('');
  const [mode, setMode] = useState<CashLimitMode>('warn');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setLimitTyped(paiseToRupees(rupeesToPaise(settings.data.cash_limit)).toFixed(2));
    setMode(settings.data.cash_limit_mode);
  }, [settings.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const read = readMoneyText(limitTyped);
    if ('error' in read || read.paise === null) {
      setErrors({ cash_limit: 'error' in read ? read.error : 'Enter the cash limit' });
      return;
    }
    const parsed = cashSettingsSchema.safeParse({
      cash_limit: paiseToRupees(read.paise),
      cash_limit_mode: mode,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => showToast({ type: 'success', title: 'Success', message: 'Cash settings saved' }),
      onError: (error) => {
        const fields = serverFieldMessages(error);
        if (fields.cash_limit || fields.cash_limit_mode) setErrors(fields);
        else setFormError(errorMessage(error, 'Failed to save the cash settings'));
      },
    });
  };

  return (
    <section aria-labelledby={ids.title} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800">
      <h2 id={ids.title} className="text-lg font-bold text-navy-700 dark:text-white">
        Cash limit
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        A single cash payout of a loan or a single cash receipt at or over the limit asks for bank or online
        payment.
      </p>
      {settings.isPending ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" role="status">
          Loading cash settings...
        </p>
      ) : settings.isError ? (
        <FormError
          className="mt-3"
          message={errorMessage(settings.error, 'Failed to load the cash settings')}
        />
      ) : !canEdit ? (
        <p className="mt-3 text-sm text-navy-700 dark:text-white" data-testid="cash-settings-view">
          {limitText(rupeesToPaise(settings.data.cash_limit))} ·{' '}
          {settings.data.cash_limit_mode === 'block' ? 'Block' : 'Warn'}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <FormError message={formError} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label
                htmlFor={ids.limit}
                className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
              >
                Cash limit (₹)
              </label>
              <MoneyInput
                id={ids.limit}
                className="block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white"
                value={limitTyped}
                error={errors.cash_limit}
                onChange={(e) => {
                  setLimitTyped(e.target.value);
                  setErrors(({ cash_limit: _, ...rest }) => rest);
                }}
              />
            </div>
            <SelectField
              label="Over the limit"
              value={mode}
              error={errors.cash_limit_mode}
              onChange={(e) => setMode(e.target.value as CashLimitMode)}
            >
              {MODES.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {MODES.find((m) => m.value === mode)?.help}
          </p>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save cash settings'}
          </Button>
        </form>
      )}
    </section>
  );
}
