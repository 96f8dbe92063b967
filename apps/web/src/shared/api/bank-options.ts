import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

const bankOptionSchema = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  account_number: z.string(),
  status: z.boolean(),
});
export type BankOption = z.infer<typeof bankOptionSchema>;

/** Under the banks' own key, so saving a bank refreshes every choice of it. */
export const bankOptionsQueryKey = ['banks', 'options'] as const;

/** GET /bank-details/: the selected company's bank accounts, inactive ones included (the picker filters). */
export async function getBankOptions(): Promise<BankOption[]> {
  return z.array(bankOptionSchema).parse(await apiRequest<unknown>('/bank-details/'));
}

export function useBankOptions() {
  return useQuery({ queryKey: useCompanyQueryKey(bankOptionsQueryKey), queryFn: getBankOptions });
}
