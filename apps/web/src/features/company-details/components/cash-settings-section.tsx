import {
  type CashLimitMode,
  cashSettingsSchema,
  type DrawerShortPayoutMode,
  type NoDrawerPayoutMode,
  paiseToRupees,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, SelectField } from '@/components/ui/form-field';
import { MoneyInput, readMoneyText } from '@/components/ui/money-input';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { serverFieldMessages } from '@/lib/form-errors';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useCashSettings, useSaveCashSettings } from '@/shared/api/cash-settings';
import { limitText } from '@/shared/cash-limit/cash-limit-control';
import { type CompanyDetailsKey, companyDetailsText } from '../i18n';

const MODES: readonly { value: CashLimitMode; label: CompanyDetailsKey; help: CompanyDetailsKey }[] = [
  { value: 'warn', label: 'modeWarn', help: 'warnHelp' },
  { value: 'block', label: 'modeBlock', help: 'blockHelp' },
];

const NO_DRAWER: readonly { value: NoDrawerPayoutMode; label: CompanyDetailsKey }[] = [
  { value: 'warn', label: 'noDrawerWarn' },
  { value: 'block', label: 'noDrawerBlock' },
];
const DRAWER_SHORT: readonly { value: DrawerShortPayoutMode; label: CompanyDetailsKey }[] = [
  { value: 'block', label: 'drawerShortBlock' },
  { value: 'admin', label: 'drawerShortAdmin' },
];

/**
 * The cash limit of the company: one payout or receipt in cash at or over it is
 * blocked or needs the clerk's confirmation. Everyone reads it; an admin changes it.
 */
export function CashSettingsSection({ canEdit }: { canEdit: boolean }) {
  const t = useT(companyDetailsText);
  const messageText = useMessageText();
  const settings = useCashSettings();
  const save = useSaveCashSettings();
  const { showToast } = useToast();
  const ids = { title: useId(), limit: useId() };
  const [limitTyped, setLimitTyped] = useState('');
  const [mode, setMode] = useState<CashLimitMode>('warn');
  const [noDrawer, setNoDrawer] = useState<NoDrawerPayoutMode>('warn');
  const [drawerShort, setDrawerShort] = useState<DrawerShortPayoutMode>('block');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setLimitTyped(paiseToRupees(rupeesToPaise(settings.data.cash_limit)).toFixed(2));
    setMode(settings.data.cash_limit_mode);
    setNoDrawer(settings.data.no_drawer_payout);
    setDrawerShort(settings.data.drawer_short_payout);
  }, [settings.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const read = readMoneyText(limitTyped);
    if ('error' in read || read.paise === null) {
      setErrors({ cash_limit: 'error' in read ? read.error : t('enterCashLimit') });
      return;
    }
    const parsed = cashSettingsSchema.safeParse({
      cash_limit: paiseToRupees(read.paise),
      cash_limit_mode: mode,
      no_drawer_payout: noDrawer,
      drawer_short_payout: drawerShort,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => showToast({ type: 'success', title: t('success'), message: t('cashSaved') }),
      onError: (error) => {
        const fields = serverFieldMessages(error);
        if (
          fields.cash_limit ||
          fields.cash_limit_mode ||
          fields.no_drawer_payout ||
          fields.drawer_short_payout
        )
          setErrors(fields);
        else setFormError(errorMessage(error, t('cashSaveFailed')));
      },
    });
  };

  return (
    <section aria-labelledby={ids.title} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800">
      <h2 id={ids.title} className="text-lg font-bold text-navy-700 dark:text-white">
        {t('cashLimitTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('cashLimitHelp')}</p>
      {settings.isPending ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" role="status">
          {t('loadingCash')}
        </p>
      ) : settings.isError ? (
        <FormError
          className="mt-3"
          message={messageText(errorMessage(settings.error, t('cashLoadFailed')))}
        />
      ) : !canEdit ? (
        <p className="mt-3 text-sm text-navy-700 dark:text-white" data-testid="cash-settings-view">
          {limitText(rupeesToPaise(settings.data.cash_limit))} ·{' '}
          {t(settings.data.cash_limit_mode === 'block' ? 'modeBlock' : 'modeWarn')} · {t('noDrawerLabel')}:{' '}
          {t(settings.data.no_drawer_payout === 'block' ? 'noDrawerBlock' : 'noDrawerWarn')} ·{' '}
          {t('drawerShortLabel')}:{' '}
          {t(settings.data.drawer_short_payout === 'admin' ? 'drawerShortAdmin' : 'drawerShortBlock')}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <FormError message={formError === null ? null : messageText(formError)} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label
                htmlFor={ids.limit}
                className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
              >
                {t('cashLimitLabel')}
              </label>
              <MoneyInput
                id={ids.limit}
                className="block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white"
                value={limitTyped}
                error={errors.cash_limit === undefined ? undefined : messageText(errors.cash_limit)}
                onChange={(e) => {
                  setLimitTyped(e.target.value);
                  setErrors(({ cash_limit: _, ...rest }) => rest);
                }}
              />
            </div>
            <SelectField
              label={t('overLimit')}
              value={mode}
              error={errors.cash_limit_mode}
              onChange={(e) => setMode(e.target.value as CashLimitMode)}
            >
              {MODES.map((m) => (
                <option key={m.value} value={m.value}>
                  {t(m.label)}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t(MODES.find((m) => m.value === mode)?.help ?? 'warnHelp')}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('noDrawerLabel')}
              value={noDrawer}
              error={errors.no_drawer_payout === undefined ? undefined : messageText(errors.no_drawer_payout)}
              onChange={(e) => setNoDrawer(e.target.value as NoDrawerPayoutMode)}
            >
              {NO_DRAWER.map((m) => (
                <option key={m.value} value={m.value}>
                  {t(m.label)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('drawerShortLabel')}
              value={drawerShort}
              error={
                errors.drawer_short_payout === undefined ? undefined : messageText(errors.drawer_short_payout)
              }
              onChange={(e) => setDrawerShort(e.target.value as DrawerShortPayoutMode)}
            >
              {DRAWER_SHORT.map((m) => (
                <option key={m.value} value={m.value}>
                  {t(m.label)}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('drawerRulesHelp')}</p>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('saving') : t('saveCash')}
          </Button>
        </form>
      )}
    </section>
  );
}
