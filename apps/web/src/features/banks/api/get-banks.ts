import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';

export const bankRecordSchema = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  account_holder_name: z.string(),
  account_number: z.string(),
  ifsc_code: z.string(),
  branch_name: z.string(),
  account_type: z.string(),
  status: z.boolean(),
  created_at: z.string().nullable().optional(),
});
export type Bank = z.infer<typeof bankRecordSchema>;

export const banksQueryKey = ['banks'] as const;

/** GET /bank-details/: the selected company's bank accounts, newest first. */
export async function getBanks(): Promise<Bank[]> {
  return z.array(bankRecordSchema).parse(await apiRequest<unknown>('/bank-details/'));
}

export function useBanks() {
  return useQuery({ queryKey: useCompanyQueryKey(banksQueryKey), queryFn: getBanks });
}
