import {
  type CustomerKyc,
  customerKycSchema,
  type EndOfPledgeSettings,
  type EndOfPledgeSettingsInput,
  endOfPledgeSettingsViewSchema,
  type PendingRelease,
  type PledgeHistory,
  type PledgeView,
  pendingReleaseListSchema,
  pledgeHistorySchema,
  pledgeViewSchema,
  type ReleasePledgeFormInput,
  type ReleaseView,
  releaseSlipPrintSchema,
  releaseViewSchema,
} from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';
import { useSession } from '@/lib/session';
import { type Company, companyRecordSchema } from '@/lib/session-types';

// The calls of the release of a pledge's articles, the awaiting-release list, a pledge's history and
// the end-of-pledge settings.

export const releaseKeys = {
  history: (pledgeId: number) => ['pledge-history', pledgeId] as const,
  release: (pledgeId: number) => ['pledge-release', pledgeId] as const,
  pending: ['releases-pending'] as const,
  settings: ['end-of-pledge-settings'] as const,
};

export function usePledgeHistory(pledgeId: number, enabled = true) {
  return useQuery({
    enabled: enabled && pledgeId > 0,
    queryKey: releaseKeys.history(pledgeId),
    queryFn: async ({ signal }): Promise<PledgeHistory> =>
      pledgeHistorySchema.parse(await apiRequest<unknown>(`/pledges/${pledgeId}/history`, { signal })),
    staleTime: 0,
  });
}

export function useRelease(pledgeId: number | null, enabled = true) {
  return useQuery({
    queryKey: releaseKeys.release(pledgeId ?? 0),
    queryFn: async ({ signal }): Promise<ReleaseView> =>
      releaseViewSchema.parse(await apiRequest<unknown>(`/pledges/${pledgeId}/release`, { signal })),
    enabled: enabled && pledgeId !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useReleasePledge(pledgeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: ReleasePledgeFormInput; key: string }): Promise<ReleaseView> =>
      releaseViewSchema.parse(
        await apiRequest<unknown>(`/pledges/${pledgeId}/release`, {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key },
        }),
      ),
    meta: { skipErrorToast: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: releaseKeys.history(pledgeId) }),
        queryClient.invalidateQueries({ queryKey: releaseKeys.pending }),
      ]),
  });
}

export function useRecordSlipPrint(pledgeId: number) {
  return useMutation({
    mutationFn: async () =>
      releaseSlipPrintSchema.parse(
        await apiRequest<unknown>(`/pledges/${pledgeId}/release/slip-prints`, { method: 'POST' }),
      ),
    meta: { skipErrorToast: true },
  });
}

export interface PendingPage {
  rows: PendingRelease[];
  total: number;
  overdue: number;
  wait: number | null;
}

export function usePendingReleases(page: { skip: number; limit: number }) {
  const { company } = useSession();
  return useQuery({
    queryKey: [...releaseKeys.pending, company?.id ?? 0, page] as const,
    queryFn: async ({ signal }): Promise<PendingPage> => {
      const { body, headers } = await apiRequestWithHeaders<unknown>('/releases/pending', {
        query: { skip: page.skip, limit: page.limit },
        signal,
      });
      const wait = headers.get('X-Release-Wait');
      return {
        rows: pendingReleaseListSchema.parse(body),
        total: Number(headers.get('X-Total-Count') ?? 0),
        overdue: Number(headers.get('X-Overdue-Count') ?? 0),
        wait: wait === null ? null : Number(wait),
      };
    },
    staleTime: 0,
  });
}

export function useEndOfPledgeSettings() {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: [...releaseKeys.settings, companyId] as const,
    queryFn: async ({ signal }): Promise<EndOfPledgeSettings> =>
      endOfPledgeSettingsViewSchema.parse(
        await apiRequest<unknown>(`/companies/${companyId}/end-of-pledge-settings`, { signal }),
      ),
    enabled: companyId !== null,
    staleTime: 0,
  });
}

export function useSaveEndOfPledgeSettings() {
  const { company } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: EndOfPledgeSettingsInput): Promise<EndOfPledgeSettings> =>
      endOfPledgeSettingsViewSchema.parse(
        await apiRequest<unknown>(`/companies/${company?.id}/end-of-pledge-settings`, {
          method: 'PUT',
          body: values,
        }),
      ),
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseKeys.settings }),
  });
}

/** The pledge the release screen shows (GET /pledges/{id}). */
export function useReleasePledgeView(pledgeId: number) {
  return useQuery({
    queryKey: ['release-pledge-view', pledgeId] as const,
    queryFn: async ({ signal }): Promise<PledgeView> =>
      pledgeViewSchema.parse(await apiRequest<unknown>(`/pledges/${pledgeId}`, { signal })),
    staleTime: 0,
  });
}

/** The lender's name, address and licence for the slip's header, read fresh (GET /companies/{id}). */
export function useSlipCompany(companyId: number | null) {
  return useQuery({
    queryKey: ['company-details', companyId ?? 0, 'release-slip'] as const,
    queryFn: async ({ signal }): Promise<Company> =>
      companyRecordSchema.parse(await apiRequest<unknown>(`/companies/${companyId}`, { signal })),
    enabled: companyId !== null,
    staleTime: 0,
  });
}

/**
 * The pawner's KYC (GET /customers/{id}/kyc): the photograph the slip prints beside the name, and the
 * nominee the release screen offers for a release to someone else. Under the customers' key, so a KYC
 * saved at the customers' desk is read again here.
 */
export function useReleaseCustomerKyc(customerId: number | null) {
  return useQuery({
    queryKey: useCompanyQueryKey(['customers'] as const, 'release-kyc', customerId),
    queryFn: async ({ signal }): Promise<CustomerKyc> =>
      customerKycSchema.parse(await apiRequest<unknown>(`/customers/${customerId}/kyc`, { signal })),
    enabled: customerId !== null,
    staleTime: 0,
  });
}
