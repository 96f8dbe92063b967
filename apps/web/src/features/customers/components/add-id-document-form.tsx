import { zodResolver } from '@hookform/resolvers/zod';
import {
  DATED_ID_KINDS,
  ID_DOCUMENT_KINDS,
  type IdDocumentInput,
  type IdDocumentKind,
  idDocumentSchema,
} from '@pledge-desk/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { applyServerFieldErrors, DateField, FormError, SelectField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { addIdDocument, useIdDocumentChange } from '../api/id-documents';
import { isProbableDuplicate } from '../api/save-customer';
import { customerKycText } from '../kyc-i18n';
import { kindWord } from './kyc-words';
import { useExplainError } from './use-explain-error';

type DocumentForm = z.input<typeof idDocumentSchema>;

const fields = ['kind', 'number', 'issued_on', 'expires_on'] as const;

/** An empty date box is no date: the schema takes a date or nothing, never ''. */
const dateOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);

const blank = { kind: '', number: '' } as unknown as DocumentForm;

/**
 * Adds an ID document: its kind, its number and, for a passport or a driving licence, the issue and
 * expiry dates. Checked here with the domain's idDocumentSchema, so the clerk reads the server's own
 * sentence before anything is sent. A probable duplicate (the same PAN, or the same Aadhaar last four
 * with a similar name, at another customer) asks "Save anyway?" and sends again with confirm_duplicate.
 */
export function AddIdDocumentForm({ customerId }: { customerId: number }) {
  const t = useT(customerKycText);
  const messageText = useMessageText();
  const explain = useExplainError();
  const { showToast } = useToast();
  const add = useIdDocumentChange(addIdDocument);
  const [formError, setFormError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<{ message: string; body: IdDocumentInput } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors },
  } = useForm<DocumentForm, unknown, IdDocumentInput>({
    resolver: zodResolver(idDocumentSchema),
    defaultValues: blank,
    // The dates leave the form with their boxes: a PAN card sent after a passport carries none.
    shouldUnregister: true,
  });
  const kind = watch('kind') as IdDocumentKind | '';
  const dated = kind !== '' && DATED_ID_KINDS.includes(kind);

  const persist = async (body: IdDocumentInput, confirmDuplicate: boolean) => {
    setFormError(null);
    try {
      await add.mutateAsync({ customerId, document: body, confirmDuplicate });
    } catch (error) {
      if (applyServerFieldErrors(error, setError, fields)) return;
      if (isProbableDuplicate(error)) {
        setDuplicate({
          message: messageText(error.message, error.messageCode, error.messageParams),
          body,
        });
        return;
      }
      setFormError(explain(error, t('changeFailed')));
      return;
    }
    reset(blank);
    showToast({ type: 'success', title: t('success'), message: t('documentAdded') });
  };

  const onSubmit = handleSubmit((values) => persist(values, false));

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('addHeading')} className="space-y-3">
      <h4 className="text-sm font-semibold text-navy-700 dark:text-white">{t('addHeading')}</h4>
      <FormError message={formError} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('kind')} error={errors.kind?.message} {...register('kind')}>
          <option value="">{t('chooseKind')}</option>
          {ID_DOCUMENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {kindWord(k, t)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('number')}
          autoComplete="off"
          spellCheck={false}
          error={errors.number?.message}
          {...register('number')}
        />
        {dated ? (
          <>
            <DateField
              label={t('issuedOn')}
              current={watch('issued_on')}
              error={errors.issued_on?.message && messageText(errors.issued_on.message)}
              {...register('issued_on', { setValueAs: dateOrNull })}
            />
            <DateField
              label={t('expiresOn')}
              current={watch('expires_on')}
              error={errors.expires_on?.message && messageText(errors.expires_on.message)}
              {...register('expires_on', { setValueAs: dateOrNull })}
            />
          </>
        ) : null}
      </div>
      {kind === 'aadhaar' ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('aadhaarKept')}</p>
      ) : null}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? t('adding') : t('add')}
      </Button>
      <ConfirmDialog
        open={duplicate !== null}
        title={t('duplicateTitle')}
        message={duplicate?.message ?? ''}
        confirmLabel={t('saveAnyway')}
        isBusy={add.isPending}
        onCancel={() => setDuplicate(null)}
        onConfirm={() => {
          const body = duplicate?.body;
          setDuplicate(null);
          if (body) void persist(body, true);
        }}
      />
    </form>
  );
}
