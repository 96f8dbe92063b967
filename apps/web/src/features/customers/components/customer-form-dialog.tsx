import { zodResolver } from '@hookform/resolvers/zod';
import { type CustomerFormInput, type CustomerInput, customerSchema } from '@pledge-desk/domain';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { applyServerFieldErrors, CheckboxField, FormError } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { MaskImageDialog } from '@/shared/image-mask/mask-image-dialog';
import { type Customer, customerInputOf } from '../api/customer-record';
import { isProbableDuplicate, useSaveCustomer, useUploadIdProof } from '../api/save-customer';
import { customerFormText } from '../i18n';
import { checkIdProofFile, IdProofField } from './id-proof-field';

const fields = [
  'customer_name',
  'guardian_name',
  'mobile_number',
  'alt_mobile_number',
  'door_no',
  'street',
  'location',
  'district',
  'pincode',
  'status',
] as const;

const emptyCustomer: CustomerFormInput = {
  customer_name: '',
  guardian_name: '',
  mobile_number: '',
  alt_mobile_number: '',
  door_no: '',
  street: '',
  location: '',
  district: '',
  pincode: '',
  status: true,
};

/**
 * Add or edit a customer (spec §3, §5). The customer is saved first, then the ID proof uploaded. When
 * the upload fails the customer stays saved: the dialog turns into that customer's edit form with the
 * image still chosen, so Save tries the upload again instead of registering the customer twice.
 */
export function CustomerFormDialog({
  record,
  onClose,
  initialName = '',
  onSaved,
  history,
}: {
  record: Customer | null;
  onClose: () => void;
  /** A new customer's name to start from (what the clerk typed in a customer search). */
  initialName?: string;
  /** Called with the customer once saved (another screen then chooses it: Create Pledge). */
  onSaved?: (customer: Customer) => void;
  /** The saved customer's audit trail, which the app composes (the audit feature owns it). */
  history?: (customerId: number) => ReactNode;
}) {
  const [saved, setSaved] = useState<Customer | null>(record);
  const [file, setFile] = useState<File | null>(null);
  // A chosen image waits here while the clerk hides its Aadhaar number (or says there is none to hide).
  const [toMask, setToMask] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<{ message: string; body: CustomerInput } | null>(null);
  const save = useSaveCustomer();
  const upload = useUploadIdProof();
  const { showToast } = useToast();
  const t = useT(customerFormText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const isEdit = saved !== null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CustomerFormInput, unknown, CustomerInput>({
    resolver: zodResolver(customerSchema),
    defaultValues: record
      ? { ...customerInputOf(record), alt_mobile_number: record.alt_mobile_number ?? '' }
      : { ...emptyCustomer, customer_name: initialName.trim() },
  });

  const persist = async (body: CustomerInput, confirmDuplicate: boolean) => {
    setFormError(null);
    let customer: Customer;
    try {
      customer = await save.mutateAsync(
        saved ? { id: saved.id, values: body, confirmDuplicate } : { values: body, confirmDuplicate },
      );
    } catch (error) {
      if (applyServerFieldErrors(error, setError, fields)) return;
      if (isProbableDuplicate(error)) {
        // 'Customer C000012 Ravi Kumar has the same mobile number. Save anyway?'
        setDuplicate({ message: messageText(error.message), body });
        return;
      }
      const message = messageText(errorMessage(error, isEdit ? t('updateFailed') : t('createFailed')));
      setFormError(message);
      showToast({ type: 'error', title: t('saveFailedTitle'), message });
      return;
    }
    onSaved?.(customer);
    if (file) {
      try {
        await upload.mutateAsync({ id: customer.id, file });
      } catch (error) {
        const message = t('uploadFailed', { detail: messageText(errorMessage(error, t('noAnswer'))) });
        setSaved(customer);
        setFormError(message);
        showToast({ type: 'error', title: t('uploadFailedTitle'), message });
        return;
      }
    }
    showToast({ type: 'success', title: t('success'), message: isEdit ? t('updated') : t('created') });
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    if (fileError) return;
    await persist({ ...values, alt_mobile_number: values.alt_mobile_number || null }, false);
  });

  const isBusy = save.isPending || upload.isPending;

  return (
    <Modal
      open
      title={isEdit ? t('editCustomer') : t('addCustomer')}
      onClose={onClose}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form="customer-form" disabled={isBusy}>
            {upload.isPending
              ? t('uploading')
              : save.isPending
                ? t('saving')
                : isEdit
                  ? t('updateCustomer')
                  : t('saveCustomer')}
          </Button>
        </>
      }
    >
      <form
        id="customer-form"
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <FormError message={formError} className="sm:col-span-2 lg:col-span-3" />
        {saved ? (
          <p className="text-sm text-slate-500 sm:col-span-2 lg:col-span-3 dark:text-slate-400">
            {t('codeLine')}{' '}
            <span className="font-semibold text-navy-700 dark:text-white">{saved.acc_code}</span>
          </p>
        ) : null}
        <TextField
          label={t('customerName')}
          autoComplete="off"
          error={errors.customer_name?.message}
          {...register('customer_name')}
        />
        <TextField
          label={t('guardianName')}
          autoComplete="off"
          error={errors.guardian_name?.message}
          {...register('guardian_name')}
        />
        <TextField
          label={t('mobileNumber')}
          type="tel"
          inputMode="tel"
          placeholder="98400 12345"
          error={errors.mobile_number?.message}
          {...register('mobile_number')}
        />
        <TextField
          label={t('alternateMobileOptional')}
          type="tel"
          inputMode="tel"
          error={errors.alt_mobile_number?.message}
          {...register('alt_mobile_number')}
        />
        <TextField label={t('doorNo')} error={errors.door_no?.message} {...register('door_no')} />
        <TextField label={t('street')} error={errors.street?.message} {...register('street')} />
        <TextField label={t('location')} error={errors.location?.message} {...register('location')} />
        <TextField label={t('district')} error={errors.district?.message} {...register('district')} />
        <TextField
          label={t('pincode')}
          inputMode="numeric"
          error={errors.pincode?.message}
          {...register('pincode')}
        />
        <IdProofField
          file={file}
          currentUrl={saved?.id_proof ?? null}
          error={fileError}
          onChoose={(chosen) => {
            const problem = checkIdProofFile(chosen);
            setFileError(problem);
            if (problem) setFile(null);
            else setToMask(chosen);
          }}
          onRemove={() => {
            setFile(null);
            setFileError(null);
          }}
        />
        <CheckboxField label={ui('active')} className="sm:col-span-2 lg:col-span-3" {...register('status')} />
      </form>
      {saved && history ? <div className="mt-6">{history(saved.id)}</div> : null}
      <MaskImageDialog
        file={toMask}
        onCancel={() => setToMask(null)}
        onUse={(used) => {
          setToMask(null);
          // Painted again, a photo may come out larger than the limit.
          const problem = checkIdProofFile(used);
          setFileError(problem);
          setFile(problem ? null : used);
        }}
      />
      <ConfirmDialog
        open={duplicate !== null}
        title={t('duplicateTitle')}
        message={duplicate?.message ?? ''}
        confirmLabel={t('saveAnyway')}
        isBusy={save.isPending}
        onCancel={() => setDuplicate(null)}
        onConfirm={() => {
          const body = duplicate?.body;
          setDuplicate(null);
          if (body) void persist(body, true);
        }}
      />
    </Modal>
  );
}
