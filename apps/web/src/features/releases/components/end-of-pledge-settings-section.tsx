import { type EndOfPledgeSettingsInput, endOfPledgeSettingsSchema } from '@pledge-desk/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { serverFieldMessages } from '@/lib/form-errors';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useEndOfPledgeSettings, useSaveEndOfPledgeSettings } from '../api/releases-api';
import { endOfPledgeSettingsText } from '../i18n';

type Key = keyof EndOfPledgeSettingsInput;
const FIELDS: readonly { key: Key; label: keyof typeof endOfPledgeSettingsText.en }[] = [
  { key: 'overdue_grace_days', label: 'graceDays' },
  { key: 'release_wait_working_days', label: 'releaseWait' },
  { key: 'notice_wait_days', label: 'noticeWait' },
  { key: 'surplus_hold_months', label: 'surplusHold' },
];

/** The end-of-pledge settings, beside the cash limit on Company Details; an admin sets them. */
export function EndOfPledgeSettingsSection({ canEdit }: { canEdit: boolean }) {
  const t = useT(endOfPledgeSettingsText);
  const messageText = useMessageText();
  const settings = useEndOfPledgeSettings();
  const save = useSaveEndOfPledgeSettings();
  const { showToast } = useToast();
  const titleId = useId();
  const [values, setValues] = useState<Record<Key, string>>({
    overdue_grace_days: '',
    release_wait_working_days: '',
    notice_wait_days: '',
    surplus_hold_months: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    if (!settings.data) return;
    const d = settings.data;
    setValues({
      overdue_grace_days: String(d.overdue_grace_days),
      release_wait_working_days: String(d.release_wait_working_days),
      notice_wait_days: String(d.notice_wait_days),
      surplus_hold_months: String(d.surplus_hold_months),
    });
  }, [settings.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = endOfPledgeSettingsSchema.safeParse(
      Object.fromEntries(
        FIELDS.map((f) => [f.key, values[f.key].trim() === '' ? Number.NaN : Number(values[f.key])]),
      ),
    );
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => showToast({ type: 'success', title: t('success'), message: t('saved') }),
      onError: (error) => {
        const fields = serverFieldMessages(error);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFormError(errorMessage(error, t('saveFailed')));
      },
    });
  };

  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800">
      <h2 id={titleId} className="text-lg font-bold text-navy-700 dark:text-white">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('description')}</p>
      {settings.isPending ? (
        <p className="mt-3 text-sm" role="status">
          {t('loading')}
        </p>
      ) : settings.isError ? (
        <FormError className="mt-3" message={messageText(errorMessage(settings.error, t('loadFailed')))} />
      ) : !canEdit ? (
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2" data-testid="end-of-pledge-settings-view">
          {FIELDS.map((f) => (
            <div key={f.key}>
              <dt className="text-slate-500 dark:text-slate-400">{t(f.label)}</dt>
              <dd className="font-semibold">{settings.data[f.key]}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <FormError message={formError && messageText(formError)} />
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((f) => (
              <TextField
                key={f.key}
                label={t(f.label)}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={values[f.key]}
                error={errors[f.key]}
                onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              />
            ))}
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('defaults', {
              grace: String(settings.data.defaults.overdue_grace_days),
              release: String(settings.data.defaults.release_wait_working_days),
              notice: String(settings.data.defaults.notice_wait_days),
              surplus: String(settings.data.defaults.surplus_hold_months),
            })}
          </p>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </form>
      )}
    </section>
  );
}
