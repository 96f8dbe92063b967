import { zodResolver } from '@hookform/resolvers/zod';
import { type NomineeInput, type NomineeView, nomineeSchema } from '@pledge-desk/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { applyServerFieldErrors, FormError } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { useT } from '@/lib/i18n/language';
import { clearNominee, saveNominee, useKycChange } from '../api/kyc-changes';
import { customerKycText } from '../kyc-i18n';
import { useExplainError } from './use-explain-error';

type NomineeForm = z.input<typeof nomineeSchema>;

const fields = ['name', 'relation', 'mobile'] as const;

const formOf = (nominee: NomineeView | null): NomineeForm => ({
  name: nominee?.name ?? '',
  relation: nominee?.relation ?? '',
  mobile: nominee?.mobile ?? '',
});

/** The nominee (optional): name, relation and mobile, checked with the domain's nomineeSchema. */
export function KycNomineeForm({ customerId, nominee }: { customerId: number; nominee: NomineeView | null }) {
  const t = useT(customerKycText);
  const explain = useExplainError();
  const { showToast } = useToast();
  const save = useKycChange(saveNominee);
  const clear = useKycChange(clearNominee);
  const [formError, setFormError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<NomineeForm, unknown, NomineeInput>({
    resolver: zodResolver(nomineeSchema),
    defaultValues: formOf(nominee),
  });
  // The saved (or cleared) nominee is what the boxes show next.
  useEffect(() => reset(formOf(nominee)), [nominee, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ customerId, nominee: { ...values, mobile: values.mobile || null } });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, fields)) setFormError(explain(error, t('changeFailed')));
      return;
    }
    showToast({ type: 'success', title: t('success'), message: t('nomineeSaved') });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('nomineeHeading')} className="space-y-3">
      <FormError message={formError} />
      {nominee ? null : <p className="text-sm text-slate-500 dark:text-slate-400">{t('noNominee')}</p>}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={t('nomineeName')}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('relation')}
          autoComplete="off"
          error={errors.relation?.message}
          {...register('relation')}
        />
        <TextField
          label={t('nomineeMobile')}
          type="tel"
          inputMode="tel"
          error={errors.mobile?.message}
          {...register('mobile')}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('saveNominee')}
        </Button>
        {nominee ? (
          <Button variant="secondary" disabled={clear.isPending} onClick={() => setAsking(true)}>
            {t('clearNominee')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        title={t('clearNomineeTitle')}
        message={t('clearNomineeQuestion', { name: nominee?.name ?? '' })}
        confirmLabel={t('clearNominee')}
        isBusy={clear.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setFormError(null);
          clear.mutate(
            { customerId },
            {
              onSuccess: () =>
                showToast({ type: 'success', title: t('success'), message: t('nomineeCleared') }),
              onError: (error) => setFormError(explain(error, t('changeFailed'))),
              onSettled: () => setAsking(false),
            },
          );
        }}
      />
    </form>
  );
}
