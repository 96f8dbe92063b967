import { zodResolver } from '@hookform/resolvers/zod';
import { businessToday, type RateFormInput, type RateInput, rateFormSchema } from '@pledge-desk/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  applyServerFieldErrors,
  DateField,
  FormError,
  formErrorText,
  NumberField,
} from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import type { GoldSilverRate } from '../api/get-rates';
import { useSaveRate } from '../api/save-rate';
import { ratesText } from '../i18n';

const fields = ['date', 'gold_rate_per_gram', 'silver_rate_per_gram'] as const;

/** A new rate defaults to today, the business day in India (shell-and-masters §5, docs/domain-rules.md §1.3). */
function valuesOf(record: GoldSilverRate | null): RateFormInput {
  return {
    date: record?.date ?? businessToday(),
    gold_rate_per_gram: record?.gold_rate_per_gram ?? Number.NaN,
    silver_rate_per_gram: record?.silver_rate_per_gram ?? Number.NaN,
  };
}

/** Add or edit the gold and silver rate of a day; mounted per opening, so it starts fresh. */
export function RateFormDialog({ record, onClose }: { record: GoldSilverRate | null; onClose: () => void }) {
  const t = useT(ratesText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const toasts = useCrudToasts();
  const save = useSaveRate();
  const isEdit = record !== null;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<RateFormInput, unknown, RateInput>({
    // No date after today: the latest rate by date values new pledges (the server agrees).
    resolver: zodResolver(rateFormSchema(businessToday())),
    defaultValues: valuesOf(record),
  });

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { ...(record ? { id: record.id } : {}), values },
      {
        onSuccess: () => {
          toasts.success(isEdit ? t('updatedOk') : t('createdOk'));
          onClose();
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, fields)) return;
          // The server keeps one rate per day: its 409 belongs under the date.
          if (error instanceof ApiError && error.status === 409) {
            setError('date', { type: 'server', message: error.message });
          }
        },
      },
    );
  });

  const isDateClash = save.error instanceof ApiError && save.error.status === 409;
  const formError = isDateClash
    ? null
    : formErrorText(save.error, isEdit ? t('updateFailed') : t('createFailed'), fields);

  return (
    <Modal
      open
      title={isEdit ? t('editRate') : t('addRate')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form="rate-form" disabled={save.isPending}>
            {save.isPending ? t('saving') : isEdit ? t('update') : t('save')}
          </Button>
        </>
      }
    >
      <form id="rate-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormError message={formError && messageText(formError)} />
        <DateField
          label={t('date')}
          max={businessToday()}
          current={watch('date')}
          error={errors.date?.message && messageText(errors.date.message)}
          {...register('date')}
        />
        <NumberField
          label={t('goldRateRs')}
          error={errors.gold_rate_per_gram?.message}
          {...register('gold_rate_per_gram', { valueAsNumber: true })}
        />
        <NumberField
          label={t('silverRateRs')}
          error={errors.silver_rate_per_gram?.message}
          {...register('silver_rate_per_gram', { valueAsNumber: true })}
        />
      </form>
    </Modal>
  );
}
