import { zodResolver } from '@hookform/resolvers/zod';
import { type JewelDesignFormInput, type JewelDesignInput, jewelDesignSchema } from '@pledge-desk/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { applyServerFieldErrors, CheckboxField, FormError, formErrorText } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useCreateDesign } from '../api/create-design';
import type { Design } from '../api/search-designs';
import { pickersText } from './i18n';

const fields = ['design_name', 'is_coin'] as const;

/** The coin box's help, in English (the tests find it by this text). */
export const COIN_HELP = pickersText.en.coinHelp;

/**
 * The design picker's '+ Create new': the name typed, and whether the design is a coin,
 * asked before it is saved. A name the company already has (409 DESIGN_NAME_TAKEN) shows under the name.
 */
export function CreateDesignDialog({
  name,
  onCreated,
  onClose,
}: {
  name: string;
  onCreated: (design: Design) => void;
  onClose: () => void;
}) {
  const t = useT(pickersText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const create = useCreateDesign();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<JewelDesignFormInput, unknown, JewelDesignInput>({
    resolver: zodResolver(jewelDesignSchema),
    defaultValues: { design_name: name, is_coin: false },
  });

  const onSubmit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (design) => {
        onCreated(design);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'DESIGN_NAME_TAKEN') {
          setError('design_name', { type: 'server', message: error.message });
        } else applyServerFieldErrors(error, setError, fields);
      },
    });
  });

  const isTaken = create.error instanceof ApiError && create.error.code === 'DESIGN_NAME_TAKEN';
  const formError = isTaken ? null : formErrorText(create.error, t('createFailed'), fields);

  return (
    <Modal
      open
      title={t('addDesign')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form="create-design-form" disabled={create.isPending}>
            {create.isPending ? t('saving') : t('save')}
          </Button>
        </>
      }
    >
      <form id="create-design-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormError message={formError ? messageText(formError) : formError} />
        <TextField label={t('designName')} error={errors.design_name?.message} {...register('design_name')} />
        <CheckboxField
          label={t('coin')}
          description={t('coinHelp')}
          error={errors.is_coin?.message ? messageText(errors.is_coin.message) : undefined}
          {...register('is_coin')}
        />
      </form>
    </Modal>
  );
}
