import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { REPO_DIR } from './lib/paths.ts';

// Every setting is an environment variable, validated here once at start.
// The README ("Configuration") lists each one with its default; keep the two in step.
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
    .optional(),
  // A streaming replica of DATABASE_URL's server for the read-only reports and lists.
  REPORTS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).optional(),
  SESSION_HOURS: z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(24 * 30)
    .default(12),
  SESSION_IDLE_MINUTES: z.coerce.number({ message: 'must be a number' }).int().positive().default(60),
  STAFF_CAN_HANDLE_PLEDGES: booleanFromEnv.default(false),
  UPLOAD_MAX_MB: z.coerce.number({ message: 'must be a number' }).positive().max(50).default(5),
  TZ_BUSINESS: z
    .string()
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Kolkata' })
    .default('Asia/Kolkata'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  DEMO: booleanFromEnv.default(false),
  LEGACY_API_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
    .optional(),
  // Server processes sharing the port (cluster.ts); PostgreSQL only, the embedded database keeps one.
  WORKERS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number from 1 to 64' })
    .min(1, { message: 'must be a whole number from 1 to 64' })
    .max(64, { message: 'must be a whole number from 1 to 64' })
    .default(() => Math.min(64, os.availableParallelism())),
  // Backups (modules/backups): where, when, how many, and the key that encrypts them.
  BACKUP_DIR: z.string().min(1).max(1000).optional(),
  BACKUP_AT: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, { message: 'must be a time of day as HH:MM (24-hour), or off' })
    .default('21:00'),
  BACKUP_KEEP: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number from 1 to 1000' })
    .min(1, { message: 'must be a whole number from 1 to 1000' })
    .max(1000, { message: 'must be a whole number from 1 to 1000' })
    .default(14),
  BACKUP_KEY: z.string().min(12, { message: 'must be at least 12 characters' }).max(1000).optional(),
});

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export type Database =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /**
       * An in-memory database's starting contents: a data directory dumped by PGlite's
       * `dumpDataDir` (the tests' migrated template, apps/server/src/test/templates.ts). Never set
       * from the environment.
       */
      image?: Blob | undefined;
    }
  | {
      kind: 'postgres';
      url: string;
      /** A streaming replica for the read-only reports and lists (REPORTS_DATABASE_URL); unset: `url`. */
      reportsUrl?: string | undefined;
    };

export interface Config {
  port: number;
  host: string;
  database: Database;
  adminPassword: string | undefined;
  sessionHours: number;
  sessionIdleMinutes: number;
  staffCanHandlePledges: boolean;
  uploadMaxBytes: number;
  businessTimeZone: string;
  logLevel: string;
  webDist: string;
  trustProxy: boolean;
  demo: boolean;
  /** The old system's migration service; unset: the legacy store filled by `npm run legacy:import`. */
  legacyApiUrl: string | undefined;
  /**
   * Server processes sharing the port when the database is PostgreSQL (cluster.ts); the embedded
   * database is opened by one process only, so it runs one whatever this says.
   */
  workers: number;
  /** Scheduled and on-demand backups (modules/backups, README "Where the data lives, and backups"). */
  backup: {
    /** BACKUP_DIR, absolute. */
    folder: string;
    /** BACKUP_DIR was not set (the default folder is created when missing). */
    folderIsDefault: boolean;
    /** BACKUP_AT as 'HH:MM' in business time, or null (off): no scheduled backups. */
    at: string | null;
    keep: number;
    key: string | undefined;
  };
}

export class ConfigError extends Error {}

const defaultWebDist = path.join(REPO_DIR, 'apps/web/dist');

/** Reads the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}=${JSON.stringify(env[String(i.path[0])] ?? '')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.REPORTS_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  REPORTS_DATABASE_URL=${JSON.stringify(e.REPORTS_DATABASE_URL)}: needs DATABASE_URL (it names a replica of that PostgreSQL server; the embedded database has none)`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, reportsUrl: e.REPORTS_DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR, 'db') },
    adminPassword: e.ADMIN_PASSWORD,
    sessionHours: e.SESSION_HOURS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    staffCanHandlePledges: e.STAFF_CAN_HANDLE_PLEDGES,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    businessTimeZone: e.TZ_BUSINESS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    trustProxy: e.TRUST_PROXY,
    demo: e.DEMO,
    legacyApiUrl: e.LEGACY_API_URL,
    workers: e.WORKERS,
    backup: {
      folder: path.resolve(e.BACKUP_DIR ?? './backups'),
      folderIsDefault: e.BACKUP_DIR === undefined,
      at: e.BACKUP_AT === 'off' ? null : e.BACKUP_AT,
      keep: e.BACKUP_KEEP,
      key: e.BACKUP_KEY,
    },
  };
}
