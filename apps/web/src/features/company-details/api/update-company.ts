import type { CompanyInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { type Company, companyRecordSchema } from '@/lib/session-types';
import { companyQueryKey } from './get-company';

/**
 * PUT /companies/{id} with the details; `logo` is left out so the stored logo stays (the read answer
 * carries a signed link, not something to send back).
 */
export async function updateCompany(id: number, values: CompanyInput): Promise<Company> {
  const { logo: _ignored, ...details } = values;
  return companyRecordSchema.parse(
    await apiRequest<unknown>(`/companies/${id}`, { method: 'PUT', body: details }),
  );
}

/** POST /companies/{id}/upload-logo, multipart field `file` (PNG, JPEG or WebP). */
export async function uploadLogo(id: number, file: File): Promise<Company> {
  const form = new FormData();
  form.append('file', file);
  try {
    return companyRecordSchema.parse(
      await apiRequest<unknown>(`/companies/${id}/upload-logo`, { method: 'POST', body: form }),
    );
  } catch (error) {
    // Shell-and-masters §8: the server's detail, else 'Logo upload failed with status {n}'.
    if (error instanceof ApiError && error.message.startsWith('Request failed with status')) {
      throw new ApiError(error.status, `Logo upload failed with status ${error.status}`, error.detail);
    }
    throw error;
  }
}

export class LogoUploadError extends Error {
  override readonly name = 'LogoUploadError';
  constructor(
    readonly company: Company,
    readonly uploadError: unknown,
  ) {
    super(uploadError instanceof Error ? uploadError.message : 'Failed to upload logo.');
  }
}

/**
 * Saves the details, then the chosen logo. When only the logo fails the details are saved already:
 * that is reported as a LogoUploadError carrying the saved company, so the screen can say exactly that.
 */
export function useSaveCompany(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, logo }: { values: CompanyInput; logo: File | null }) => {
      const saved = await updateCompany(id, values);
      if (!logo) return saved;
      try {
        return await uploadLogo(id, logo);
      } catch (error) {
        throw new LogoUploadError(saved, error);
      }
    },
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyQueryKey(id) }),
  });
}
