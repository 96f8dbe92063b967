import { businessToday } from '@pledge-desk/domain';
import { DateField, SelectField } from '@/components/ui/form-field';
import { useFormSchemes } from '@/features/pledges/api/form-lookups';
import { renewalText } from '@/features/pledges/renewal/i18n';
import type { RenewPreview } from '@/features/pledges/renewal/use-renew-preview';
import { useT } from '@/lib/i18n/language';

/** The renewal's date and scheme (a scheme switched off since still shows on its own pledge). */
export function RenewalTermsSection({
  form,
  errors,
}: {
  form: RenewPreview;
  errors: Record<string, string>;
}) {
  const t = useT(renewalText);
  const schemes = useFormSchemes();
  const { pledge, state, set } = form;
  return (
    <section
      aria-label={t('renewal')}
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-2 dark:bg-navy-800"
    >
      <DateField
        label={t('renewalDate')}
        value={state.renewalDate}
        max={businessToday()}
        error={errors.renewal_date}
        onChange={(e) => set({ renewalDate: e.target.value })}
      />
      <SelectField
        label={t('scheme')}
        value={state.schemeId ?? ''}
        error={errors.scheme_id}
        onChange={(e) => set({ schemeId: Number(e.target.value) || null })}
      >
        {(schemes.data ?? [])
          .filter((s) => s.status || s.id === pledge.scheme_id)
          .map((s) => (
            <option key={s.id} value={s.id}>
              {s.scheme_name}
            </option>
          ))}
        {schemes.data ? null : <option value={pledge.scheme_id}>{pledge.scheme_name}</option>}
      </SelectField>
    </section>
  );
}
