import {
  type Notice,
  type NoticeBatchSaved,
  type NoticeCandidates,
  type NoticeList,
  type NoticeUpdateInput,
  noticeBatchPrintSchema,
  noticeBatchSavedSchema,
  noticeCandidatesSchema,
  noticeListSchema,
  noticeSchema,
  type ReminderChannel,
  type ReminderList,
  reminderListSchema,
  reminderSavedSchema,
} from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { companyQueryKey } from '@/lib/company-query';
import { useSession } from '@/lib/session';
import { type Company, companyRecordSchema } from '@/lib/session-types';

export type { Notice, NoticeCandidates, NoticeList, ReminderList };

const noticesKey = ['notices'] as const;
const remindersKey = ['reminders'] as const;

function useCompanyId() {
  return useSession().company?.id ?? null;
}

/** GET /notices/candidates?as_of: the open pledges overdue on the day (first 500). */
export function useNoticeCandidates(asOf: string, enabled = true) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...noticesKey, 'candidates'], companyId, { asOf }),
    queryFn: async ({ signal }): Promise<NoticeCandidates> =>
      noticeCandidatesSchema.parse(
        await apiRequest<unknown>('/notices/candidates', { query: { as_of: asOf, limit: 500 }, signal }),
      ),
    enabled,
  });
}

export interface NoticeFilter {
  batchId?: number;
  status?: 'unsent' | 'sent' | 'delivered' | '';
}

/** GET /notices?batch_id&status: a batch's notices in number order, or the newest 200. */
export function useNotices(filter: NoticeFilter, enabled = true) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...noticesKey, 'list'], companyId, filter),
    queryFn: async ({ signal }): Promise<NoticeList> =>
      noticeListSchema.parse(
        await apiRequest<unknown>('/notices', {
          query: { batch_id: filter.batchId, status: filter.status || undefined, limit: 200 },
          signal,
        }),
      ),
    enabled,
  });
}

interface NoticeBatchBody {
  notice_date: string;
  pledge_ids: number[];
  /** Fresh notices: a pledge's open notice is superseded instead of refusing the batch. */
  renew?: boolean;
}

/** POST /notices: a batch, with the screen's Idempotency-Key (kept while the same batch is sent again). */
export function useCreateNoticeBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      idempotencyKey,
    }: {
      body: NoticeBatchBody;
      idempotencyKey: string;
    }): Promise<NoticeBatchSaved> =>
      noticeBatchSavedSchema.parse(
        await apiRequest<unknown>('/notices', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

/** PATCH /notices/{id}: the date sent, the tracking number, the date delivered. */
export function useUpdateNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: NoticeUpdateInput }): Promise<Notice> =>
      noticeSchema.parse(await apiRequest<unknown>(`/notices/${id}`, { method: 'PATCH', body })),
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

/** POST /notice-batches/{id}/prints: one more printed copy of every letter of the batch. */
export async function recordBatchPrint(batchId: number) {
  return noticeBatchPrintSchema.parse(
    await apiRequest<unknown>(`/notice-batches/${batchId}/prints`, { method: 'POST' }),
  );
}

/** GET /reminders?days: today's reminder list. */
export function useReminders(days: number) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: companyQueryKey([...remindersKey], companyId, { days }),
    queryFn: async ({ signal }): Promise<ReminderList> =>
      reminderListSchema.parse(
        await apiRequest<unknown>('/reminders', { query: { days, limit: 500 }, signal }),
      ),
  });
}

/** POST /reminders: logs a reminder given today. */
export function useLogReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { pledge_id: number; channel: ReminderChannel }) =>
      reminderSavedSchema.parse(await apiRequest<unknown>('/reminders', { method: 'POST', body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersKey }),
  });
}

/** GET /companies/{id}: the letter's header, read fresh (the details may have been edited since sign-in). */
export function useLetterCompany(companyId: number | null) {
  return useQuery({
    queryKey: ['company-details', companyId ?? 0, 'notice'] as const,
    queryFn: async ({ signal }): Promise<Company> =>
      companyRecordSchema.parse(await apiRequest<unknown>(`/companies/${companyId}`, { signal })),
    enabled: companyId !== null,
    staleTime: 0,
  });
}
