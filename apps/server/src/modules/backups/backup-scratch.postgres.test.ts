import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { STALE_SCRATCH_MS, scratchMadeAt, withScratchDatabase } from './backup-snapshot.ts';

// The backup check's scratch databases on PostgreSQL: one a killed process left (made long ago) is
// dropped by the next check; one another check may be using now (made recently) stays.
const serverUrl = process.env.TEST_DATABASE_URL!;
const made: string[] = [];

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function exists(name: string): Promise<boolean> {
  return admin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
}

afterAll(async () => {
  await admin(async (c) => {
    for (const name of made) await c.query(`drop database if exists ${name} with (force)`);
  });
});

describe("the backup check's scratch databases", () => {
  it('read their age from their name', () => {
    const at = Date.UTC(2026, 10, 29, 9, 0);
    expect(scratchMadeAt(`pd_backup_check_4242_${at.toString(36)}`)).toBe(at);
    expect(scratchMadeAt('pd_backup_check_x')).toBeNull();
    expect(scratchMadeAt('payments')).toBeNull();
  });

  it('drops one a killed check left hours ago, keeps a recent one, and drops its own after', async () => {
    const now = Date.now();
    const stale = `pd_backup_check_1${process.pid}_${(now - STALE_SCRATCH_MS - 60_000).toString(36)}`;
    const recent = `pd_backup_check_2${process.pid}_${(now - 60_000).toString(36)}`;
    made.push(stale, recent);
    await admin(async (c) => {
      await c.query(`create database ${stale}`);
      await c.query(`create database ${recent}`);
    });
    let own = '';
    await withScratchDatabase(serverUrl, async (url) => {
      own = new URL(url).pathname.slice(1);
      expect(await exists(own)).toBe(true);
    });
    expect(await exists(stale)).toBe(false);
    expect(await exists(recent)).toBe(true);
    expect(await exists(own)).toBe(false);
  });
});
