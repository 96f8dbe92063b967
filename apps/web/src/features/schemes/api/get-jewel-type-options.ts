import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';

const optionSchema = z.object({
  id: z.number(),
  jewel_name: z.string(),
  purity: z.string(),
  status: z.boolean(),
});
export type JewelTypeOption = z.infer<typeof optionSchema>;

/** GET /jewel-types/ for the scheme form's choice (features do not share hooks, ARCHITECTURE §3). */
export async function getJewelTypeOptions(): Promise<JewelTypeOption[]> {
  return z.array(optionSchema).parse(await apiRequest<unknown>('/jewel-types/'));
}

export function useJewelTypeOptions() {
  return useQuery({
    queryKey: useCompanyQueryKey(['schemes', 'jewel-type-options']),
    queryFn: getJewelTypeOptions,
  });
}
