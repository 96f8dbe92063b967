import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { companyQueryKey } from '@/lib/company-query';

const reportAccountSchema = z.object({
  id: z.number(),
  account_code: z.string(),
  account_name: z.string(),
  status: z.boolean(),
});
export type ReportAccount = z.infer<typeof reportAccountSchema>;

/**
 * The whole chart (GET /chart-of-accounts/{companyId}), inactive accounts included: an account
 * deactivated today still has a ledger to read.
 */
export async function getReportAccounts(companyId: number): Promise<ReportAccount[]> {
  const rows = z
    .array(reportAccountSchema)
    .parse(await apiRequest<unknown>(`/chart-of-accounts/${companyId}`));
  return [...rows].sort((a, b) => a.account_code.localeCompare(b.account_code, 'en', { numeric: true }));
}

export function useReportAccounts(companyId: number | null) {
  return useQuery({
    queryKey: companyQueryKey(['chart-of-accounts'], companyId, 'report-options'),
    queryFn: () => getReportAccounts(companyId ?? 0),
    enabled: companyId !== null,
  });
}
