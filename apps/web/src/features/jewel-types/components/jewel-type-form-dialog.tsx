import { zodResolver } from '@hookform/resolvers/zod';
import { type JewelTypeFormInput, type JewelTypeInput, jewelTypeSchema } from '@pledge-desk/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  applyServerFieldErrors,
  CheckboxField,
  FormError,
  formErrorText,
  SelectField,
} from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import type { JewelType } from '../api/get-jewel-types';
import { useSaveJewelType } from '../api/save-jewel-type';
import { jewelTypesText } from '../i18n';

const fields = ['jewel_name', 'description', 'purity', 'metal', 'status'] as const;

function valuesOf(record: JewelType | null): JewelTypeFormInput {
  return {
    jewel_name: record?.jewel_name ?? '',
    description: record?.description ?? '',
    purity: record?.purity ?? '',
    // An edit sends the stored metal back, so saving a silver type does not make it gold.
    metal: record?.metal ?? 'gold',
    status: record?.status ?? true,
  };
}

/** Add or edit a jewel type; closes on success and the list reloads (shell-and-masters §2). */
export function JewelTypeFormDialog({
  record,
  onClose,
}: {
  /** The type to edit, or null to add one. The page mounts the dialog per opening, so the form starts fresh. */
  record: JewelType | null;
  onClose: () => void;
}) {
  const t = useT(jewelTypesText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const toasts = useCrudToasts();
  const save = useSaveJewelType();
  const isEdit = record !== null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<JewelTypeFormInput, unknown, JewelTypeInput>({
    resolver: zodResolver(jewelTypeSchema),
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
      title={isEdit ? t('editJewelType') : t('addJewelType')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form="jewel-type-form" disabled={save.isPending}>
            {save.isPending ? t('saving') : isEdit ? t('update') : t('save')}
          </Button>
        </>
      }
    >
      <form id="jewel-type-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormError message={formError && messageText(formError)} />
        <TextField label={t('jewelName')} error={errors.jewel_name?.message} {...register('jewel_name')} />
        <TextField
          label={t('purity')}
          placeholder={t('purityPlaceholder')}
          error={errors.purity?.message}
          {...register('purity')}
        />
        <SelectField label={t('metal')} error={errors.metal?.message} {...register('metal')}>
          <option value="gold">{t('gold')}</option>
          <option value="silver">{t('silver')}</option>
        </SelectField>
        <TextField
          label={t('descriptionLabel')}
          error={errors.description?.message}
          {...register('description')}
        />
        <CheckboxField label={t('active')} {...register('status')} />
      </form>
    </Modal>
  );
}
