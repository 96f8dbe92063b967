import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fillSentence, type SentenceCode } from '@pledge-desk/domain';
import pg from 'pg';
import type { OpenDb } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { BackupFileError, extractBackupPayload, writeBackupFile } from './backup-file.ts';
import { ToolMissingError, takeSnapshot, verifyCopy } from './backup-snapshot.ts';
import {
  type BackupRunRow,
  finishRun,
  firstCompanyName,
  insertRun,
  markRunningFailed,
  newestGoodRun,
  newestRuns,
} from './backups.repository.ts';
import { localParts } from './business-clock.ts';

// A backup (README, "Where the data lives, and backups"; docs/operations.md): a consistent copy of the
// whole database written to a temporary name in BACKUP_DIR, restored into a scratch database and
// checked (rows counted as at the copy, books in order), only then renamed to its own name, and the
// generations beyond BACKUP_KEEP removed. Every run is a row of backup_runs: running, good, or failed
// with the sentence that says what to do.

export interface BackupSettings {
  /** BACKUP_DIR, absolute. */
  folder: string;
  /** BACKUP_DIR was not set: the default folder is created when missing; a set one must exist. */
  folderIsDefault: boolean;
  /** BACKUP_AT, 'HH:MM' in business time, or null for no scheduled backups. */
  at: string | null;
  /** BACKUP_KEEP: good backups kept. */
  keep: number;
  /** BACKUP_KEY: encrypts the files when set. */
  key: string | undefined;
  businessTimeZone: string;
}

export type BackupTrigger = 'schedule' | 'day_close' | 'manual' | 'command';

export interface BackupRun {
  id: number;
  trigger: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  folder: string;
  file_name: string | null;
  size_bytes: number | null;
  duration_ms: number | null;
  verify_ms: number | null;
  reason: string | null;
  reason_code: string | null;
  reason_params: Record<string, string> | null;
}

const FILE_SUFFIX = '.pdbk';
const PARTIAL_SUFFIX = '.partial';
/** Any two processes' backups of one database, one at a time (pg_try_advisory_lock's key). */
const ADVISORY_KEY = 7_311_004;

/** One backup at a time in this process (the embedded database has no other). */
let runningHere = false;

/** The installation's name in file names: its first branch's, in letters, digits and dashes. */
export async function installationSlug(database: OpenDb): Promise<string> {
  const slug = ((await firstCompanyName(database.db)) ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || 'branch';
}

/** `2026-11-29-210000` in business time. */
export function fileStamp(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}-${two(p.hour)}${two(p.minute)}${two(p.second)}`;
}

/** Whether `name` is one of this installation's backup files (good ones: not a partial). */
export function isBackupFileOf(slug: string, name: string): boolean {
  return new RegExp(`^pledge-desk-${slug}-\\d{4}-\\d{2}-\\d{2}-\\d{6}(-\\d+)?\\.pdbk$`).test(name);
}

class RunFailure extends Error {
  constructor(
    readonly sentence: SentenceCode,
    readonly params: Record<string, string>,
  ) {
    super(fillSentence(sentence, params));
  }
}

/** What went wrong, as the sentence a person can act on. */
function failureOf(err: unknown, folder: string): RunFailure {
  if (err instanceof RunFailure) return err;
  if (err instanceof ToolMissingError)
    return new RunFailure('backups.failed.toolMissing', { tool: err.tool });
  if (err instanceof BackupFileError)
    return new RunFailure('backups.failed.notChecked', { detail: err.message });
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new RunFailure('backups.failed.diskFull', { folder });
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new RunFailure('backups.failed.noPermission', { folder });
  }
  if (code === 'ENOENT' && !fs.existsSync(folder))
    return new RunFailure('backups.failed.folderMissing', { folder });
  const detail =
    (err instanceof Error ? err.message : String(err)).split('\n')[0]?.slice(0, 300) ?? 'unknown error';
  return new RunFailure('backups.failed.other', { detail });
}

/** The backup folder ready to write in, or the failure that says why it is not. */
async function prepareFolder(settings: BackupSettings): Promise<void> {
  const { folder } = settings;
  if (settings.folderIsDefault) await fs.promises.mkdir(folder, { recursive: true });
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(folder);
  } catch {
    throw new RunFailure('backups.failed.folderMissing', { folder });
  }
  if (!stat.isDirectory()) throw new RunFailure('backups.failed.folderMissing', { folder });
  try {
    await fs.promises.access(folder, fs.constants.W_OK);
  } catch {
    throw new RunFailure('backups.failed.noPermission', { folder });
  }
}

/** A name not taken yet: the stamp, and `-2`, `-3`… when a backup of the same second exists. */
function freeName(folder: string, slug: string, stamp: string): string {
  for (let n = 1; ; n++) {
    const name = `pledge-desk-${slug}-${stamp}${n === 1 ? '' : `-${n}`}${FILE_SUFFIX}`;
    if (!fs.existsSync(path.join(folder, name)) && !fs.existsSync(path.join(folder, name + PARTIAL_SUFFIX))) {
      return name;
    }
  }
}

/** This installation's good backup files, newest first. */
export async function backupFiles(
  folder: string,
  slug: string,
): Promise<{ name: string; mtimeMs: number }[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(folder);
  } catch {
    return [];
  }
  const files = [];
  for (const name of names.filter((n) => isBackupFileOf(slug, n))) {
    const stat = await fs.promises.stat(path.join(folder, name)).catch(() => null);
    if (stat?.isFile()) files.push({ name, mtimeMs: stat.mtimeMs });
  }
  return files.sort((a, b) => b.mtimeMs - a.mtimeMs || b.name.localeCompare(a.name));
}

/**
 * Removes partial files a killed or failed run left, once they are an hour old: one run at a time per
 * database, but another installation of the same name may be writing into a shared folder now.
 */
async function removeLeftPartials(folder: string, slug: string): Promise<void> {
  const names = await fs.promises.readdir(folder).catch(() => [] as string[]);
  const before = Date.now() - 3_600_000;
  for (const name of names) {
    if (name.endsWith(PARTIAL_SUFFIX) && isBackupFileOf(slug, name.slice(0, -PARTIAL_SUFFIX.length))) {
      const file = path.join(folder, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < before) await fs.promises.rm(file, { force: true }).catch(() => {});
    }
  }
}

/** Keeps the newest `keep` good files, removing older ones. */
async function prune(folder: string, slug: string, keep: number): Promise<void> {
  const files = await backupFiles(folder, slug);
  for (const old of files.slice(keep)) await fs.promises.rm(path.join(folder, old.name), { force: true });
}

/** Holds the database-wide backup lock for `fn` (PostgreSQL: an advisory lock; embedded: this process). */
async function oneAtATime<T>(database: OpenDb, fn: () => Promise<T>): Promise<T> {
  if (runningHere) throw AppError.coded(409, 'BACKUP_RUNNING', 'backups.alreadyRunning');
  runningHere = true;
  let lockClient: pg.Client | null = null;
  try {
    if (database.url) {
      lockClient = new pg.Client({ connectionString: database.url });
      await lockClient.connect();
      const got = await lockClient.query('select pg_try_advisory_lock($1) as ok', [ADVISORY_KEY]);
      if (!got.rows[0]?.ok) throw AppError.coded(409, 'BACKUP_RUNNING', 'backups.alreadyRunning');
    }
    return await fn();
  } finally {
    runningHere = false;
    await lockClient?.end().catch(() => {});
  }
}

/** Whether a backup is running in this process now. */
export function backupRunningHere(): boolean {
  return runningHere;
}

function runOf(row: BackupRunRow): BackupRun {
  const params = (row.reasonParams ?? null) as Record<string, string> | null;
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    started_at: new Date(row.startedAt).toISOString(),
    finished_at: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    folder: row.folder,
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    duration_ms: row.durationMs,
    verify_ms: row.verifyMs,
    reason: row.reasonCode ? fillSentence(row.reasonCode as SentenceCode, params ?? {}) : null,
    reason_code: row.reasonCode,
    reason_params: params,
  };
}

/**
 * Takes a backup now: copy, check, keep, prune; records the run and answers it (status good or
 * failed). Refuses with a 409 AppError while another backup of this database runs.
 */
export async function runBackup(
  database: OpenDb,
  settings: BackupSettings,
  trigger: BackupTrigger,
  log: (level: 'info' | 'error', message: string) => void = () => {},
): Promise<BackupRun> {
  return oneAtATime(database, async () => {
    const started = Date.now();
    const id = await insertRun(database.db, trigger, settings.folder);
    let fileName: string | null = null;
    let workDir: string | null = null;
    try {
      await prepareFolder(settings);
      const slug = await installationSlug(database);
      await removeLeftPartials(settings.folder, slug);
      fileName = freeName(settings.folder, slug, fileStamp(new Date(started), settings.businessTimeZone));
      const partial = path.join(settings.folder, fileName + PARTIAL_SUFFIX);

      // In a function of its own, so the copy held in memory (the embedded database's dump, some
      // hundreds of MB for a large branch) can be let go before the check loads it again.
      const written = await writeSnapshot(database, partial, {
        created_at: new Date(started).toISOString(),
        installation: slug,
        app_version: APP_VERSION,
        key: settings.key,
      });

      const verifyStarted = Date.now();
      workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'pd-backup-check-'));
      const payload = path.join(workDir, 'payload');
      const header = await extractBackupPayload(partial, payload, settings.key);
      const check = await verifyCopy(header.format, payload, header.counts, database.url);
      const verifyMs = Date.now() - verifyStarted;
      if (!check.ok) {
        await fs.promises.rm(partial, { force: true });
        throw new RunFailure('backups.failed.notChecked', { detail: check.problem ?? 'unknown' });
      }
      const final = path.join(settings.folder, fileName);
      await fs.promises.rename(partial, final);
      await syncFolder(settings.folder);
      await prune(settings.folder, slug, settings.keep);
      const row = await finishRun(database.db, id, {
        status: 'good',
        fileName,
        sizeBytes: written.sizeBytes,
        durationMs: Date.now() - started,
        verifyMs,
        counts: header.counts,
      });
      log(
        'info',
        `backup ${fileName} written and checked (${written.sizeBytes} bytes, ${Date.now() - started} ms)`,
      );
      return runOf(row);
    } catch (err) {
      if (fileName)
        await fs.promises
          .rm(path.join(settings.folder, fileName + PARTIAL_SUFFIX), { force: true })
          .catch(() => {});
      const failure = failureOf(err, settings.folder);
      log('error', `backup failed: ${failure.message}`);
      const row = await finishRun(database.db, id, {
        status: 'failed',
        durationMs: Date.now() - started,
        reasonCode: failure.sentence,
        reasonParams: failure.params,
      });
      return runOf(row);
    } finally {
      if (workDir) await fs.promises.rm(workDir, { recursive: true, force: true }).catch(() => {});
    }
  });
}

/** Takes the snapshot and writes it to `file`; throws when the copy or its writing failed. */
async function writeSnapshot(
  database: OpenDb,
  file: string,
  about: { created_at: string; installation: string; app_version: string; key: string | undefined },
): Promise<{ sizeBytes: number }> {
  const snapshot = await takeSnapshot(database);
  let written: { sizeBytes: number };
  try {
    written = await writeBackupFile(
      file,
      {
        format: snapshot.format,
        created_at: about.created_at,
        installation: about.installation,
        app_version: about.app_version,
        counts: snapshot.counts,
      },
      snapshot.payload,
      about.key,
    );
  } catch (err) {
    await snapshot.done().catch(() => {});
    throw err;
  }
  // pg_dump failing part-way ends its output early: the written file is then refused here.
  await snapshot.done();
  return written;
}

/** The folder's entry of a renamed file on the disk too (a power cut after the rename keeps it). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.promises.open(folder, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}

/**
 * Runs left 'running' by a process that stopped during them: failed, interrupted. Only when no backup
 * runs now (this process's flag; on PostgreSQL the advisory lock is free).
 */
export async function markInterruptedRuns(database: OpenDb): Promise<void> {
  await oneAtATime(database, async () => {
    await markRunningFailed(database.db);
  }).catch(() => {});
}

/** The newest runs, newest first. */
export async function listRuns(database: OpenDb, limit = 30): Promise<BackupRun[]> {
  const rows = await newestRuns(database.db, limit);
  return rows.map(runOf);
}

/** The newest good run, or null. */
export async function lastGoodRun(database: OpenDb): Promise<BackupRun | null> {
  const row = await newestGoodRun(database.db);
  return row ? runOf(row) : null;
}

/** Hours after which the last good backup is too old: a day and two hours of slack. */
export const STALE_AFTER_HOURS = 26;

/** What an admin must be told: no good backup yet, the last good one too old, or the last one failed. */
export function attentionOf(
  runs: BackupRun[],
  lastGood: BackupRun | null,
  now: Date,
): null | {
  reason: 'none_yet' | 'stale' | 'failed';
  message_code: SentenceCode;
  message_params: Record<string, string>;
} {
  const last = runs.find((r) => r.status !== 'running');
  if (last?.status === 'failed' && last.reason_code) {
    return {
      reason: 'failed',
      message_code: 'backups.attention.failed',
      message_params: { reason: last.reason ?? '' },
    };
  }
  if (!lastGood) return { reason: 'none_yet', message_code: 'backups.attention.noneYet', message_params: {} };
  const hours = Math.floor((now.getTime() - new Date(lastGood.started_at).getTime()) / 3_600_000);
  if (hours >= STALE_AFTER_HOURS) {
    return {
      reason: 'stale',
      message_code: 'backups.attention.stale',
      message_params: { hours: String(hours) },
    };
  }
  return null;
}
