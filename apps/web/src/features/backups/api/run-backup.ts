import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type BackupRun, backupRunSchema, backupsKey } from './get-backups';

/**
 * POST /system/backups: takes a backup now and checks the copy. The answer (201) comes once both are
 * done, a few seconds to a minute: the run, good or failed. A 409 while another backup runs.
 */
export async function runBackup(): Promise<BackupRun> {
  return backupRunSchema.parse(await apiRequest<unknown>('/system/backups', { method: 'POST', body: {} }));
}

/** Back up now; afterwards (good, failed or refused) the backups' state is read again. */
export function useRunBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBackup,
    // The card says what went wrong itself (a 409 while another backup runs).
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
