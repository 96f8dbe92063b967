import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, SelectField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { apiRequest } from '@/lib/api-client';
import type { Language } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { type Company, companyRecordSchema } from '@/lib/session-types';
import { companyQueryKey } from '../api/get-company';
import { companyDetailsText } from '../i18n';

/**
 * The branch's default interface language: what its users see until they choose their own.
 * Everyone reads it; an admin changes it (PUT /companies/{id}/language).
 */
export function LanguageSection({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const t = useT(companyDetailsText);
  const { showToast } = useToast();
  const { company: sessionCompany, selectCompany } = useSession();
  const queryClient = useQueryClient();
  const titleId = useId();
  const current: Language = company.default_language ?? 'en';
  const [chosen, setChosen] = useState<Language>(current);
  useEffect(() => setChosen(current), [current]);

  const save = useMutation({
    mutationFn: async (language: Language) =>
      companyRecordSchema.parse(
        await apiRequest<unknown>(`/companies/${company.id}/language`, {
          method: 'PUT',
          body: { default_language: language },
        }),
      ),
    meta: { skipErrorToast: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(companyQueryKey(updated.id), updated);
      // The session's copy of its company carries the default the screens fall back on.
      if (sessionCompany?.id === updated.id) selectCompany({ ...sessionCompany, ...updated });
      showToast({ type: 'success', title: t('success'), message: t('saved') });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen);
  };

  const names: Record<Language, string> = { en: t('english'), ta: t('tamil') };
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800">
      <h2 id={titleId} className="text-lg font-bold text-navy-700 dark:text-white">
        {t('languageTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('languageHelp')}</p>
      {canEdit ? (
        <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-wrap items-end gap-4">
          <FormError
            className="w-full"
            message={save.isError ? errorMessage(save.error, t('saveFailed')) : null}
          />
          <SelectField
            label={t('defaultLanguage')}
            className="w-full sm:w-72"
            value={chosen}
            onChange={(e) => setChosen(e.target.value === 'ta' ? 'ta' : 'en')}
          >
            <option value="en">{names.en}</option>
            <option value="ta">{names.ta}</option>
          </SelectField>
          <Button type="submit" disabled={save.isPending || chosen === current}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </form>
      ) : (
        <p className="mt-3 text-sm text-navy-700 dark:text-white" data-testid="default-language-view">
          {t('defaultLanguage')}: {names[current]}
        </p>
      )}
    </section>
  );
}
