import type { CompanyInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type Company, companyRecordSchema } from '@/lib/session-types';

/** POST /companies/ (admin only). */
export async function createCompany(values: CompanyInput): Promise<Company> {
  return companyRecordSchema.parse(
    await apiRequest<unknown>('/companies/', { method: 'POST', body: values }),
  );
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['companies'] }),
  });
}
