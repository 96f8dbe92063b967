import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';

export const jewelTypeRecordSchema = z.object({
  id: z.number(),
  jewel_name: z.string(),
  description: z.string().nullable().optional(),
  purity: z.string(),
  status: z.boolean(),
  created_at: z.string().nullable().optional(),
});
export type JewelType = z.infer<typeof jewelTypeRecordSchema>;

export const jewelTypesQueryKey = ['jewel-types'] as const;

/** GET /jewel-types/: the selected company's jewel types, newest first. */
export async function getJewelTypes(): Promise<JewelType[]> {
  return z.array(jewelTypeRecordSchema).parse(await apiRequest<unknown>('/jewel-types/'));
}

export function useJewelTypes() {
  return useQuery({ queryKey: useCompanyQueryKey(jewelTypesQueryKey), queryFn: getJewelTypes });
}
