/**
 * Spec §2: the dashboard shows hard-coded sample figures (7 chart points: Jan to Jul and weekdays).
 * Amounts are in paise, like every amount the domain package formats.
 */

export const statCards = [
  { id: 'earnings', label: 'Earnings', amountPaise: 35_040_000, icon: 'chart' },
  { id: 'spend', label: 'Spend this month', amountPaise: 6_423_900, icon: 'wallet' },
  { id: 'sales', label: 'Sales', amountPaise: 57_434_000, icon: 'coins', growth: '+23%' },
  { id: 'balance', label: 'Your balance', amountPaise: 100_000_000, icon: 'book' },
] as const;

/** Loans disbursed and collections per month, in thousands of rupees. */
export const monthlyTrend = [
  { month: 'Jan', disbursed: 310, collected: 240 },
  { month: 'Feb', disbursed: 340, collected: 260 },
  { month: 'Mar', disbursed: 300, collected: 290 },
  { month: 'Apr', disbursed: 390, collected: 300 },
  { month: 'May', disbursed: 360, collected: 330 },
  { month: 'Jun', disbursed: 420, collected: 340 },
  { month: 'Jul', disbursed: 375, collected: 360 },
];

export const monthSummary = { totalPaise: 375_000_000, growth: '+2.45%' };

/** Interest received per weekday, in thousands of rupees. */
export const weeklyRevenue = [
  { day: 'Mon', interest: 42, charges: 8 },
  { day: 'Tue', interest: 55, charges: 11 },
  { day: 'Wed', interest: 38, charges: 6 },
  { day: 'Thu', interest: 61, charges: 12 },
  { day: 'Fri', interest: 70, charges: 15 },
  { day: 'Sat', interest: 84, charges: 18 },
  { day: 'Sun', interest: 20, charges: 4 },
];

export type SampleStatus = 'Approved' | 'Pending' | 'Overdue';

export const complexTableRows: {
  name: string;
  status: SampleStatus;
  budgetPaise: number;
  date: string;
  progress: number;
}[] = [
  {
    name: 'Main Branch renewals',
    status: 'Approved',
    budgetPaise: 245_000_000,
    date: '2026-04-18',
    progress: 75,
  },
  {
    name: 'Festival gold loan drive',
    status: 'Pending',
    budgetPaise: 120_000_000,
    date: '2026-04-10',
    progress: 30,
  },
  { name: 'Auction notices', status: 'Overdue', budgetPaise: 18_000_000, date: '2026-03-28', progress: 90 },
  { name: 'Vault audit', status: 'Approved', budgetPaise: 5_000_000, date: '2026-03-15', progress: 55 },
];
