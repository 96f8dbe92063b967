import { type Ledger, ledgerSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

export type { Ledger };

export interface LedgerParams {
  accountId: string;
  from: string;
  to: string;
}

/** GET /reports/ledger?account_id=&from=&to= */
export async function getLedger(params: LedgerParams): Promise<Ledger> {
  return ledgerSchema.parse(
    await apiRequest<unknown>('/reports/ledger', {
      query: { account_id: params.accountId, from: params.from, to: params.to },
    }),
  );
}

export function useLedger(params: LedgerParams) {
  return useQuery({
    queryKey: useCompanyQueryKey(['reports', 'ledger'], params),
    queryFn: () => getLedger(params),
    enabled: params.accountId !== '' && params.from !== '' && params.to !== '' && params.from <= params.to,
  });
}
