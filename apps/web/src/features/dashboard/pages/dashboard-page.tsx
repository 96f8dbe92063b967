import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useBranches } from '../api/get-branches';
import { type DashboardBranch, useDashboard } from '../api/get-dashboard';
import { BranchSelector } from '../components/branch-selector';
import { ComplexTable } from '../components/complex-table';
import { MonthTrendChart } from '../components/month-trend-chart';
import { StatCard } from '../components/stat-card';
import { WeeklyRevenueChart } from '../components/weekly-revenue-chart';
import { dashboardText } from '../i18n';

/**
 * The dashboard. An admin picks the branch whose figures it shows, or 'All branches' summed; the
 * choice lasts while the page is open and does not change the session's company (decisions.md,
 * 2026-11-23). `backupsCard`: the Backups card the backups feature owns (app/composed/dashboard-route.tsx),
 * shown to admins only, under the figures.
 */
export function DashboardPage({ backupsCard }: { backupsCard?: ReactNode }) {
  const { user, company, selectCompany } = useSession();
  const admin = isAdmin(user);
  const t = useT(dashboardText);
  const branches = useBranches(admin);
  // undefined: the session's branch.
  const [branch, setBranch] = useState<DashboardBranch | undefined>(undefined);
  const openInBranch = (companyId: number) => {
    const target = branches.data?.find((b) => b.id === companyId);
    if (target) selectCompany(target);
  };
  return (
    <div className="space-y-5">
      {admin && company ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <BranchSelector
            value={branch ?? company.id}
            current={company}
            branches={branches.data}
            onChange={(b) => setBranch(b === company.id ? undefined : b)}
          />
          {branch === 'all' ? (
            <p className="text-xs text-slate-600 dark:text-slate-300">{t('allBranchesNote')}</p>
          ) : null}
        </div>
      ) : null}
      <DashboardFigures
        branch={branch}
        sessionCompanyId={company?.id ?? null}
        onOpenInBranch={openInBranch}
      />
      {admin ? backupsCard : null}
    </div>
  );
}

function DashboardFigures({
  branch,
  sessionCompanyId,
  onOpenInBranch,
}: {
  branch: DashboardBranch | undefined;
  sessionCompanyId: number | null;
  onOpenInBranch: (companyId: number) => void;
}) {
  const { data, error, isPending, refetch } = useDashboard(branch);
  const t = useT(dashboardText);
  const messageText = useMessageText();
  if (isPending) return <Spinner label={t('loading')} />;
  if (error || !data) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        <span className="flex items-center gap-2">
          <Icon name="alert" className="size-4 shrink-0" />
          {error?.message ? messageText(error.message) : t('loadFailed')}
        </span>
        <Button variant="secondary" onClick={() => void refetch()} className="py-1.5">
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  const quiet =
    data.sales.count === 0 &&
    data.earnings === 0 &&
    data.daily.every((d) => d.collected === 0) &&
    data.due.length === 0;
  return (
    <div className="space-y-5">
      {quiet ? <p className="text-xs text-slate-500 dark:text-slate-400">{t('quiet')}</p> : null}
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label={t('earnings')} value={formatRupeeAmount(data.earnings)} icon="chart" />
        <StatCard
          label={t('spendThisMonth')}
          value={formatRupeeAmount(data.spend_this_month)}
          icon="wallet"
        />
        <StatCard
          label={t('sales')}
          value={t('salesValue', { count: data.sales.count })}
          icon="coins"
          growth={data.sales.growth_percent}
        />
        <StatCard label={t('yourBalance')} value={formatRupeeAmount(data.balance)} icon="book" />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <MonthTrendChart data={data} />
        <WeeklyRevenueChart weekly={data.weekly} />
      </div>
      <ComplexTable rows={data.due} sessionCompanyId={sessionCompanyId} onOpenInBranch={onOpenInBranch} />
    </div>
  );
}

export default DashboardPage;
