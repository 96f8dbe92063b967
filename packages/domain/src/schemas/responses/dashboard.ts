import { z } from '../zod.ts';

/**
 * GET /dashboard (shell-and-masters §2 Dashboard): the branch's figures as of a
 * business date, all in rupees (numeric(14,2) read as numbers, like every other response).
 */
export const dashboardSchema = z.object({
  as_of: z.string(),
  /** Interest (4000), document charges (4100) and penalty (4200) income this month up to as_of. */
  earnings: z.number(),
  /** Loans paid out this month: Σ total_loan_amount of the active pledges dated in the month. */
  spend_this_month: z.number(),
  /** New pledges this month, and the change against last month to the same day (null: none then). */
  sales: z.object({ count: z.number().int(), growth_percent: z.number().nullable() }),
  /** Cash (1000) + bank clearing (1190) balance at the end of as_of. */
  balance: z.number(),
  /** Every day of the month up to as_of: loans paid out, and receipts collected (net, unreversed). */
  daily: z.array(z.object({ date: z.string(), disbursed: z.number(), collected: z.number() })),
  /** The last 7 days up to as_of: interest income (4000), charges (4100 + 4200). */
  weekly: z.array(z.object({ date: z.string(), interest: z.number(), charges: z.number() })),
  /** Open pledges due within 15 days or overdue, most urgent first, at most 10. */
  due: z.array(
    z.object({
      pledge_id: z.number().int(),
      pledge_no: z.string(),
      customer_name: z.string(),
      status: z.enum(['due_soon', 'overdue']),
      due_date: z.string(),
      /** Share of the term elapsed, 0 to 100. */
      progress: z.number().int(),
      /** The pledge's branch, its id and name: only on the all-branches dashboard (`scope=all`). */
      company_id: z.number().int().optional(),
      company_name: z.string().optional(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Which books GET /dashboard reads: the branch X-Company-Id names, or every branch (admins only). */
export const DASHBOARD_SCOPES = ['branch', 'all'] as const;
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];

/** How far ahead the dashboard's due list looks, and how many pledges it shows. */
export const DASHBOARD_DUE_DAYS = 15;
export const DASHBOARD_DUE_LIMIT = 10;
