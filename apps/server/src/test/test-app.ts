import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app.ts';
import type { Config, Database } from '../config.ts';
import { type OpenDb, openDb } from '../db/open-db.ts';
import './templates.ts';
import { hash } from '@node-rs/argon2';
import { insertCompany } from '../modules/companies/companies.repository.ts';
import { insertUser } from '../modules/users/users.repository.ts';

/** Which database this run uses: the vitest project sets TEST_DB (see vitest.config.ts). */
export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export const ADMIN_PASSWORD = 'admin-pass-1';

/**
 * A password hash for a fixture user: argon2id as the product makes it, but with the least memory and
 * time, so a sign-in of a fixture user verifies in well under a millisecond instead of about 50 ms
 * (a server run signs in thousands of fixture users). `verify` reads the parameters from
 * the hash, so the product's sign-in code runs unchanged; the product's own parameters stay tested
 * where sign-in and passwords are tested (auth, users, the bootstrap `admin`).
 */
export function testPasswordHash(password: string): Promise<string> {
  return hash(password, { algorithm: 2, memoryCost: 64, timeCost: 1, parallelism: 1 });
}

export function testConfig(database: Database, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    database,
    adminPassword: ADMIN_PASSWORD,
    sessionHours: 12,
    sessionIdleMinutes: 60,
    staffCanHandlePledges: false,
    uploadMaxBytes: 1024 * 1024,
    businessTimeZone: 'Asia/Kolkata',
    logLevel: 'silent',
    webDist: '/nonexistent',
    trustProxy: false,
    demo: false,
    legacyApiUrl: undefined,
    workers: 1,
    // No scheduled backups; a test that takes one names its own folder.
    backup: {
      folder: path.join(os.tmpdir(), 'pd-test-backups'),
      folderIsDefault: true,
      at: null,
      keep: 14,
      key: undefined,
    },
    ...overrides,
  };
}

/** The run's migrated template (templates.ts), read once per test file's process. */
let pgliteImage: Promise<Blob> | undefined;
function templateImage(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  pgliteImage ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteImage;
}

/**
 * A fresh, migrated, empty database: in-memory PGlite, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL, dropped again by `drop()`. Both are copies of the run's migrated
 * template when the project's global setup made one (templates.ts), else migrated when opened.
 */
export async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (testDbKind === 'pglite') {
    const image = await templateImage();
    return { database: { kind: 'pglite', dataDir: null, image }, drop: async () => {} };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `pd_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: OpenDb;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, 'sessionCacheMs'> = {},
): Promise<TestApp> {
  const fresh = await freshDatabase();
  const config = testConfig(fresh.database, overrides);
  const database = await openDb(config.database);
  // Every write must record exactly one audit event (plugins/audit.ts): a test that calls a write
  // route checks that too.
  const app = await buildApp(config, { logger: false, database, auditStrict: true, ...options });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await fresh.drop();
    },
  };
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A second company and a `user` in it, written straight to the database (not through the users API). */
export async function seedCompanyWithUser(
  t: TestApp,
  input: { company?: string; username: string; password: string; role?: 'admin' | 'user' },
): Promise<{ companyId: number; userId: number }> {
  const company = await t.database.db.transaction((tx) =>
    insertCompany(tx, {
      company_name: input.company ?? 'Madurai Branch',
      address: '12 West Masi Street',
      city: 'Madurai',
      state: 'Tamil Nadu',
      phone: '0452 2345678',
      licence_no: 'TN-MDU-2026-002',
      status: true,
    }),
  );
  const passwordHash = await testPasswordHash(input.password);
  const user = await t.database.db.transaction((tx) =>
    insertUser(tx, {
      companyId: company.id,
      username: input.username,
      email: `${input.username}@example.com`,
      role: input.role ?? 'user',
      passwordHash,
    }),
  );
  return { companyId: company.id, userId: user.id };
}

export async function mainCompanyId(t: TestApp): Promise<number> {
  const token = await login(t.app, 'admin', ADMIN_PASSWORD);
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  return res.json().company_id;
}
