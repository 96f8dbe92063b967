import {
  type BankRepledge,
  type BankRepledgeRegister,
  type BankRepledgeStatusFilter,
  bankRepledgeListSchema,
  bankRepledgeRegisterSchema,
  bankRepledgeSchema,
  type MoveToBankFormInput,
  type ReturnFromBankFormInput,
} from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { companyQueryKey, keepPreviousDataOf } from '@/lib/company-query';
import { useSession } from '@/lib/session';

export type { BankRepledge, BankRepledgeRegister };

export const bankRepledgesQueryKey = ['bank-repledges'] as const;

/** GET /pledges/{id}/bank-repledges: the pledge's trips to banks, oldest first. */
export function usePledgeRepledges(pledgeId: number) {
  const { company } = useSession();
  return useQuery({
    queryKey: companyQueryKey([...bankRepledgesQueryKey, 'pledge'], company?.id ?? null, { pledgeId }),
    queryFn: async ({ signal }) =>
      bankRepledgeListSchema.parse(
        await apiRequest<unknown>(`/pledges/${pledgeId}/bank-repledges`, { signal }),
      ),
  });
}

export interface RegisterQuery {
  status: BankRepledgeStatusFilter;
  bankId: number | null;
  skip: number;
  limit: number;
}

export function registerParams(q: Pick<RegisterQuery, 'status' | 'bankId'>) {
  return { status: q.status, ...(q.bankId === null ? {} : { bank_id: q.bankId }) };
}

/** GET /bank-repledges: one page of the register and its totals per bank. */
export async function getRegister(q: RegisterQuery, signal?: AbortSignal): Promise<BankRepledgeRegister> {
  return bankRepledgeRegisterSchema.parse(
    await apiRequest<unknown>('/bank-repledges', {
      query: { ...registerParams(q), skip: q.skip, limit: q.limit },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useBankRegister(q: RegisterQuery) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: companyQueryKey([...bankRepledgesQueryKey, 'register'], companyId, q),
    queryFn: ({ signal }: { signal: AbortSignal }) => getRegister(q, signal),
    placeholderData: keepPreviousDataOf<BankRepledgeRegister>(companyId),
  });
}

/** After a move or a return the pledge (its flag, its payability) and the register change. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bankRepledgesQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['pledges'] }),
      // The pledge detail's History (features/releases) tells the move and the return: it is read again.
      queryClient.invalidateQueries({ queryKey: ['pledge-history'] }),
    ]);
}

/** POST /pledges/{id}/move-to-bank with the form's Idempotency-Key. */
export function useMoveToBank() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (v: { pledgeId: number; body: MoveToBankFormInput; idempotencyKey: string }) =>
      bankRepledgeSchema.parse(
        await apiRequest<unknown>(`/pledges/${v.pledgeId}/move-to-bank`, {
          method: 'POST',
          body: v.body,
          headers: { 'Idempotency-Key': v.idempotencyKey },
        }),
      ),
    // The dialog shows what went wrong (messages under fields, a 409 above the buttons).
    meta: { skipErrorToast: true },
    onSuccess: invalidate,
  });
}

/** POST /pledges/{id}/return-from-bank with the form's Idempotency-Key. */
export function useReturnFromBank() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (v: { pledgeId: number; body: ReturnFromBankFormInput; idempotencyKey: string }) =>
      bankRepledgeSchema.parse(
        await apiRequest<unknown>(`/pledges/${v.pledgeId}/return-from-bank`, {
          method: 'POST',
          body: v.body,
          headers: { 'Idempotency-Key': v.idempotencyKey },
        }),
      ),
    meta: { skipErrorToast: true },
    onSuccess: invalidate,
  });
}
