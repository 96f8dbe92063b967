import { type VaultRegister, vaultRegisterSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '@/lib/api-client';
import { companyQueryKey, keepPreviousDataOf } from '@/lib/company-query';
import { useSession } from '@/lib/session';

export type { VaultRegister };

export interface VaultQuery {
  asOf: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** GET /registers/vault?as_of&page&page_size: one page of the articles held and the totals. */
export async function getVaultRegister(
  query: VaultQuery,
  signal?: AbortSignal,
): Promise<{ vault: VaultRegister; total: number }> {
  const { body, headers } = await apiRequestWithHeaders<unknown>('/registers/vault', {
    query: { as_of: query.asOf, page: query.page, page_size: query.pageSize },
    ...(signal ? { signal } : {}),
  });
  const vault = vaultRegisterSchema.parse(body);
  const header = Number(headers.get('x-total-count'));
  return { vault, total: Number.isSafeInteger(header) ? header : vault.totals.overall.items };
}

export function useVaultRegister(query: VaultQuery, enabled = true) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: companyQueryKey(['registers', 'vault'], companyId, query),
    queryFn: ({ signal }: { signal: AbortSignal }) => getVaultRegister(query, signal),
    placeholderData: keepPreviousDataOf<{ vault: VaultRegister; total: number }>(companyId),
    enabled,
  });
}
