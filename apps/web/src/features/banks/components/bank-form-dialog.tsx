import { zodResolver } from '@hookform/resolvers/zod';
import { type BankFormInput, type BankInput, bankSchema } from '@pledge-desk/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { applyServerFieldErrors, CheckboxField } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';
import { serverSentence } from '../api/bank-errors';
import type { Bank } from '../api/get-banks';
import { bankInputOf, useSaveBank } from '../api/save-bank';
import { banksText } from '../i18n';

const fields = [
  'bank_name',
  'account_holder_name',
  'account_number',
  'ifsc_code',
  'branch_name',
  'account_type',
  'status',
] as const;

const emptyBank: BankFormInput = {
  bank_name: '',
  account_holder_name: '',
  account_number: '',
  ifsc_code: '',
  branch_name: '',
  account_type: '',
  status: true,
};

/** Add or edit a bank account (spec §2 Banks, §5: every field but status required). */
export function BankFormDialog({ record, onClose }: { record: Bank | null; onClose: () => void }) {
  const t = useT(banksText);
  const ui = useT(uiText);
  const isEdit = record !== null;
  const save = useSaveBank();
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BankFormInput, unknown, BankInput>({
    resolver: zodResolver(bankSchema),
    defaultValues: record ? bankInputOf(record) : emptyBank,
  });

  const onSubmit = handleSubmit((values) => {
    save.mutate(record ? { id: record.id, values } : { values }, {
      onSuccess: () => {
        showToast({
          type: 'success',
          title: 'Success',
          message: isEdit ? t('updatedOk') : t('createdOk'),
        });
        onClose();
      },
      onError: (error) => {
        // Spec §8, Banks: a list of field errors goes under the fields; a string detail is a
        // 'Validation Error' toast; anything else the screen's sentence. The form keeps what was typed.
        if (applyServerFieldErrors(error, setError, fields)) return;
        const sentence =
          serverSentence(error) ??
          (error instanceof ApiError && error.fieldErrors.length > 0 ? error.message : null);
        showToast(
          sentence
            ? { type: 'error', title: 'Validation Error', message: sentence }
            : {
                type: 'error',
                title: 'Error',
                message: isEdit ? t('updateFailed') : t('createFailed'),
              },
        );
      },
    });
  });

  return (
    <Modal
      open
      title={isEdit ? t('editBank') : t('addBank')}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form="bank-form" disabled={save.isPending}>
            {save.isPending ? t('saving') : isEdit ? t('updateBank') : t('createBank')}
          </Button>
        </>
      }
    >
      <form id="bank-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('bankName')} error={errors.bank_name?.message} {...register('bank_name')} />
        <TextField
          label={t('accountHolderName')}
          error={errors.account_holder_name?.message}
          {...register('account_holder_name')}
        />
        <TextField
          label={t('accountNumber')}
          inputMode="numeric"
          error={errors.account_number?.message}
          {...register('account_number')}
        />
        <TextField
          label={t('ifscCode')}
          autoCapitalize="characters"
          error={errors.ifsc_code?.message}
          {...register('ifsc_code')}
        />
        <TextField label={t('branchName')} error={errors.branch_name?.message} {...register('branch_name')} />
        <TextField
          label={t('accountType')}
          placeholder={t('accountTypePlaceholder')}
          list="bank-account-types"
          error={errors.account_type?.message}
          {...register('account_type')}
        />
        <datalist id="bank-account-types">
          <option value="Savings" label={t('savings')} />
          <option value="Current" label={t('current')} />
          <option value="Overdraft" label={t('overdraft')} />
          <option value="Cash Credit" label={t('cashCredit')} />
        </datalist>
        <CheckboxField label={t('active')} className="sm:col-span-2" {...register('status')} />
      </form>
    </Modal>
  );
}
