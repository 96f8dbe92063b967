import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyFormInput, type CompanyInput, companySchema } from '@pledge-desk/domain';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { applyServerFieldErrors, CheckboxField, FormError } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { TextField } from '@/components/ui/text-field';
import { errorMessage, useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import type { Company } from '@/lib/session-types';
import { LogoUploadError, useSaveCompany } from '../api/update-company';
import { companyDetailsText } from '../i18n';
import { CompanyLogo, logoSource } from './company-logo';

export const companyFields = [
  'company_name',
  'address',
  'city',
  'state',
  'phone',
  'licence_no',
  'status',
] as const;

const ACCEPTED = 'image/png,image/jpeg,image/webp';

/** A preview link for the chosen file, revoked when the file changes or the form goes away. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The edit form of Company Details. It lives only while editing: Cancel unmounts it, which throws
 * away the typed changes and the chosen logo file (shell-and-masters §4). Saving sends the details,
 * then the logo.
 */
export function CompanyEditForm({
  company,
  canEdit,
  onSaved,
  onCancel,
}: {
  company: Company;
  /** Checked again here: only admins may save (shell-and-masters §5). */
  canEdit: boolean;
  onSaved: (company: Company) => void;
  onCancel: () => void;
}) {
  const t = useT(companyDetailsText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const fileId = useId();
  const toasts = useCrudToasts();
  const { company: selected, selectCompany } = useSession();
  const save = useSaveCompany(company.id);
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [error, setFormError] = useState<string | null>(null);
  const preview = usePreview(logoFile);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CompanyFormInput, unknown, CompanyInput>({
    resolver: zodResolver(companySchema),
    defaultValues: {
      company_name: company.company_name,
      address: company.address ?? '',
      city: company.city ?? '',
      state: company.state ?? '',
      phone: company.phone ?? '',
      licence_no: company.licence_no ?? '',
      status: company.status ?? true,
    },
  });

  const onSubmit = handleSubmit((values) => {
    if (!canEdit) {
      setFormError(t('updateDenied'));
      return;
    }
    if (!selected) {
      setFormError(t('noCompanySave'));
      return;
    }
    setFormError(null);
    save.mutate(
      { values, logo: logoFile },
      {
        onSuccess: (saved) => {
          selectCompany(saved);
          toasts.success(t('updated'), t('success'));
          onSaved(saved);
        },
        onError: (failure) => {
          if (failure instanceof LogoUploadError) {
            // The details are saved; only the logo is left to try again.
            selectCompany(failure.company);
            setFormError(
              t('logoNotSaved', {
                reason: messageText(errorMessage(failure.uploadError, t('uploadFailed'))),
              }),
            );
            return;
          }
          if (applyServerFieldErrors(failure, setError, companyFields)) return;
          setFormError(errorMessage(failure, t('updateFailed')));
        },
      },
    );
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => setLogoFile(event.target.files?.[0] ?? null);
  const isSaving = save.isPending;

  return (
    <form noValidate aria-label={t('editForm')} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      {' '}
      <FormError message={error === null ? null : messageText(error)} className="sm:col-span-2" />
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <CompanyLogo src={preview ?? logoSource(company.logo)} name={company.company_name} />
        <div>
          <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white">
            {t('logo')}
          </label>
          <input
            id={fileId}
            type="file"
            accept={ACCEPTED}
            onChange={onFile}
            className="block text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-300 dark:file:bg-navy-700 dark:file:text-white"
          />
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {logoFile ? t('newLogo', { name: logoFile.name }) : t('logoFormats')}
          </p>
        </div>
      </div>
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
      <TextField label={t('phone')} type="tel" error={errors.phone?.message} {...register('phone')} />
      <TextField label={t('licenceNumber')} error={errors.licence_no?.message} {...register('licence_no')} />
      <CheckboxField label={t('active')} className="sm:col-span-2" {...register('status')} />
      <div className="flex justify-end gap-3 sm:col-span-2">
        <Button variant="secondary" onClick={onCancel} disabled={isSaving}>
          {ui('cancel')}
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? t('saving') : t('saveChanges')}
        </Button>
      </div>
    </form>
  );
}
