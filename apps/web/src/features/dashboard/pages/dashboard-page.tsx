import { ComplexTable } from '../components/complex-table';
import { MonthTrendChart } from '../components/month-trend-chart';
import { StatCard } from '../components/stat-card';
import { WeeklyRevenueChart } from '../components/weekly-revenue-chart';
import { statCards } from '../sample-data';

export function DashboardPage() {
  return (
    <div className="space-y-5">
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Sample figures for illustration; live figures arrive with the reports.
      </p>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {statCards.map((card) => (
          <StatCard
            key={card.id}
            label={card.label}
            amountPaise={card.amountPaise}
            icon={card.icon}
            growth={'growth' in card ? card.growth : undefined}
          />
        ))}
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <MonthTrendChart />
        <WeeklyRevenueChart />
      </div>
      <ComplexTable />
    </div>
  );
}

export default DashboardPage;
