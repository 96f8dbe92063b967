import { jewelTypeViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/** The shared answer (`jewelTypeViewSchema` of @pledge-desk/domain): the fields this screen reads. */
export const jewelTypeRecordSchema = jewelTypeViewSchema
  .pick({
    id: true,
    jewel_name: true,
    description: true,
    purity: true,
    metal: true,
    status: true,
    created_at: true,
  })
  .partial({ description: true, created_at: true });
export type JewelType = z.infer<typeof jewelTypeRecordSchema>;

export const jewelTypesQueryKey = ['jewel-types'] as const;

/** GET /jewel-types/: the selected company's jewel types, newest first. */
export async function getJewelTypes(): Promise<JewelType[]> {
  return z.array(jewelTypeRecordSchema).parse(await apiRequest<unknown>('/jewel-types/'));
}

export function useJewelTypes() {
  return useQuery({ queryKey: useCompanyQueryKey(jewelTypesQueryKey), queryFn: getJewelTypes });
}
