import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/** The parameters of a server sentence (English filled in); the server may send numbers too. */
const paramsSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .nullable()
  .optional()
  .transform((params) =>
    params ? Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])) : null,
  );

/** One backup: taken on schedule, after a day close, by the Back up now button, or by the command. */
export const backupRunSchema = z.object({
  id: z.number(),
  trigger: z.enum(['schedule', 'day_close', 'manual', 'command']),
  status: z.enum(['running', 'good', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  file_name: z.string().nullable(),
  size_bytes: z.number().nullable(),
  duration_ms: z.number().nullable().optional(),
  verify_ms: z.number().nullable().optional(),
  /** Why it failed: the server's English sentence, its code and parameters for the reader's language. */
  reason: z.string().nullable(),
  reason_code: z.string().nullable().optional(),
  reason_params: paramsSchema,
  /** The file is still in the folder (not removed by the keep count or by hand). */
  file_present: z.boolean().default(true),
});

export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupAttentionSchema = z.object({
  /** none_yet: no good backup yet; stale: the last good one is older than 26 hours; failed: the last one failed. */
  reason: z.enum(['none_yet', 'stale', 'failed']),
  message: z.string(),
  message_code: z.string().nullable().optional(),
  message_params: paramsSchema,
});

export type BackupAttention = z.infer<typeof backupAttentionSchema>;

export const backupsSchema = z.object({
  folder: z.string(),
  schedule: z.object({
    /** "21:00" on the branch's clock, or null: scheduled backups are off. */
    at: z.string().nullable(),
    keep: z.number(),
    after_day_close: z.boolean(),
  }),
  encrypted: z.boolean(),
  /** 'pglite' (the embedded database) or 'postgres'; not shown, so any kind is read. */
  database_kind: z.string(),
  attention: backupAttentionSchema.nullable(),
  last_good: backupRunSchema.nullable(),
  /** Newest first, at most 30. */
  runs: z.array(backupRunSchema),
});

export type Backups = z.infer<typeof backupsSchema>;

/** The base of the backups' query key (the POST's answer refreshes every entry under it). */
export const backupsKey = ['system-backups'] as const;

/** GET /system/backups (admins only; anyone else gets a 403). */
export async function getBackups(signal?: AbortSignal): Promise<Backups> {
  return backupsSchema.parse(await apiRequest<unknown>('/system/backups', signal ? { signal } : {}));
}

/**
 * The backups' state. `enabled` false (a user who is not an admin) asks for nothing. The shell's
 * banner passes `refreshEvery` (its staleTime and its polling interval): it reads the state at most
 * that often; the dashboard's card takes the app's defaults.
 */
export function useBackups({ enabled, refreshEvery }: { enabled: boolean; refreshEvery?: number }) {
  return useQuery({
    queryKey: useCompanyQueryKey(backupsKey),
    queryFn: ({ signal }) => getBackups(signal),
    enabled,
    ...(refreshEvery ? { staleTime: refreshEvery } : {}),
    // While a backup runs (a scheduled one, or another admin's), look again every 3 s until it ends,
    // so the card's 'running' line and its spinner do not stay after it.
    refetchInterval: (query) =>
      (query.state.data as Backups | undefined)?.runs[0]?.status === 'running'
        ? 3000
        : (refreshEvery ?? false),
  });
}
