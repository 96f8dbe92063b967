import { zodResolver } from '@hookform/resolvers/zod';
import {
  businessToday,
  type JewelRateFormInput,
  type JewelRateInput,
  jewelRateFormSchema,
} from '@pledge-desk/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  applyServerFieldErrors,
  CheckboxField,
  DateField,
  FormError,
  formErrorText,
  NumberField,
  SelectField,
} from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useJewelTypeOptions } from '@/shared/api/jewel-type-options';
import type { JewelRate } from '../api/get-jewel-rates';
import { useSaveJewelRate } from '../api/save-jewel-rate';
import { jewelRatesText } from '../i18n';

const fields = [
  'jewel_type_id',
  'rate_per_gram',
  'market_price',
  'selling_price',
  'effective_date',
  'status',
] as const;

function valuesOf(record: JewelRate | null): Partial<JewelRateFormInput> {
  return {
    // Left undefined for a new record: NaN would put the text 'NaN' in the select, which then shows blank.
    ...(record ? { jewel_type_id: record.jewel_type_id } : {}),
    rate_per_gram: record?.rate_per_gram ?? Number.NaN,
    market_price: record?.market_price ?? Number.NaN,
    selling_price: record?.selling_price ?? Number.NaN,
    effective_date: record?.effective_date ?? businessToday(),
    status: record?.status ?? true,
  };
}

/** Add or edit a jewel rate; mounted per opening, so it starts fresh. */
export function JewelRateFormDialog({ record, onClose }: { record: JewelRate | null; onClose: () => void }) {
  const t = useT(jewelRatesText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const toasts = useCrudToasts();
  const save = useSaveJewelRate();
  const types = useJewelTypeOptions();
  const isEdit = record !== null;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<JewelRateFormInput, unknown, JewelRateInput>({
    // No effective date after today: the latest rate by date values new pledges (the server agrees).
    resolver: zodResolver(jewelRateFormSchema(businessToday())),
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
        onError: (error) => applyServerFieldErrors(error, setError, fields),
      },
    );
  });

  const formError = formErrorText(save.error, isEdit ? t('updateFailed') : t('createFailed'), fields);

  return (
    <Modal
      open
      size="lg"
      title={isEdit ? t('editJewelRate') : t('addJewelRate')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form="jewel-rate-form" disabled={save.isPending}>
            {save.isPending ? t('saving') : isEdit ? t('update') : t('save')}
          </Button>
        </>
      }
    >
      <form id="jewel-rate-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <FormError message={formError && messageText(formError)} className="sm:col-span-2" />
        {types.isError ? <FormError message={t('typesFailed')} className="sm:col-span-2" /> : null}
        {types.isPending ? (
          // The registered select mounts once its options exist, so an edited rate shows its type.
          <SelectField label={t('jewelType')} className="sm:col-span-2" disabled>
            <option>{t('loadingTypes')}</option>
          </SelectField>
        ) : (
          <SelectField
            label={t('jewelType')}
            className="sm:col-span-2"
            error={errors.jewel_type_id?.message}
            {...register('jewel_type_id', { valueAsNumber: true })}
          >
            <option value="">{t('selectType')}</option>
            {types.data?.map((type) => (
              <option key={type.id} value={type.id}>
                {type.status
                  ? `${type.jewel_name} (${type.purity})`
                  : t('typeOptionInactive', { name: type.jewel_name, purity: type.purity })}
              </option>
            ))}
          </SelectField>
        )}
        <NumberField
          label={t('ratePerGramRs')}
          error={errors.rate_per_gram?.message}
          {...register('rate_per_gram', { valueAsNumber: true })}
        />
        <NumberField
          label={t('marketPriceRs')}
          error={errors.market_price?.message}
          {...register('market_price', { valueAsNumber: true })}
        />
        <NumberField
          label={t('sellingPriceRs')}
          error={errors.selling_price?.message}
          {...register('selling_price', { valueAsNumber: true })}
        />
        <DateField
          label={t('effectiveDate')}
          max={businessToday()}
          current={watch('effective_date')}
          error={errors.effective_date?.message && messageText(errors.effective_date.message)}
          {...register('effective_date')}
        />
        <CheckboxField label={t('active')} className="sm:col-span-2" {...register('status')} />
      </form>
    </Modal>
  );
}
