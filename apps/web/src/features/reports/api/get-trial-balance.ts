import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';

export const trialBalanceSchema = z.object({
  as_of: z.string(),
  rows: z.array(
    z.object({
      account_id: z.number().nullable(),
      account_code: z.string(),
      account_name: z.string(),
      account_type: z.string(),
      balance_side: z.enum(['debit', 'credit']),
      opening_balance: z.number(),
      debit: z.number(),
      credit: z.number(),
      closing_balance: z.number(),
      closing_debit: z.number(),
      closing_credit: z.number(),
    }),
  ),
  opening_balance_difference: z.number(),
  totals: z.object({
    debit: z.number(),
    credit: z.number(),
    closing_debit: z.number(),
    closing_credit: z.number(),
  }),
  balanced: z.boolean(),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

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
