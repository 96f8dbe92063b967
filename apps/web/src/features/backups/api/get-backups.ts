import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';
import { array, boolean, type Infer, number, object, oneOf, Shape, ShapeError, string } from '@/lib/shape';

// Shapes (lib/shape.ts), not zod: the shell's backup banner reads this answer on every screen of an
// admin, and the shell fetches no zod (issue 32).

/** The parameters of a server sentence (English filled in); the server may send numbers too. */
const paramsSchema = new Shape<Record<string, string> | null>((value, path) => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ShapeError(path, 'an object');
  return Object.fromEntries(
    Object.entries(value).map(([key, each]) => {
      if (!['string', 'number', 'boolean'].includes(typeof each))
        throw new ShapeError(`${path}.${key}`, 'text, a number or true or false');
      return [key, String(each)];
    }),
  );
});

/** One backup: taken on schedule, after a day close, by the Back up now button, or by the command. */
export const backupRunSchema = object({
  id: number(),
  trigger: oneOf(['schedule', 'day_close', 'manual', 'command']),
  status: oneOf(['running', 'good', 'failed']),
  started_at: string(),
  finished_at: string().nullable(),
  file_name: string().nullable(),
  size_bytes: number().nullable(),
  duration_ms: number().nullable().optional(),
  verify_ms: number().nullable().optional(),
  /** Why it failed: the server's English sentence, its code and parameters for the reader's language. */
  reason: string().nullable(),
  reason_code: string().nullable().optional(),
  reason_params: paramsSchema,
  /** The file is still in the folder (not removed by the keep count or by hand). */
  file_present: boolean().default(true),
});

export type BackupRun = Infer<typeof backupRunSchema>;

export const backupAttentionSchema = object({
  /** none_yet: no good backup yet; stale: the last good one is older than 26 hours; failed: the last one failed. */
  reason: oneOf(['none_yet', 'stale', 'failed']),
  message: string(),
  message_code: string().nullable().optional(),
  message_params: paramsSchema,
});

export type BackupAttention = Infer<typeof backupAttentionSchema>;

export const backupsSchema = object({
  folder: string(),
  schedule: object({
    /** "21:00" on the branch's clock, or null: scheduled backups are off. */
    at: string().nullable(),
    keep: number(),
    after_day_close: boolean(),
  }),
  encrypted: boolean(),
  /** 'pglite' (the embedded database) or 'postgres'; not shown, so any kind is read. */
  database_kind: string(),
  attention: backupAttentionSchema.nullable(),
  last_good: backupRunSchema.nullable(),
  /** Newest first, at most 30. */
  runs: array(backupRunSchema),
});

export type Backups = Infer<typeof backupsSchema>;

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
