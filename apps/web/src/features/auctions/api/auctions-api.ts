import {
  type AuctionEligible,
  type AuctionLotDetail,
  type AuctionLotList,
  type AuctionSaleSaved,
  type AuctionShortfall,
  type AuctionShortfallList,
  type AuctionSurplus,
  type AuctionSurplusList,
  auctionEligibleSchema,
  auctionLotDetailSchema,
  auctionLotListSchema,
  auctionSaleSavedSchema,
  auctionShortfallListSchema,
  auctionShortfallSchema,
  auctionSurplusListSchema,
  auctionSurplusSchema,
  type SaleBook,
  type ShortfallCollected,
  type ShortfallReceipt,
  saleBookSchema,
  shortfallCollectedSchema,
  shortfallReceiptSchema,
} from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '@/lib/api-client';
import { companyQueryKey } from '@/lib/company-query';
import { useSession } from '@/lib/session';

// The auction's calls: lots, sales, surpluses, shortfalls and the sale book.

const BASE = ['auctions'] as const;

function useCompanyId() {
  const { company } = useSession();
  return company?.id ?? null;
}

export function useLots() {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...BASE, 'lots'], companyId),
    queryFn: async ({ signal }): Promise<AuctionLotList> =>
      auctionLotListSchema.parse(await apiRequest('/auctions', { query: { limit: 500 }, signal })),
  });
}

export function useEligible(asOf: string) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...BASE, 'eligible'], companyId, asOf),
    queryFn: async ({ signal }): Promise<AuctionEligible> =>
      auctionEligibleSchema.parse(await apiRequest('/auctions/eligible', { query: { as_of: asOf }, signal })),
    enabled: asOf !== '',
  });
}

export function useLot(lotId: number) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...BASE, 'lot'], companyId, lotId),
    queryFn: async ({ signal }): Promise<AuctionLotDetail> =>
      auctionLotDetailSchema.parse(await apiRequest(`/auctions/${lotId}`, { signal })),
    enabled: Number.isSafeInteger(lotId) && lotId > 0,
  });
}

export function useSurpluses(status: string) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...BASE, 'surpluses'], companyId, status),
    queryFn: async ({ signal }): Promise<AuctionSurplusList> =>
      auctionSurplusListSchema.parse(
        await apiRequest('/auction-surpluses', { query: { status, limit: 500 }, signal }),
      ),
  });
}

export function useSurplus(id: number) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...BASE, 'surplus'], companyId, id),
    queryFn: async ({ signal }): Promise<AuctionSurplus> =>
      auctionSurplusSchema.parse(await apiRequest(`/auction-surpluses/${id}`, { signal })),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

/** The printable receipt of one shortfall collection. */
export function useShortfallReceipt(settlementId: number) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...BASE, 'shortfall-receipt'], companyId, settlementId),
    queryFn: async ({ signal }): Promise<ShortfallReceipt> =>
      shortfallReceiptSchema.parse(
        await apiRequest(`/auction-shortfall-collections/${settlementId}`, { signal }),
      ),
    enabled: Number.isSafeInteger(settlementId) && settlementId > 0,
  });
}

export function useShortfalls(status: string) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...BASE, 'shortfalls'], companyId, status),
    queryFn: async ({ signal }): Promise<AuctionShortfallList> =>
      auctionShortfallListSchema.parse(
        await apiRequest('/auction-shortfalls', { query: { status, limit: 500 }, signal }),
      ),
  });
}

export async function getSaleBook(
  q: { from: string; to: string; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<{ book: SaleBook; total: number }> {
  const { body, headers } = await apiRequestWithHeaders<unknown>('/registers/sale-book', {
    query: { from: q.from, to: q.to, page: q.page, page_size: q.pageSize },
    ...(signal ? { signal } : {}),
  });
  const book = saleBookSchema.parse(body);
  const header = Number(headers.get('x-total-count'));
  return { book, total: Number.isSafeInteger(header) ? header : book.totals.sales };
}

export function useSaleBook(q: { from: string; to: string; page: number; pageSize: number }) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...BASE, 'sale-book'], companyId, q),
    queryFn: ({ signal }) => getSaleBook(q, signal),
    enabled: q.from !== '' && q.to !== '',
  });
}

/** A POST whose answer refreshes every auction query of the company. */
function useAuctionMutation<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: BASE }),
  });
}

export interface NewLot {
  auction_date: string;
  venue?: string | null;
  auctioneer?: string | null;
  remarks?: string | null;
  pledge_ids: number[];
}

export const useCreateLot = () =>
  useAuctionMutation(
    async (body: NewLot): Promise<AuctionLotDetail> =>
      auctionLotDetailSchema.parse(await apiRequest('/auctions', { method: 'POST', body })),
  );

export const useWithdraw = (lotId: number) =>
  useAuctionMutation(
    async (body: { pledge_id: number; reason: string }): Promise<AuctionLotDetail> =>
      auctionLotDetailSchema.parse(await apiRequest(`/auctions/${lotId}/withdraw`, { method: 'POST', body })),
  );

export interface SaleBody {
  pledge_id: number;
  sale_date: string;
  auctioneer: string;
  buyer_name: string;
  buyer_address?: string | null;
  sale_price: number;
  payment_method: string;
  payment_reference?: string | null;
  cash_limit_confirmed?: boolean;
}

export const useRecordSale = (lotId: number) =>
  useAuctionMutation(
    async (input: { body: SaleBody; key: string }): Promise<AuctionSaleSaved> =>
      auctionSaleSavedSchema.parse(
        await apiRequest(`/auctions/${lotId}/sales`, {
          method: 'POST',
          body: input.body,
          headers: { 'Idempotency-Key': input.key },
        }),
      ),
  );

export const usePaySurplus = () =>
  useAuctionMutation(
    async (input: {
      key: string;
      id: number;
      body: {
        paid_on: string;
        paid_to?: string | null;
        method: string;
        reference?: string | null;
        cash_limit_confirmed?: boolean;
      };
    }): Promise<AuctionSurplus> =>
      auctionSurplusSchema.parse(
        await apiRequest(`/auction-surpluses/${input.id}/pay`, {
          method: 'POST',
          body: input.body,
          headers: { 'Idempotency-Key': input.key },
        }),
      ),
  );

export const useDepositSurplus = () =>
  useAuctionMutation(
    async (input: {
      key: string;
      id: number;
      body: { deposited_on: string; reference: string };
    }): Promise<AuctionSurplus> =>
      auctionSurplusSchema.parse(
        await apiRequest(`/auction-surpluses/${input.id}/deposit`, {
          method: 'POST',
          body: input.body,
          headers: { 'Idempotency-Key': input.key },
        }),
      ),
  );

export const useCollectShortfall = () =>
  useAuctionMutation(
    async (input: {
      key: string;
      id: number;
      body: {
        on: string;
        amount: number;
        method: string;
        reference?: string | null;
        cash_limit_confirmed?: boolean;
      };
    }): Promise<ShortfallCollected> =>
      shortfallCollectedSchema.parse(
        await apiRequest(`/auction-shortfalls/${input.id}/collect`, {
          method: 'POST',
          body: input.body,
          headers: { 'Idempotency-Key': input.key },
        }),
      ),
  );

export const useWriteOffShortfall = () =>
  useAuctionMutation(
    async (input: {
      key: string;
      id: number;
      body: { amount: number; reason: string };
    }): Promise<AuctionShortfall> =>
      auctionShortfallSchema.parse(
        await apiRequest(`/auction-shortfalls/${input.id}/write-off`, {
          method: 'POST',
          body: input.body,
          headers: { 'Idempotency-Key': input.key },
        }),
      ),
  );
