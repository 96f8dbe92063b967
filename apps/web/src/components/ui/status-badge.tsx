import { useT } from '@/lib/i18n/language';
import { uiText } from './i18n';

/** The Active/Inactive status of a master record (shell-and-masters §4: status is a boolean). */
export function StatusBadge({ active }: { active: boolean | null | undefined }) {
  const isActive = active !== false;
  const t = useT(uiText);
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        isActive
          ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300'
          : 'bg-slate-100 text-slate-600 dark:bg-navy-700 dark:text-slate-300'
      }`}
    >
      <span
        aria-hidden="true"
        className={`size-1.5 rounded-full ${isActive ? 'bg-emerald-500' : 'bg-slate-400'}`}
      />
      {isActive ? t('active') : t('inactive')}
    </span>
  );
}
