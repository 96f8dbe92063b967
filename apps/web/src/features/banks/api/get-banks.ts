import { bankViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/** The shared answer (`bankViewSchema` of @pledge-desk/domain): the fields this screen reads. */
export const bankRecordSchema = bankViewSchema
  .pick({
    id: true,
    bank_name: true,
    account_holder_name: true,
    account_number: true,
    ifsc_code: true,
    branch_name: true,
    account_type: true,
    status: true,
    created_at: true,
  })
  .partial({ created_at: true });
export type Bank = z.infer<typeof bankRecordSchema>;

export const banksQueryKey = ['banks'] as const;

/** GET /bank-details/: the selected company's bank accounts, newest first. */
export async function getBanks(): Promise<Bank[]> {
  return z.array(bankRecordSchema).parse(await apiRequest<unknown>('/bank-details/'));
}

export function useBanks() {
  return useQuery({ queryKey: useCompanyQueryKey(banksQueryKey), queryFn: getBanks });
}
