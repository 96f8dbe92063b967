import type { DaybookEntryInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type DaybookEntry, daybookEntriesQueryKey, daybookEntryRecordSchema } from './get-daybook-entries';

/** POST /daybook-entries without an id, PUT /daybook-entries/{entry_id} with one; the server numbers it. */
export async function saveDaybookEntry({
  id,
  values,
  idempotencyKey,
}: {
  id?: number;
  values: DaybookEntryInput;
  /** For a new entry: a retry with the same key and body posts no second voucher. */
  idempotencyKey?: string;
}): Promise<DaybookEntry> {
  const body = await apiRequest<unknown>(id ? `/daybook-entries/${id}` : '/daybook-entries', {
    method: id ? 'PUT' : 'POST',
    body: values,
    ...(!id && idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
  return daybookEntryRecordSchema.parse(body);
}

export function useSaveDaybookEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDaybookEntry,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: daybookEntriesQueryKey }),
  });
}
