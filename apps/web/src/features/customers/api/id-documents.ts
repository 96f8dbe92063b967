import {
  type CustomerKyc,
  type IdDocumentInput,
  type IdDocumentView,
  idDocumentViewSchema,
} from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { customerKycKey, refreshCustomerList } from './get-customer-kyc';

export type IdDocumentSide = 'front' | 'back';

/**
 * POST /customers/{id}/id-documents. Another customer with the same PAN (or the same Aadhaar last four
 * and a similar name) answers 409 PROBABLE_DUPLICATE with the question to ask; `confirmDuplicate`
 * sends it again with `confirm_duplicate=true`, which saves anyway.
 */
export async function addIdDocument({
  customerId,
  document,
  confirmDuplicate = false,
}: {
  customerId: number;
  document: IdDocumentInput;
  confirmDuplicate?: boolean;
}): Promise<IdDocumentView> {
  const body = await apiRequest<unknown>(`/customers/${customerId}/id-documents`, {
    method: 'POST',
    body: document,
    query: { confirm_duplicate: confirmDuplicate ? 'true' : undefined },
  });
  return idDocumentViewSchema.parse(body);
}

/** DELETE /customers/{id}/id-documents/{documentId}. */
export async function removeIdDocument({
  customerId,
  documentId,
}: {
  customerId: number;
  documentId: number;
}): Promise<null> {
  await apiRequest<unknown>(`/customers/${customerId}/id-documents/${documentId}`, { method: 'DELETE' });
  return null;
}

/** POST …/id-documents/{documentId}/image?side= as multipart, field `file` (already masked by the clerk). */
export async function uploadIdDocumentImage({
  customerId,
  documentId,
  side,
  file,
}: {
  customerId: number;
  documentId: number;
  side: IdDocumentSide;
  file: File;
}): Promise<IdDocumentView> {
  const form = new FormData();
  form.append('file', file);
  const body = await apiRequest<unknown>(`/customers/${customerId}/id-documents/${documentId}/image`, {
    method: 'POST',
    body: form,
    query: { side },
  });
  return idDocumentViewSchema.parse(body);
}

/** DELETE …/id-documents/{documentId}/image?side=. */
export async function removeIdDocumentImage({
  customerId,
  documentId,
  side,
}: {
  customerId: number;
  documentId: number;
  side: IdDocumentSide;
}): Promise<IdDocumentView> {
  const body = await apiRequest<unknown>(`/customers/${customerId}/id-documents/${documentId}/image`, {
    method: 'DELETE',
    query: { side },
  });
  return idDocumentViewSchema.parse(body);
}

/**
 * A change to one ID document. Its answer (the document, or null once removed) goes into the panel's
 * copy at once; the KYC is fetched again for what is missing now, and so is the customers list.
 */
export function useIdDocumentChange<V extends { customerId: number; documentId?: number }>(
  change: (vars: V) => Promise<IdDocumentView | null>,
) {
  const queryClient = useQueryClient();
  const { company } = useSession();
  return useMutation({
    mutationFn: change,
    meta: { skipErrorToast: true },
    onSuccess: (document, vars) => {
      const key = customerKycKey(company?.id ?? null, vars.customerId);
      queryClient.setQueryData<CustomerKyc>(key, (kyc) => {
        if (!kyc) return kyc;
        if (!document) return { ...kyc, documents: kyc.documents.filter((d) => d.id !== vars.documentId) };
        const known = kyc.documents.some((d) => d.id === document.id);
        const documents = known
          ? kyc.documents.map((d) => (d.id === document.id ? document : d))
          : [...kyc.documents, document];
        return { ...kyc, documents };
      });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        refreshCustomerList(queryClient),
      ]);
    },
  });
}
