import { zodResolver } from '@hookform/resolvers/zod';
import { type SchemeFormInput, type SchemeInput, schemeSchema } from '@pledge-desk/domain';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  applyServerFieldErrors,
  CheckboxField,
  FormError,
  formErrorText,
  NumberField,
  SelectField,
} from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useJewelTypeOptions } from '@/shared/api/jewel-type-options';
import type { Scheme } from '../api/get-schemes';
import { useSaveScheme } from '../api/save-scheme';
import { schemesText } from '../i18n';
import { schemeClashes } from '../scheme-uniqueness';

const fields = [
  'jewel_type_id',
  'scheme_name',
  'short_name',
  'prefix',
  'duration_in_months',
  'interest_rate_per_month',
  'loan_eligibility_percentage',
  'slippage_percent',
  'bullet_repayment',
  'status',
] as const;

function valuesOf(record: Scheme | null): Partial<SchemeFormInput> {
  return {
    // Left undefined for a new record: NaN would put the text 'NaN' in the select, which then shows blank.
    ...(record ? { jewel_type_id: record.jewel_type_id } : {}),
    scheme_name: record?.scheme_name ?? '',
    short_name: record?.short_name ?? '',
    prefix: record?.prefix ?? '',
    duration_in_months: record?.duration_in_months ?? Number.NaN,
    interest_rate_per_month: record?.interest_rate_per_month ?? Number.NaN,
    loan_eligibility_percentage: record?.loan_eligibility_percentage ?? Number.NaN,
    slippage_percent: record?.slippage_percent ?? Number.NaN,
    // An edit sends the stored choice back; a new scheme is repaid in one sum unless unticked.
    bullet_repayment: record?.bullet_repayment ?? true,
    status: record?.status ?? true,
  };
}

const baseResolver = zodResolver(schemeSchema);

export const BULLET_HELP = schemesText.en.bulletHelp;

/** Add or edit a scheme; mounted per opening, so it starts fresh. */
export function SchemeFormDialog({
  record,
  schemes,
  onClose,
}: {
  record: Scheme | null;
  /** The loaded list, for the unique name and prefix check. */
  schemes: readonly Scheme[];
  onClose: () => void;
}) {
  const t = useT(schemesText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const toasts = useCrudToasts();
  const save = useSaveScheme();
  const types = useJewelTypeOptions();
  const isEdit = record !== null;

  // The domain schema's rules, then the uniqueness of name and prefix against the loaded list.
  const resolver: Resolver<SchemeFormInput, unknown, SchemeInput> = async (values, context, options) => {
    const result = await baseResolver(values, context, options);
    const clashes = schemeClashes(values, schemes, record?.id ?? null);
    if (!clashes.scheme_name && !clashes.prefix) return result;
    const errors = { ...result.errors };
    if (clashes.scheme_name && !errors.scheme_name) {
      errors.scheme_name = { type: 'duplicate', message: clashes.scheme_name };
    }
    if (clashes.prefix && !errors.prefix) errors.prefix = { type: 'duplicate', message: clashes.prefix };
    return { values: {}, errors };
  };

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SchemeFormInput, unknown, SchemeInput>({ resolver, defaultValues: valuesOf(record) });

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
      title={isEdit ? t('editScheme') : t('addScheme')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form="scheme-form" disabled={save.isPending}>
            {save.isPending ? t('saving') : isEdit ? t('update') : t('save')}
          </Button>
        </>
      }
    >
      <form id="scheme-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <FormError message={formError && messageText(formError)} className="sm:col-span-2" />
        {types.isError ? <FormError message={t('typesFailed')} className="sm:col-span-2" /> : null}
        <TextField
          label={t('schemeName')}
          className="sm:col-span-2"
          error={errors.scheme_name?.message}
          {...register('scheme_name')}
        />
        <TextField label={t('shortName')} error={errors.short_name?.message} {...register('short_name')} />
        <TextField
          label={t('prefix')}
          placeholder={t('prefixPlaceholder')}
          error={errors.prefix?.message}
          {...register('prefix')}
        />
        {types.isPending ? (
          // The registered select mounts once its options exist, so an edited scheme shows its type.
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
          label={t('interestPerMonth')}
          error={errors.interest_rate_per_month?.message}
          {...register('interest_rate_per_month', { valueAsNumber: true })}
        />
        <NumberField
          label={t('durationMonths')}
          step="1"
          min="1"
          inputMode="numeric"
          error={errors.duration_in_months?.message}
          {...register('duration_in_months', { valueAsNumber: true })}
        />
        <NumberField
          label={t('loanAllowedPercent')}
          error={errors.loan_eligibility_percentage?.message}
          {...register('loan_eligibility_percentage', { valueAsNumber: true })}
        />
        <NumberField
          label={t('slippagePercent')}
          error={errors.slippage_percent?.message}
          {...register('slippage_percent', { valueAsNumber: true })}
        />
        <CheckboxField
          label={t('bullet')}
          description={t('bulletHelp')}
          error={errors.bullet_repayment?.message && messageText(errors.bullet_repayment.message)}
          className="sm:col-span-2"
          {...register('bullet_repayment')}
        />
        <CheckboxField label={t('active')} className="sm:col-span-2" {...register('status')} />
      </form>
    </Modal>
  );
}
