import {
  type PledgeRenewalLinks,
  pledgeRenewalLinksSchema,
  type RenewalPreview,
  type RenewalSaved,
  type RenewPledgeFormInput,
  renewalPreviewSchema,
  renewalSavedSchema,
} from '@pledge-desk/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/**
 * The calls of the Renew / Top-up screen. Every answer is parsed with the domain's
 * schema: every figure the screen shows is the server's.
 */

export const renewalQueryKeys = {
  preview: ['renewal-preview'] as const,
  links: ['pledge-renewals'] as const,
};

/** POST /pledges/{id}/renew/preview: every figure, nothing written. */
export async function previewRenewal(
  pledgeId: number,
  body: RenewPledgeFormInput,
  signal?: AbortSignal,
): Promise<RenewalPreview> {
  const answer = await apiRequest<unknown>(`/pledges/${pledgeId}/renew/preview`, {
    method: 'POST',
    body,
    ...(signal ? { signal } : {}),
  });
  return renewalPreviewSchema.parse(answer);
}

/** POST /pledges/{id}/renew, with an Idempotency-Key so a retry never renews twice. */
export async function saveRenewal({
  pledgeId,
  body,
  idempotencyKey,
}: {
  pledgeId: number;
  body: RenewPledgeFormInput;
  idempotencyKey: string;
}): Promise<RenewalSaved> {
  const answer = await apiRequest<unknown>(`/pledges/${pledgeId}/renew`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return renewalSavedSchema.parse(answer);
}

/** GET /pledges/{id}/renewals: the pledge it was renewed from and into. */
export async function getRenewalLinks(pledgeId: number, signal?: AbortSignal): Promise<PledgeRenewalLinks> {
  const answer = await apiRequest<unknown>(`/pledges/${pledgeId}/renewals`, signal ? { signal } : {});
  return pledgeRenewalLinksSchema.parse(answer);
}

/** The live preview of `body` (null while the form cannot be sent); the last figures stay meanwhile. */
export function useRenewalPreview(pledgeId: number, body: RenewPledgeFormInput | null) {
  const queryKey = useCompanyQueryKey(renewalQueryKeys.preview, pledgeId, JSON.stringify(body));
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      previewRenewal(pledgeId, body as RenewPledgeFormInput, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRenewalLinks(pledgeId: number) {
  return useQuery({
    queryKey: useCompanyQueryKey(renewalQueryKeys.links, pledgeId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getRenewalLinks(pledgeId, signal),
  });
}

// The screen maps 422s onto its fields and words the other failures itself.
export function useSaveRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRenewal,
    meta: { skipErrorToast: true },
    onSuccess: () =>
      Promise.all(
        [
          ['pledges'],
          ['pledge-balance'],
          ['pledge-payments'],
          ['pending-pledges'],
          renewalQueryKeys.links,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
