import { chartAccountViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { companyQueryKey } from '@/lib/company-query';

/** The shared answer (`chartAccountViewSchema` of @pledge-desk/domain): the fields this screen reads. */
export const chartAccountRecordSchema = chartAccountViewSchema
  .pick({
    id: true,
    account_name: true,
    account_code: true,
    sub_account_of: true,
    account_type: true,
    account_category: true,
    opening_balance: true,
    description: true,
    status: true,
    is_system: true,
    company_id: true,
    created_at: true,
  })
  .partial({ sub_account_of: true, description: true, is_system: true, created_at: true });
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
