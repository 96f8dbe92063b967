import { type TrialBalance, trialBalanceSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

export type { TrialBalance };

/** GET /reports/trial-balance?as_of= */
export async function getTrialBalance(asOf: string): Promise<TrialBalance> {
  return trialBalanceSchema.parse(
    await apiRequest<unknown>('/reports/trial-balance', { query: { as_of: asOf } }),
  );
}

export function useTrialBalance(asOf: string) {
  return useQuery({
    queryKey: useCompanyQueryKey(['reports', 'trial-balance'], asOf),
    queryFn: () => getTrialBalance(asOf),
    enabled: asOf !== '',
  });
}
