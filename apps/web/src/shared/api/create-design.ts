import type { JewelDesignInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type Design, designSchema } from './search-designs';

/** POST /jewell_designs/: a new design (a coin or an ornament) from the pledge screen's '+ Create new'. */
export async function createDesign(values: JewelDesignInput): Promise<Design> {
  return designSchema.parse(await apiRequest<unknown>('/jewell_designs/', { method: 'POST', body: values }));
}

export function useCreateDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDesign,
    // The design dialog shows the error itself: a taken name under the name, anything else above.
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['designs'] }),
  });
}
