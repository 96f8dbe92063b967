import { type KycRegister, kycRegisterSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '@/lib/api-client';
import { companyQueryKey, keepPreviousDataOf } from '@/lib/company-query';
import { useSession } from '@/lib/session';
import { downloadCsv } from '@/shared/api/download-csv';

export type { KycRegister };

export interface KycRegisterQuery {
  /** Part of a name, a mobile number or a customer code; '' for every customer. */
  search: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

const PATH = '/registers/kyc-incomplete';

/** The search only when there is one: an empty `search=` would be a filter of its own to the server. */
const searchQuery = (search: string): Record<string, string> => (search === '' ? {} : { search });

/** GET /registers/kyc-incomplete?search&page&page_size: one page of the customers whose KYC has a gap. */
export async function getKycRegister(
  query: KycRegisterQuery,
  signal?: AbortSignal,
): Promise<{ register: KycRegister; total: number }> {
  const { body, headers } = await apiRequestWithHeaders<unknown>(PATH, {
    query: { ...searchQuery(query.search), page: query.page, page_size: query.pageSize },
    ...(signal ? { signal } : {}),
  });
  const register = kycRegisterSchema.parse(body);
  const header = Number(headers.get('x-total-count'));
  return { register, total: Number.isSafeInteger(header) ? header : register.total_count };
}

export function useKycRegister(query: KycRegisterQuery) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: companyQueryKey(['registers', 'kyc-incomplete'], companyId, query),
    queryFn: ({ signal }: { signal: AbortSignal }) => getKycRegister(query, signal),
    placeholderData: keepPreviousDataOf<{ register: KycRegister; total: number }>(companyId),
  });
}

/** The server's CSV of the whole register (`format=csv`), saved as kyc-incomplete-YYYY-MM-DD.csv. */
export function downloadKycRegisterCsv(search: string, today: string): Promise<void> {
  return downloadCsv(PATH, searchQuery(search), `kyc-incomplete-${today}.csv`);
}
