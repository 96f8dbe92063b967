import {
  type CreatePledgeFormInput,
  type PledgeItemView,
  type PledgeSaved,
  pledgeItemViewSchema,
  pledgeSavedSchema,
  type UpdatePledgeFormInput,
} from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pledgesQueryKey } from './pledge-queries';

/**
 * POST /pledges/with-items. The Idempotency-Key makes a double click or a retry after a lost answer
 * get the first pledge back instead of a second loan paid out.
 */
export async function createPledge({
  values,
  idempotencyKey,
}: {
  values: CreatePledgeFormInput;
  idempotencyKey: string;
}): Promise<PledgeSaved> {
  const body = await apiRequest<unknown>('/pledges/with-items', {
    method: 'POST',
    body: values,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return pledgeSavedSchema.parse(body);
}

/** PUT /pledges/{id}/with-items: items carry their id and action, removed ones go in delete_item_ids. */
export async function updatePledge({
  pledgeId,
  values,
}: {
  pledgeId: number;
  values: UpdatePledgeFormInput;
}): Promise<PledgeSaved> {
  const body = await apiRequest<unknown>(`/pledges/${pledgeId}/with-items`, { method: 'PUT', body: values });
  return pledgeSavedSchema.parse(body);
}

/** PUT /pledges/{id}/items/{itemId}/photo (multipart `file`), after the pledge is saved. */
export async function uploadItemPhoto({
  pledgeId,
  itemId,
  file,
}: {
  pledgeId: number;
  itemId: number;
  file: File;
}): Promise<PledgeItemView> {
  const form = new FormData();
  form.append('file', file);
  const body = await apiRequest<unknown>(`/pledges/${pledgeId}/items/${itemId}/photo`, {
    method: 'PUT',
    body: form,
  });
  return pledgeItemViewSchema.parse(body);
}

// The forms map 422s onto their fields and word the other failures themselves ('Save Error',
// 'Update Error'), so the mutations' own error toast is off.
export function useCreatePledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPledge,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pledgesQueryKey }),
  });
}

export function useUpdatePledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePledge,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pledgesQueryKey }),
  });
}
