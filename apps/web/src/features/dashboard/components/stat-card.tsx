import { Icon, type IconName } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/language';
import { dashboardText } from '../i18n';

/** A figure card; `growth` is a signed percent shown as '{growth} since last month'. */
export function StatCard({
  label,
  value,
  icon,
  growth,
}: {
  label: string;
  value: string;
  icon: IconName;
  growth?: number | null | undefined;
}) {
  const t = useT(dashboardText);
  return (
    <article className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-navy-800">
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-slate-100 text-brand-500 dark:bg-navy-700 dark:text-white">
        <Icon name={icon} className="size-6" />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</h2>
        <p className="truncate text-lg font-bold text-navy-700 dark:text-white">{value}</p>
        {growth !== undefined ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {growth === null
              ? t('noneLastMonth')
              : t.rich('sinceLastMonth', {
                  growth: formatGrowth(growth),
                  b: (chunks) => (
                    <span
                      className={`font-bold ${growth < 0 ? 'text-red-600 dark:text-red-400' : 'text-emerald-600 dark:text-emerald-400'}`}
                    >
                      {chunks}
                    </span>
                  ),
                })}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** 200 → "+200%", -12.5 → "-12.5%", 0 → "0%". */
export function formatGrowth(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent}%`;
}
