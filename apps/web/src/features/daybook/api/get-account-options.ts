import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

export const accountOptionSchema = z.object({
  account_id: z.number(),
  account_code: z.string(),
  account_name: z.string(),
  is_active: z.boolean(),
  /** False for the accounts only pledges and payments move (docs/domain-rules.md §6.3): not offered here. */
  manual_entry: z.boolean(),
});
export type AccountOption = z.infer<typeof accountOptionSchema>;

/** GET /accounts: the active accounts, each saying whether a manual daybook line may use it. */
export async function getAccountOptions(): Promise<AccountOption[]> {
  return z.array(accountOptionSchema).parse(await apiRequest<unknown>('/accounts'));
}

export function useAccountOptions() {
  return useQuery({ queryKey: useCompanyQueryKey(['account-options']), queryFn: getAccountOptions });
}
