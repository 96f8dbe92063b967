import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';

export const ledgerSchema = z.object({
  account: z.object({
    account_id: z.number(),
    account_code: z.string(),
    account_name: z.string(),
    account_type: z.string(),
    balance_side: z.enum(['debit', 'credit']),
  }),
  from: z.string(),
  to: z.string(),
  brought_forward: z.number(),
  lines: z.array(
    z.object({
      entry_date: z.string(),
      entry_id: z.number(),
      voucher_number: z.string(),
      voucher_type: z.string(),
      narration: z.string(),
      debit: z.number(),
      credit: z.number(),
      balance: z.number(),
    }),
  ),
  totals: z.object({ debit: z.number(), credit: z.number() }),
  closing_balance: z.number(),
});
export type Ledger = z.infer<typeof ledgerSchema>;

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
