import { type EndOfPledgeSettingsInput, endOfPledgeSettingsSchema } from '@pledge-desk/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toasts';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { serverFieldMessages } from '../../../lib/form-errors';
import { useEndOfPledgeSettings, useSaveEndOfPledgeSettings } from '../api/releases-api';

type Key = keyof EndOfPledgeSettingsInput;
const FIELDS: readonly { key: Key; label: string }[] = [
  { key: 'overdue_grace_days', label: 'Grace days after the due date before overdue' },
  { key: 'release_wait_working_days', label: 'Working days a closed pledge may await release' },
  { key: 'notice_wait_days', label: 'Days after a notice before a sale' },
  { key: 'surplus_hold_months', label: 'Months an unclaimed auction surplus is held' },
];

/** The end-of-pledge settings (issue 15), beside the cash limit on Company Details; an admin sets them. */
export function EndOfPledgeSettingsSection({ canEdit }: { canEdit: boolean }) {
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
      onSuccess: () =>
        showToast({ type: 'success', title: 'Success', message: 'End-of-pledge settings saved' }),
      onError: (error) => {
        const fields = serverFieldMessages(error);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFormError(errorMessage(error, 'Failed to save the end-of-pledge settings'));
      },
    });
  };

  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800">
      <h2 id={titleId} className="text-lg font-bold text-navy-700 dark:text-white">
        End of a pledge
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        When a pledge counts as overdue, how long closed pledges may wait for their release, the notice period
        before a sale, and how long an auction surplus is held for the pawner.
      </p>
      {settings.isPending ? (
        <p className="mt-3 text-sm" role="status">
          Loading end-of-pledge settings...
        </p>
      ) : settings.isError ? (
        <FormError
          className="mt-3"
          message={errorMessage(settings.error, 'Failed to load the end-of-pledge settings')}
        />
      ) : !canEdit ? (
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2" data-testid="end-of-pledge-settings-view">
          {FIELDS.map((f) => (
            <div key={f.key}>
              <dt className="text-slate-500 dark:text-slate-400">{f.label}</dt>
              <dd className="font-semibold">{settings.data[f.key]}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <FormError message={formError} />
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((f) => (
              <TextField
                key={f.key}
                label={f.label}
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
            Defaults: {settings.data.defaults.overdue_grace_days} grace days,{' '}
            {settings.data.defaults.release_wait_working_days} working days,{' '}
            {settings.data.defaults.notice_wait_days} days, {settings.data.defaults.surplus_hold_months}{' '}
            months.
          </p>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save end-of-pledge settings'}
          </Button>
        </form>
      )}
    </section>
  );
}
