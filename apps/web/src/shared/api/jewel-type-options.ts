import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

const jewelTypeOptionSchema = z.object({
  id: z.number(),
  jewel_name: z.string(),
  purity: z.string(),
  status: z.boolean(),
});
export type JewelTypeOption = z.infer<typeof jewelTypeOptionSchema>;

/**
 * Under the jewel types' own key: saving a jewel type (which invalidates `['jewel-types']`) refreshes
 * every form's choice too.
 */
export const jewelTypeOptionsQueryKey = ['jewel-types', 'options'] as const;

/** GET /jewel-types/: the selected company's jewel types, inactive ones included (the caller filters). */
export async function getJewelTypeOptions(): Promise<JewelTypeOption[]> {
  return z.array(jewelTypeOptionSchema).parse(await apiRequest<unknown>('/jewel-types/'));
}

/** The jewel types for a form's choice: the scheme form, the jewel rate form, the pledge item. */
export function useJewelTypeOptions() {
  return useQuery({ queryKey: useCompanyQueryKey(jewelTypeOptionsQueryKey), queryFn: getJewelTypeOptions });
}
