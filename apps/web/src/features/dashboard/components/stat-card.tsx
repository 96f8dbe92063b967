import { formatRupees } from '@pledge-desk/domain';
import { Icon, type IconName } from '../../../components/ui/icons';

export function StatCard({
  label,
  amountPaise,
  icon,
  growth,
}: {
  label: string;
  amountPaise: number;
  icon: IconName;
  growth?: string;
}) {
  return (
    <article className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-navy-800">
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-slate-100 text-brand-500 dark:bg-navy-700 dark:text-white">
        <Icon name={icon} className="size-6" />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</h2>
        <p className="truncate text-lg font-bold text-navy-700 dark:text-white">
          {formatRupees(amountPaise)}
        </p>
        {growth ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <span className="font-bold text-emerald-600 dark:text-emerald-400">{growth}</span> since last
            month
          </p>
        ) : null}
      </div>
    </article>
  );
}
