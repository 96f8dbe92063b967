import { SelectField } from '@/components/ui/form-field';
import { useT } from '@/lib/i18n/language';
import type { Company } from '@/lib/session-types';
import type { DashboardBranch } from '../api/get-dashboard';
import { dashboardText } from '../i18n';

/**
 * An admin's choice of figures: one branch, or 'All branches' summed. Choosing a branch here changes
 * what the dashboard reads, not the session's company (the header's chip).
 */
export function BranchSelector({
  value,
  current,
  branches,
  onChange,
}: {
  value: DashboardBranch;
  /** The session's company: listed even before (or without) the list of branches. */
  current: Company;
  branches: Company[] | undefined;
  onChange: (branch: DashboardBranch) => void;
}) {
  const t = useT(dashboardText);
  const list = branches && branches.length > 0 ? branches : [current];
  const options = list.some((b) => b.id === current.id) ? list : [current, ...list];
  return (
    <SelectField
      label={t('branch')}
      className="w-full sm:w-[28rem]"
      value={String(value)}
      onChange={(e) => onChange(e.target.value === 'all' ? 'all' : Number(e.target.value))}
    >
      <option value="all">{t('allBranches')}</option>
      {options.map((b) => (
        <option key={b.id} value={b.id}>
          {b.id === current.id ? t('thisSession', { name: b.company_name }) : b.company_name}
        </option>
      ))}
    </SelectField>
  );
}
