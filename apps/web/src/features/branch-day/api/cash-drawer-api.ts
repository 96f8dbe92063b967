import {
  type CashDrawer,
  type CloseCashDrawerInput,
  type CurrentCashDrawer,
  cashDrawerSchema,
  currentCashDrawerSchema,
  type DayDetail,
  dayDetailSchema,
  type OpenCashDrawerInput,
  type ReopenDayInput,
} from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/**
 * The calls of the cash drawer, day close and day-end sheet. Every answer is parsed
 * with the domain's schema: the figures on screen are the server's, never recomputed here.
 */
export const drawerKeys = {
  current: ['cash-drawer', 'current'] as const,
  drawer: ['cash-drawer', 'one'] as const,
  day: ['business-day'] as const,
};

/** The live drawer is re-read this often, and whenever the window gets focus back. */
export const DRAWER_REFRESH_MS = 30_000;

export async function getCurrentDrawer(date: string, signal?: AbortSignal): Promise<CurrentCashDrawer> {
  const body = await apiRequest<unknown>('/cash-drawer/current', {
    query: { date },
    ...(signal ? { signal } : {}),
  });
  return currentCashDrawerSchema.parse(body);
}

export async function getDrawer(id: number, signal?: AbortSignal): Promise<CashDrawer> {
  return cashDrawerSchema.parse(await apiRequest<unknown>(`/cash-drawers/${id}`, signal ? { signal } : {}));
}

export async function getDay(date: string, signal?: AbortSignal): Promise<DayDetail> {
  return dayDetailSchema.parse(await apiRequest<unknown>(`/days/${date}`, signal ? { signal } : {}));
}

export async function openDrawer(values: OpenCashDrawerInput): Promise<CashDrawer> {
  return cashDrawerSchema.parse(
    await apiRequest<unknown>('/cash-drawer/open', { method: 'POST', body: values }),
  );
}

/** The close may post a Cash Short/Over voucher: the key makes a retry return the first close. */
export async function closeDrawer({
  values,
  idempotencyKey,
}: {
  values: CloseCashDrawerInput;
  idempotencyKey: string;
}): Promise<CashDrawer> {
  const body = await apiRequest<unknown>('/cash-drawer/close', {
    method: 'POST',
    body: values,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return cashDrawerSchema.parse(body);
}

export async function closeDay({ date, remarks }: { date: string; remarks: string | null }) {
  await apiRequest<unknown>(`/days/${date}/close`, { method: 'POST', body: { remarks } });
}

export async function reopenDay({ date, values }: { date: string; values: ReopenDayInput }) {
  await apiRequest<unknown>(`/days/${date}/reopen`, { method: 'POST', body: values });
}

/** The caller's drawer of `date`, kept live: refetched on focus and every 30 s. */
export function useCurrentDrawer(date: string | null) {
  const queryKey = useCompanyQueryKey(drawerKeys.current, date);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getCurrentDrawer(date as string, signal),
    enabled: date !== null,
    refetchOnWindowFocus: true,
    refetchInterval: DRAWER_REFRESH_MS,
    staleTime: 0,
  });
}

export function useDrawer(id: number | null) {
  const queryKey = useCompanyQueryKey(drawerKeys.drawer, id);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getDrawer(id as number, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useDay(date: string | null, { live = false } = {}) {
  const queryKey = useCompanyQueryKey(drawerKeys.day, date);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getDay(date as string, signal),
    enabled: date !== null,
    staleTime: 0,
    refetchOnWindowFocus: live,
    ...(live ? { refetchInterval: DRAWER_REFRESH_MS } : {}),
  });
}

function useInvalidateDrawers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(Object.values(drawerKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

// The forms put 422 messages under their fields and word the rest themselves: no default toast.
export function useOpenDrawer() {
  const invalidate = useInvalidateDrawers();
  return useMutation({ mutationFn: openDrawer, meta: { skipErrorToast: true }, onSuccess: invalidate });
}

export function useCloseDrawer() {
  const invalidate = useInvalidateDrawers();
  return useMutation({ mutationFn: closeDrawer, meta: { skipErrorToast: true }, onSuccess: invalidate });
}

export function useCloseDay() {
  const invalidate = useInvalidateDrawers();
  return useMutation({ mutationFn: closeDay, meta: { skipErrorToast: true }, onSuccess: invalidate });
}

export function useReopenDay() {
  const invalidate = useInvalidateDrawers();
  return useMutation({ mutationFn: reopenDay, meta: { skipErrorToast: true }, onSuccess: invalidate });
}
