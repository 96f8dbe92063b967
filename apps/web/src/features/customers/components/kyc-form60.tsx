import { zodResolver } from '@hookform/resolvers/zod';
import { type CustomerKyc, type Form60Input, form60Schema, formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { applyServerFieldErrors, DateField, FormError } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { recordForm60, removeForm60, useKycChange } from '../api/kyc-changes';
import { customerKycText } from '../kyc-i18n';
import { useExplainError } from './use-explain-error';

/**
 * PAN or Form 60: whether the branch's rule asks for it now (the open loans against the threshold), the
 * PAN on file, and the Form 60 declaration (a customer without a PAN signs one instead): record or remove.
 */
export function KycForm60({ kyc }: { kyc: CustomerKyc }) {
  const t = useT(customerKycText);
  const messageText = useMessageText();
  const explain = useExplainError();
  const { showToast } = useToast();
  const record = useKycChange(recordForm60);
  const remove = useKycChange(removeForm60);
  const [formError, setFormError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors },
  } = useForm<Form60Input>({ resolver: zodResolver(form60Schema), defaultValues: { declared_on: '' } });
  const pan = kyc.documents.find((d) => d.kind === 'pan');
  const amounts = {
    open: formatRupeeAmount(kyc.open_loans),
    threshold: formatRupeeAmount(kyc.pan_rule.threshold),
  };
  const declared = kyc.form60_declared_on;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await record.mutateAsync({ customerId: kyc.customer_id, form60: values });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['declared_on']))
        setFormError(explain(error, t('changeFailed')));
      return;
    }
    reset({ declared_on: '' });
    showToast({ type: 'success', title: t('success'), message: t('form60Recorded') });
  });

  return (
    <div className="space-y-3">
      <p
        className={`text-sm ${kyc.pan_needed ? 'font-medium text-amber-800 dark:text-amber-200' : 'text-slate-600 dark:text-slate-300'}`}
      >
        {!kyc.pan_rule.applies
          ? t('panRuleOff')
          : kyc.pan_needed
            ? t('panNeeded', amounts)
            : t('panNotNeeded', amounts)}
      </p>
      {pan ? (
        <p className="text-sm text-navy-700 dark:text-white">{t('panOnFile', { number: pan.number })}</p>
      ) : null}
      <FormError message={formError} />
      {declared ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-navy-700 dark:text-white">
            {t('form60On', { date: formatIndianDate(declared) })}
          </p>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={remove.isPending}
            onClick={() => setAsking(true)}
          >
            {t('removeForm60')}
          </Button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label={t('recordForm60')}
          className="flex flex-wrap items-end gap-3"
        >
          <p className="w-full text-sm text-slate-500 dark:text-slate-400">{t('noForm60')}</p>
          <DateField
            label={t('declaredOn')}
            current={watch('declared_on')}
            error={errors.declared_on?.message && messageText(errors.declared_on.message)}
            {...register('declared_on')}
          />
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? t('saving') : t('recordForm60')}
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={asking}
        title={t('removeForm60Title')}
        message={t('removeForm60Question', { date: declared ? formatIndianDate(declared) : '' })}
        confirmLabel={t('remove')}
        isBusy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setFormError(null);
          remove.mutate(
            { customerId: kyc.customer_id },
            {
              onSuccess: () =>
                showToast({ type: 'success', title: t('success'), message: t('form60Removed') }),
              onError: (error) => setFormError(explain(error, t('changeFailed'))),
              onSettled: () => setAsking(false),
            },
          );
        }}
      />
    </div>
  );
}
