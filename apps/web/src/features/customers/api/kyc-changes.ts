import {
  type CustomerKyc,
  customerKycSchema,
  type Form60Input,
  type NomineeInput,
} from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { customerKycKey, refreshCustomerList } from './get-customer-kyc';

/**
 * The changes to a customer's KYC that answer the whole fresh CustomerKyc (issue 33): the photograph,
 * the nominee, the Form 60 declaration and the old ID proof looked at. The answer replaces the panel's
 * copy at once; the customers list (its KYC column) is fetched again.
 */

async function kycAnswer(path: string, options: Parameters<typeof apiRequest>[1]): Promise<CustomerKyc> {
  return customerKycSchema.parse(await apiRequest<unknown>(path, options));
}

/** POST /customers/{id}/photo as multipart, field `file`. */
export function uploadCustomerPhoto({ customerId, file }: { customerId: number; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return kycAnswer(`/customers/${customerId}/photo`, { method: 'POST', body: form });
}

/** DELETE /customers/{id}/photo. */
export function removeCustomerPhoto({ customerId }: { customerId: number }) {
  return kycAnswer(`/customers/${customerId}/photo`, { method: 'DELETE' });
}

/** PUT /customers/{id}/nominee. */
export function saveNominee({ customerId, nominee }: { customerId: number; nominee: NomineeInput }) {
  return kycAnswer(`/customers/${customerId}/nominee`, { method: 'PUT', body: nominee });
}

/** DELETE /customers/{id}/nominee. */
export function clearNominee({ customerId }: { customerId: number }) {
  return kycAnswer(`/customers/${customerId}/nominee`, { method: 'DELETE' });
}

/** PUT /customers/{id}/form60. */
export function recordForm60({ customerId, form60 }: { customerId: number; form60: Form60Input }) {
  return kycAnswer(`/customers/${customerId}/form60`, { method: 'PUT', body: form60 });
}

/** DELETE /customers/{id}/form60. */
export function removeForm60({ customerId }: { customerId: number }) {
  return kycAnswer(`/customers/${customerId}/form60`, { method: 'DELETE' });
}

/** POST /customers/{id}/id-proof-reviewed: the old ID-proof image shows no whole Aadhaar number. */
export function markIdProofReviewed({ customerId }: { customerId: number }) {
  return kycAnswer(`/customers/${customerId}/id-proof-reviewed`, { method: 'POST' });
}

/** A mutation of one of the changes above; the screen shows its error where the change was asked. */
export function useKycChange<V extends { customerId: number }>(change: (vars: V) => Promise<CustomerKyc>) {
  const queryClient = useQueryClient();
  const { company } = useSession();
  return useMutation({
    mutationFn: change,
    meta: { skipErrorToast: true },
    onSuccess: (kyc, vars) => {
      queryClient.setQueryData(customerKycKey(company?.id ?? null, vars.customerId), kyc);
      return refreshCustomerList(queryClient);
    },
  });
}
