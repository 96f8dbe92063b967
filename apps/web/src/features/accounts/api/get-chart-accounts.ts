import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { companyQueryKey } from '../../../lib/company-query';

export const chartAccountRecordSchema = z.object({
  id: z.number(),
  account_name: z.string(),
  account_code: z.string(),
  sub_account_of: z.number().nullable().optional(),
  account_type: z.string(),
  account_category: z.string(),
  opening_balance: z.number(),
  description: z.string().nullable().optional(),
  status: z.boolean(),
  /** The accounts of DOMAIN-RULES §6: renamed, never deleted. */
  is_system: z.boolean().optional().default(false),
  company_id: z.number(),
  created_at: z.string().nullable().optional(),
});
export type ChartAccount = z.infer<typeof chartAccountRecordSchema>;

export const chartAccountsQueryKey = (companyId: number | null) =>
  companyQueryKey(['chart-of-accounts'], companyId);

/** GET /chart-of-accounts/{companyId}: the chart of the selected company, by id ascending (spec §2). */
export async function getChartAccounts(companyId: number): Promise<ChartAccount[]> {
  const rows = z
    .array(chartAccountRecordSchema)
    .parse(await apiRequest<unknown>(`/chart-of-accounts/${companyId}`));
  // The spec sorts chart accounts by id ascending; the server does too, this keeps the screen honest.
  return [...rows].sort((a, b) => a.id - b.id);
}

export function useChartAccounts(companyId: number | null) {
  return useQuery({
    queryKey: chartAccountsQueryKey(companyId),
    queryFn: () => getChartAccounts(companyId ?? 0),
    enabled: companyId !== null,
  });
}
