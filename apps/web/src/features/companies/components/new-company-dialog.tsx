import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyFormInput, type CompanyInput, companySchema } from '@pledge-desk/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';
import type { Company } from '@/lib/session-types';
import { useCreateCompany } from '../api/create-company';
import { companiesText } from '../i18n';

const emptyCompany: CompanyFormInput = {
  company_name: '',
  address: '',
  city: '',
  state: 'Tamil Nadu',
  phone: '',
  licence_no: '',
  status: true,
};

const fieldNames = ['company_name', 'address', 'city', 'state', 'phone', 'licence_no', 'status'] as const;

export function NewCompanyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (company: Company) => void;
}) {
  const { showToast } = useToast();
  const createCompany = useCreateCompany();
  const t = useT(companiesText);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CompanyFormInput, unknown, CompanyInput>({
    resolver: zodResolver(companySchema),
    defaultValues: emptyCompany,
  });

  const close = () => {
    reset(emptyCompany);
    createCompany.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    createCompany.mutate(values, {
      onSuccess: (company) => {
        showToast({
          type: 'success',
          title: t('created'),
          message: t('createdMessage', { name: company.company_name }),
        });
        onCreated(company);
        close();
      },
      onError: (error) => {
        // Server field errors (422 loc) go under their fields; anything else is shown in the dialog.
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fieldMessages())) {
            if ((fieldNames as readonly string[]).includes(field)) {
              setError(field as (typeof fieldNames)[number], { type: 'server', message });
            }
          }
        }
      },
    });
  });

  const formError =
    createCompany.error instanceof ApiError && Object.keys(createCompany.error.fieldMessages()).length === 0
      ? createCompany.error.message
      : createCompany.error && !(createCompany.error instanceof ApiError)
        ? t('createFailed')
        : null;

  return (
    <Modal
      open={open}
      title={t('newCompany')}
      onClose={close}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="new-company-form" disabled={createCompany.isPending}>
            {createCompany.isPending ? t('creating') : t('create')}
          </Button>
        </>
      }
    >
      <form id="new-company-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {formError ? (
          <p
            role="alert"
            className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 sm:col-span-2 dark:bg-red-950/50 dark:text-red-300"
          >
            {formError}
          </p>
        ) : null}
        <TextField
          label={t('companyName')}
          className="sm:col-span-2"
          error={errors.company_name?.message}
          {...register('company_name')}
        />
        <TextField
          label={t('address')}
          className="sm:col-span-2"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField label={t('city')} error={errors.city?.message} {...register('city')} />
        <TextField label={t('state')} error={errors.state?.message} {...register('state')} />
        <TextField label={t('phoneLabel')} type="tel" error={errors.phone?.message} {...register('phone')} />
        <TextField
          label={t('licenceNumber')}
          error={errors.licence_no?.message}
          {...register('licence_no')}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-navy-700 sm:col-span-2 dark:text-white">
          <input type="checkbox" className="size-4 accent-brand-500" {...register('status')} />
          {t('active')}
        </label>
      </form>
    </Modal>
  );
}
