import { zodResolver } from '@hookform/resolvers/zod';
import { type BankFormInput, type BankInput, bankSchema } from '@pledge-desk/domain';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { applyServerFieldErrors, CheckboxField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toasts';
import { ApiError } from '../../../lib/api-client';
import { serverSentence } from '../api/bank-errors';
import type { Bank } from '../api/get-banks';
import { bankInputOf, useSaveBank } from '../api/save-bank';

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
          message: isEdit ? 'Bank updated successfully.' : 'Bank created successfully.',
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
                message: isEdit
                  ? 'Failed to update bank. Please try again.'
                  : 'Failed to create bank. Please try again.',
              },
        );
      },
    });
  });

  return (
    <Modal
      open
      title={isEdit ? 'Edit Bank' : 'Add Bank'}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="bank-form" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : isEdit ? 'Update Bank' : 'Create Bank'}
          </Button>
        </>
      }
    >
      <form id="bank-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Bank Name" error={errors.bank_name?.message} {...register('bank_name')} />
        <TextField
          label="Account Holder Name"
          error={errors.account_holder_name?.message}
          {...register('account_holder_name')}
        />
        <TextField
          label="Account Number"
          inputMode="numeric"
          error={errors.account_number?.message}
          {...register('account_number')}
        />
        <TextField
          label="IFSC Code"
          autoCapitalize="characters"
          error={errors.ifsc_code?.message}
          {...register('ifsc_code')}
        />
        <TextField label="Branch Name" error={errors.branch_name?.message} {...register('branch_name')} />
        <TextField
          label="Account Type"
          placeholder="Savings, Current..."
          list="bank-account-types"
          error={errors.account_type?.message}
          {...register('account_type')}
        />
        <datalist id="bank-account-types">
          <option value="Savings" />
          <option value="Current" />
          <option value="Overdraft" />
          <option value="Cash Credit" />
        </datalist>
        <CheckboxField label="Active" className="sm:col-span-2" {...register('status')} />
      </form>
    </Modal>
  );
}
