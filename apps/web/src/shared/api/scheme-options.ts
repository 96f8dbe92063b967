import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

const schemeOptionSchema = z.object({
  id: z.number(),
  jewel_type_id: z.number(),
  scheme_name: z.string(),
  short_name: z.string(),
  status: z.boolean(),
});
export type SchemeOption = z.infer<typeof schemeOptionSchema>;

/** Under the schemes' own key, so saving a scheme refreshes every choice of it. */
export const schemeOptionsQueryKey = ['schemes', 'options'] as const;

/** GET /schemes/: the selected company's loan schemes, inactive ones included (the picker filters). */
export async function getSchemeOptions(): Promise<SchemeOption[]> {
  return z.array(schemeOptionSchema).parse(await apiRequest<unknown>('/schemes/'));
}

export function useSchemeOptions() {
  return useQuery({ queryKey: useCompanyQueryKey(schemeOptionsQueryKey), queryFn: getSchemeOptions });
}
