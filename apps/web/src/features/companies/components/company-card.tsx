import { Icon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/language';
import type { Company } from '@/lib/session-types';
import { companiesText } from '../i18n';

export function CompanyCard({
  company,
  isSelected,
  onSelect,
}: {
  company: Company;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const t = useT(companiesText);
  const place = [company.address, company.city, company.state].filter(Boolean);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={isSelected}
      className={`flex w-full items-start gap-4 rounded-2xl border-2 p-4 text-left transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
        isSelected
          ? 'border-brand-500 bg-brand-50 dark:bg-navy-700'
          : 'border-slate-200 bg-white hover:border-brand-300 dark:border-navy-600 dark:bg-navy-800 dark:hover:border-brand-400'
      }`}
    >
      <span
        className={`grid size-11 shrink-0 place-items-center rounded-xl ${
          isSelected
            ? 'bg-brand-500 text-white'
            : 'bg-slate-100 text-slate-500 dark:bg-navy-700 dark:text-slate-300'
        }`}
      >
        <Icon name={isSelected ? 'check' : 'building'} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-base font-bold text-navy-700 dark:text-white">
          {company.company_name}
        </span>
        {place.length > 0 ? (
          <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-300">{place.join(', ')}</span>
        ) : null}
        <span className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          {company.phone ? <span>{t('phone', { phone: company.phone })}</span> : null}
          {company.licence_no ? <span>{t('licenceNo', { licence: company.licence_no })}</span> : null}
        </span>
      </span>
    </button>
  );
}
