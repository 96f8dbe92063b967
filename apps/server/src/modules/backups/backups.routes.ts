import { fillSentence } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../plugins/audit.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { backupSettings } from './backup-schedule.ts';
import {
  attentionOf,
  backupFiles,
  installationSlug,
  lastGoodRun,
  listRuns,
  runBackup,
} from './backups.service.ts';

const runSchema = z.object({
  id: z.number().int(),
  trigger: z.string(),
  status: z.enum(['running', 'good', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  file_name: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  verify_ms: z.number().int().nullable(),
  reason: z.string().nullable(),
  reason_code: z.string().nullable(),
  reason_params: z.record(z.string(), z.string()).nullable(),
  /** The file is still in the folder (not pruned, not moved away). */
  file_present: z.boolean(),
});

const overviewSchema = z.object({
  folder: z.string(),
  schedule: z.object({ at: z.string().nullable(), keep: z.number().int(), after_day_close: z.boolean() }),
  encrypted: z.boolean(),
  database_kind: z.enum(['pglite', 'postgres']),
  attention: z
    .object({
      reason: z.enum(['none_yet', 'stale', 'failed']),
      message: z.string(),
      message_code: z.string(),
      message_params: z.record(z.string(), z.string()),
    })
    .nullable(),
  last_good: runSchema.nullable(),
  runs: z.array(runSchema),
});

export const backupsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database, config }) => {
  const settings = backupSettings(config);
  /** The installation's good files in the folder now (one listing per request). */
  const presentFiles = async () =>
    new Set((await backupFiles(settings.folder, await installationSlug(database))).map((f) => f.name));
  const withPresence = <T extends { file_name: string | null; status: string }>(
    runs: T[],
    present: Set<string>,
  ) =>
    runs.map((r) => ({
      ...r,
      status: r.status as 'running' | 'good' | 'failed',
      file_present: r.file_name !== null && present.has(r.file_name),
    }));

  app.get(
    '/system/backups',
    {
      config: { access: 'backups.manage' },
      schema: {
        tags: ['system'],
        summary: 'The backups: where they go, when, the last good one, what needs attention, the latest runs',
        response: { 200: overviewSchema },
      },
    },
    async () => {
      // Every admin's first screen asks this (the backup banner): the two reads and the folder's listing
      // side by side, the folder listed once.
      const [runs, lastGood, present] = await Promise.all([
        listRuns(database),
        lastGoodRun(database),
        presentFiles(),
      ]);
      const attention = attentionOf(runs, lastGood, new Date());
      const [shownLastGood] = lastGood ? withPresence([lastGood], present) : [null];
      return {
        folder: settings.folder,
        schedule: { at: settings.at, keep: settings.keep, after_day_close: settings.at !== null },
        encrypted: Boolean(settings.key),
        database_kind: database.kind,
        attention: attention
          ? {
              reason: attention.reason,
              message: fillSentence(attention.message_code, attention.message_params),
              message_code: attention.message_code,
              message_params: attention.message_params,
            }
          : null,
        last_good: shownLastGood ?? null,
        runs: withPresence(runs, present),
      };
    },
  );

  app.post(
    '/system/backups',
    {
      config: { access: 'backups.manage' },
      schema: {
        tags: ['system'],
        summary: 'Takes a backup now and checks it; answers the run (good, or failed with what to do)',
        body: z.object({}).strict().optional(),
        response: { 201: runSchema },
      },
    },
    async (request, reply) => {
      const run = await runBackup(database, settings, 'manual', (level, message) =>
        request.log[level](message),
      );
      await recordAudit(database.db, {
        action: 'backup',
        entity: 'backup',
        entityId: run.id,
        after: { status: run.status, file_name: run.file_name, reason_code: run.reason_code },
      });
      const [shown] = withPresence([run], await presentFiles());
      return reply.code(201).send(shown as NonNullable<typeof shown>);
    },
  );
};
