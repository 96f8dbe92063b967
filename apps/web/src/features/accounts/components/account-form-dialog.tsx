import { zodResolver } from '@hookform/resolvers/zod';
import { type ChartAccountFormInput, type ChartAccountInput, chartAccountSchema } from '@pledge-desk/domain';
import { useForm } from 'react-hook-form';
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
import type { ChartAccount } from '../api/get-chart-accounts';
import { useSaveChartAccount } from '../api/save-chart-account';
import { ACCOUNT_TYPE_KEYS, accountsText } from '../i18n';
import { parentCandidates } from './parent-options';

const fields = [
  'account_name',
  'account_code',
  'sub_account_of',
  'account_type',
  'account_category',
  'opening_balance',
  'description',
  'status',
] as const;

/** Suggestions only: the spec keeps type and category free text (stored as typed, in English here). */
const ACCOUNT_TYPES = Object.keys(ACCOUNT_TYPE_KEYS);

function valuesOf(record: ChartAccount | null, companyId: number): ChartAccountFormInput {
  return {
    account_name: record?.account_name ?? '',
    account_code: record?.account_code ?? '',
    sub_account_of: record?.sub_account_of ?? null,
    account_type: record?.account_type ?? '',
    account_category: record?.account_category ?? '',
    opening_balance: record?.opening_balance ?? 0,
    description: record?.description ?? '',
    status: record?.status ?? true,
    company_id: companyId,
  };
}

/** Add or edit a chart account; closes on success and the list reloads (shell-and-masters §2, §5). */
export function AccountFormDialog({
  record,
  accounts,
  companyId,
  onClose,
}: {
  /** The account to edit, or null to add one. Mounted per opening, so the form starts fresh. */
  record: ChartAccount | null;
  /** The whole chart, for the parent select. */
  accounts: readonly ChartAccount[];
  companyId: number;
  onClose: () => void;
}) {
  const t = useT(accountsText);
  const ui = useT(uiText);
  const toasts = useCrudToasts();
  const save = useSaveChartAccount();
  const isEdit = record !== null;
  const isSystem = record?.is_system === true;
  const parents = parentCandidates(accounts, record?.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChartAccountFormInput, unknown, ChartAccountInput>({
    resolver: zodResolver(chartAccountSchema),
    defaultValues: valuesOf(record, companyId),
  });

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { ...(record ? { id: record.id } : {}), values },
      {
        onSuccess: () => {
          toasts.success(isEdit ? t('updated') : t('created'));
          onClose();
        },
        onError: (error) => applyServerFieldErrors(error, setError, fields),
      },
    );
  });

  const formError = formErrorText(save.error, t('saveFailed'), fields);

  return (
    <Modal
      open
      size="lg"
      title={isEdit ? t('editAccount') : t('addAccount')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form="account-form" disabled={save.isPending}>
            {save.isPending ? t('saving') : isEdit ? t('update') : t('save')}
          </Button>
        </>
      }
    >
      <form id="account-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <FormError message={formError} className="sm:col-span-2" />
        {isSystem ? (
          <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 sm:col-span-2 dark:bg-amber-950/40 dark:text-amber-200">
            {t('systemNote')}
          </p>
        ) : null}
        <TextField
          label={t('accountCode')}
          readOnly={isSystem}
          error={errors.account_code?.message}
          {...register('account_code')}
        />
        <TextField
          label={t('accountName')}
          error={errors.account_name?.message}
          {...register('account_name')}
        />
        <SelectField
          label={t('parentAccount')}
          error={errors.sub_account_of?.message}
          {...register('sub_account_of', { setValueAs: (v) => (v === '' || v == null ? null : Number(v)) })}
        >
          <option value="">{t('topLevel')}</option>
          {parents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.account_code} — {a.account_name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('accountType')}
          list="account-type-suggestions"
          placeholder={t('accountTypePlaceholder')}
          readOnly={isSystem}
          error={errors.account_type?.message}
          {...register('account_type')}
        />
        <datalist id="account-type-suggestions">
          {ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type} label={t(ACCOUNT_TYPE_KEYS[type]!)} />
          ))}
        </datalist>
        <TextField
          label={t('accountCategory')}
          placeholder={t('accountCategoryPlaceholder')}
          error={errors.account_category?.message}
          {...register('account_category')}
        />
        <NumberField
          label={t('openingBalance')}
          error={errors.opening_balance?.message}
          {...register('opening_balance', { setValueAs: (v) => (v === '' || v == null ? 0 : Number(v)) })}
        />
        <TextField
          label={t('descriptionLabel')}
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
        {isSystem ? null : <CheckboxField label={t('active')} {...register('status')} />}
      </form>
    </Modal>
  );
}
