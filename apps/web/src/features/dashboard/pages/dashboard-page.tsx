import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { formatRupeeAmount } from '../../../lib/format';
import { useDashboard } from '../api/get-dashboard';
import { ComplexTable } from '../components/complex-table';
import { MonthTrendChart } from '../components/month-trend-chart';
import { StatCard } from '../components/stat-card';
import { WeeklyRevenueChart } from '../components/weekly-revenue-chart';

export function DashboardPage() {
  const { data, error, isPending, refetch } = useDashboard();
  if (isPending) return <Spinner label="Loading the dashboard..." />;
  if (error || !data) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        <span className="flex items-center gap-2">
          <Icon name="alert" className="size-4 shrink-0" />
          {error?.message ?? 'The dashboard could not be loaded.'}
        </span>
        <Button variant="secondary" onClick={() => void refetch()} className="py-1.5">
          Try again
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
      {quiet ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          No pledges or payments yet this month: the figures fill in as the counter works.
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Earnings" value={formatRupeeAmount(data.earnings)} icon="chart" />
        <StatCard label="Spend this month" value={formatRupeeAmount(data.spend_this_month)} icon="wallet" />
        <StatCard
          label="Sales"
          value={`${data.sales.count.toLocaleString('en-IN')} ${data.sales.count === 1 ? 'pledge' : 'pledges'}`}
          icon="coins"
          growth={data.sales.growth_percent}
        />
        <StatCard label="Your balance" value={formatRupeeAmount(data.balance)} icon="book" />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <MonthTrendChart data={data} />
        <WeeklyRevenueChart weekly={data.weekly} />
      </div>
      <ComplexTable rows={data.due} />
    </div>
  );
}

export default DashboardPage;
