import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../config.ts';
import { type OpenDb, openDb } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  adminFor,
  companyWithAdmin,
  customerFor,
  designFor,
  paymentFor,
  pledgeFor,
  userFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkBooks } from '../books-check/books-check.repository.ts';
import { closeDay } from '../branch-day/day-close.service.ts';
import { BackupFileError, extractBackupPayload, readBackupHeader } from './backup-file.ts';
import { backupSettings, dueBackup, latestSlot } from './backup-schedule.ts';
import { type BackupSettings, backupFiles, installationSlug, runBackup } from './backups.service.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';

// Backups on both databases: a checked copy taken while payments run, kept N generations, refused
// when cut short or changed, encrypted with BACKUP_KEY, restored by `npm run restore`'s function.

let t: TestApp;
const scratch: string[] = [];
const scratchDatabases: string[] = [];

function tempFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

function settingsIn(folder: string, overrides: Partial<BackupSettings> = {}): BackupSettings {
  return {
    ...backupSettings(t.config),
    folder,
    folderIsDefault: false,
    at: null,
    keep: 14,
    key: undefined,
    ...overrides,
  };
}

/** Somewhere new to restore into: an embedded data folder, or a PostgreSQL database not made yet. */
function restoreTarget(): Database {
  if (t.database.kind === 'pglite') {
    return { kind: 'pglite', dataDir: path.join(tempFolder('pd-restore-target-'), 'data', 'db') };
  }
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  const name = `pd_restored_${process.pid}_${Date.now().toString(36)}_${scratchDatabases.length}`;
  scratchDatabases.push(name);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString() };
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  if (scratchDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      for (const name of scratchDatabases) {
        const like = await admin.query('select datname from pg_database where datname like $1', [`${name}%`]);
        for (const r of like.rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
      }
    } finally {
      await admin.end();
    }
  }
});

async function receiptIds(db: OpenDb['db'], companyId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`select id from payment_receipts where company_id = ${companyId} order by id`),
  ).map((r) => Number(r.id));
}

describe('a backup', () => {
  it('taken while payments run, restores to books in order holding every receipt acknowledged before it began and none never acknowledged', async () => {
    const { companyId, admin } = await companyWithAdmin(t);
    const today = businessToday(t.config.businessTimeZone);
    // Back-dated pledges weighed to the milligram, loans with paise.
    const design = await designFor(t, admin);
    const pledges = [];
    for (const days of [200, 150, 100]) {
      pledges.push(
        await pledgeFor(t, companyId, {
          actor: admin,
          designId: design.id,
          body: {
            pledge_date: addDays(today, -days),
            total_loan_amount: 38_250.75,
            items: [{ jewell_design_id: design.id, gross_weight: 10.537, net_weight: 9.873 }],
          },
        }),
      );
    }
    const acknowledged: number[] = [];
    let stop = false;
    let running = 0;
    const payer = async (pledgeId: number) => {
      running += 1;
      try {
        while (!stop) {
          const saved = await paymentFor(
            t,
            companyId,
            { pledge_id: pledgeId, actor: admin },
            { payment_type: 'interest', amount: 0.35 },
          ).catch((err: unknown) => {
            // The pledge's interest paid up: this payer is done.
            if (/cannot exceed/.test(String(err))) return null;
            throw err;
          });
          if (!saved) return;
          acknowledged.push(Number(saved.receipt_id));
          // A busy counter, not a flood: the embedded database's payments would otherwise run back to
          // back in microtasks, and neither this test's timers nor the backup's file reads would get a turn.
          await new Promise((r) => setTimeout(r, 15));
        }
      } finally {
        running -= 1;
      }
    };
    const payers = pledges.map((p) => payer(p.pledge_id));
    const untilAcknowledged = async (n: number) => {
      while (acknowledged.length < n && running > 0) await new Promise((r) => setTimeout(r, 5));
    };
    await untilAcknowledged(3);
    const before = [...acknowledged];
    const folder = tempFolder('pd-backups-');
    const run = await runBackup(t.database, settingsIn(folder), 'manual');
    await untilAcknowledged(acknowledged.length + 3);
    stop = true;
    await Promise.all(payers);
    expect(before.length).toBeGreaterThanOrEqual(3);

    expect(run.status, run.reason ?? '').toBe('good');
    expect(run.file_name).toMatch(/^pledge-desk-[a-z0-9-]+-\d{4}-\d{2}-\d{2}-\d{6}\.pdbk$/);
    expect(fs.readdirSync(folder)).toEqual([run.file_name]);

    const target = restoreTarget();
    const restored = await restoreBackup(
      path.join(folder, run.file_name as string),
      target,
      undefined,
      'Asia/Kolkata',
    );
    expect(restored.keptAside).toBeNull();
    const copy = await openDb(target);
    try {
      const ids = await receiptIds(copy.db, companyId);
      const all = await receiptIds(t.database.db, companyId);
      expect(all.length).toBeGreaterThan(ids.length);
      // Every receipt acknowledged before the backup began is in the copy, and the copy holds no
      // receipt that was never acknowledged.
      for (const id of before) expect(ids).toContain(id);
      expect(ids.length).toBeGreaterThanOrEqual(before.length);
      for (const id of ids) expect(all).toContain(id);
      // The header counts every branch's receipts, as the copy holds them.
      const [inCopy] = rowsOf<{ n: number }>(
        await copy.db.execute(sql`select count(*)::int as n from payment_receipts`),
      );
      expect(inCopy?.n).toBe(restored.header.counts.payment_receipts);
      expect((await checkBooks(copy.db)).every((c) => c.ok)).toBe(true);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('keeps BACKUP_KEEP generations: the newest, the older removed', async () => {
    const folder = tempFolder('pd-backups-keep-');
    const settings = settingsIn(folder, { keep: 2 });
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await runBackup(t.database, settings, 'manual'));
    expect(runs.map((r) => r.status)).toEqual(['good', 'good', 'good']);
    const kept = (await backupFiles(folder, await installationSlug(t.database))).map((f) => f.name).sort();
    expect(kept).toEqual([runs[1]?.file_name, runs[2]?.file_name].sort());
  }, 120_000);

  it('refuses a file cut short or changed, in its check and in restore, and changes nothing', async () => {
    const folder = tempFolder('pd-backups-bad-');
    const run = await runBackup(t.database, settingsIn(folder), 'manual');
    expect(run.status).toBe('good');
    const good = path.join(folder, run.file_name as string);
    const bytes = fs.readFileSync(good);

    const cut = path.join(folder, 'cut.pdbk');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    await expect(readBackupHeader(cut)).rejects.toMatchObject({ sentence: 'backups.file.incomplete' });

    const changed = path.join(folder, 'changed.pdbk');
    const copy = Buffer.from(bytes);
    const at = Math.floor(copy.length / 2);
    copy[at] = (copy[at] as number) ^ 0xff;
    fs.writeFileSync(changed, copy);
    await expect(readBackupHeader(changed)).rejects.toMatchObject({ sentence: 'backups.file.damaged' });
    await expect(extractBackupPayload(changed, path.join(folder, 'out'), undefined)).rejects.toBeInstanceOf(
      BackupFileError,
    );
    expect(fs.existsSync(path.join(folder, 'out'))).toBe(false);

    const notOne = path.join(folder, 'notes.pdbk');
    fs.writeFileSync(notOne, 'just some text\n');
    await expect(readBackupHeader(notOne)).rejects.toMatchObject({ sentence: 'backups.file.notBackup' });

    // Restore refuses before touching the target.
    const target = restoreTarget();
    for (const file of [cut, changed]) {
      await expect(restoreBackup(file, target, undefined, 'Asia/Kolkata')).rejects.toBeInstanceOf(
        BackupFileError,
      );
    }
    if (target.kind === 'pglite') expect(fs.existsSync(path.dirname(target.dataDir as string))).toBe(false);
  }, 120_000);

  it("is encrypted with BACKUP_KEY: no customer's name in the file, restored with the key only", async () => {
    const { companyId } = await companyWithAdmin(t);
    const admin = await adminFor(t, companyId);
    const name = `Kamakshi Sundaravadivelu ${process.pid}`;
    await customerFor(t, admin, { customer_name: name });
    const folder = tempFolder('pd-backups-key-');
    const key = 'correct horse battery staple 2026';
    const run = await runBackup(t.database, settingsIn(folder, { key }), 'manual');
    expect(run.status, run.reason ?? '').toBe('good');
    const file = path.join(folder, run.file_name as string);
    expect(fs.readFileSync(file).includes(Buffer.from(name, 'utf8'))).toBe(false);
    // The name is in the copy itself: the check above means something.
    const out = path.join(folder, 'payload');
    await extractBackupPayload(file, out, key);
    expect(fs.readFileSync(out).includes(Buffer.from(name, 'utf8'))).toBe(true);

    await expect(extractBackupPayload(file, out, undefined)).rejects.toMatchObject({
      sentence: 'backups.file.needsKey',
    });
    await expect(extractBackupPayload(file, out, 'another key of some length')).rejects.toMatchObject({
      sentence: 'backups.file.wrongKey',
    });
    const target = restoreTarget();
    await expect(restoreBackup(file, target, 'not the key at all', 'Asia/Kolkata')).rejects.toMatchObject({
      sentence: 'backups.file.wrongKey',
    });
    await restoreBackup(file, target, key, 'Asia/Kolkata');
    const copy = await openDb(target);
    try {
      const found = rowsOf<{ n: number }>(
        await copy.db.execute(sql`select count(*)::int as n from customers where customer_name = ${name}`),
      );
      expect(found[0]?.n).toBe(1);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('restores over existing data keeping that data aside under a dated name', async () => {
    const folder = tempFolder('pd-backups-over-');
    const run = await runBackup(t.database, settingsIn(folder), 'manual');
    const file = path.join(folder, run.file_name as string);
    const target = restoreTarget();
    await restoreBackup(file, target, undefined, 'Asia/Kolkata');
    const second = await restoreBackup(file, target, undefined, 'Asia/Kolkata');
    expect(second.keptAside).toMatch(/before[-_]restore[-_]\d{4}[-_]\d{2}[-_]\d{2}[-_]\d{6}$/);
    if (target.kind === 'pglite') expect(fs.existsSync(second.keptAside as string)).toBe(true);
  }, 120_000);

  it('fails with what to do when the folder is missing, and keeps that as the last run', async () => {
    const missing = path.join(tempFolder('pd-backups-gone-'), 'usb-disk');
    const run = await runBackup(t.database, settingsIn(missing), 'manual');
    expect(run).toMatchObject({ status: 'failed', reason_code: 'backups.failed.folderMissing' });
    expect(run.reason).toContain('Plug in the backup disk');
    // A PostgreSQL-kind file is refused by an embedded restore and the other way round.
    const folder = tempFolder('pd-backups-kind-');
    const good = await runBackup(t.database, settingsIn(folder), 'manual');
    const other: Database =
      t.database.kind === 'pglite'
        ? { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' }
        : { kind: 'pglite', dataDir: path.join(tempFolder('pd-kind-'), 'db') };
    await expect(
      restoreBackup(path.join(folder, good.file_name as string), other, undefined, 'Asia/Kolkata'),
    ).rejects.toBeInstanceOf(RestoreRefused);
  }, 120_000);
});

describe('a backup cut off', () => {
  it('leaves the previous good backup, no file that passes as good, and is cleared by the next run', async () => {
    const folder = tempFolder('pd-backups-killed-');
    const settings = settingsIn(folder);
    const first = await runBackup(t.database, settings, 'manual');
    expect(first.status).toBe('good');
    const slug = await installationSlug(t.database);
    // What a process killed while writing leaves: the temporary name, cut short.
    const bytes = fs.readFileSync(path.join(folder, first.file_name as string));
    const left = path.join(folder, `pledge-desk-${slug}-2099-01-01-000000.pdbk.partial`);
    fs.writeFileSync(left, bytes.subarray(0, Math.floor(bytes.length / 3)));
    // Left an hour and more ago (a partial file younger than that may be another installation's, writing).
    const longAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(left, longAgo, longAgo);
    expect((await backupFiles(folder, slug)).map((f) => f.name)).toEqual([first.file_name]);
    await expect(readBackupHeader(left)).rejects.toMatchObject({ sentence: 'backups.file.incomplete' });
    await expect(restoreBackup(left, restoreTarget(), undefined, 'Asia/Kolkata')).rejects.toBeInstanceOf(
      BackupFileError,
    );
    const next = await runBackup(t.database, settings, 'manual');
    expect(next.status).toBe('good');
    expect(fs.existsSync(left)).toBe(false);
    expect((await backupFiles(folder, slug)).map((f) => f.name).sort()).toEqual(
      [first.file_name, next.file_name].sort(),
    );
  }, 120_000);
});

describe('a full disk', () => {
  it('answers a payment with a 503 that says so, keeps nothing of it, and takes the next once there is room', async () => {
    const { companyId, admin } = await companyWithAdmin(t);
    const pledge = await pledgeFor(t, companyId, {
      actor: admin,
      body: { pledge_date: addDays(businessToday(t.config.businessTimeZone), -40) },
    });
    const receiptsBefore = (await receiptIds(t.database.db, companyId)).length;
    // The database refuses to write as PostgreSQL does when its disk is full (SQLSTATE 53100).
    await t.database.db.execute(
      sql.raw(`create or replace function pd_test_disk_full() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger pd_test_disk_full before insert on payment_receipts
        for each row when (new.company_id = ${companyId}) execute function pd_test_disk_full()`),
    );
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/pledge-payments/',
        headers: admin.headers(),
        payload: {
          pledge_id: pledge.pledge_id,
          payment_date: businessToday(t.config.businessTimeZone),
          payment_type: 'interest',
          payment_method: 'cash',
          amount: 12.35,
          cash_limit_confirmed: true,
        },
      });
    try {
      const refused = await pay();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'DISK_FULL', message_code: 'common.diskFull' });
      expect(refused.json().detail).toContain('disk is full');
      expect((await receiptIds(t.database.db, companyId)).length).toBe(receiptsBefore);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger if exists pd_test_disk_full on payment_receipts'));
    }
    const taken = await pay();
    expect(taken.statusCode, taken.body).toBe(201);
    expect((await receiptIds(t.database.db, companyId)).length).toBe(receiptsBefore + 1);
    expect((await checkBooks(t.database.db, [companyId])).every((c) => c.ok)).toBe(true);
  });
});

describe('the backups API', () => {
  it('shows an admin the last good backup and what needs attention; takes one on demand; a clerk may not', async () => {
    const { companyId, headers } = await companyWithAdmin(t);
    const clerk = await userFor(t, companyId);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/system/backups', headers: clerk.headers() }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/system/backups',
          headers: clerk.headers(),
          payload: {},
        })
      ).statusCode,
    ).toBe(403);

    const overview = await t.app.inject({ method: 'GET', url: '/api/system/backups', headers });
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({ folder: t.config.backup.folder, database_kind: t.database.kind });

    const taken = await t.app.inject({ method: 'POST', url: '/api/system/backups', headers, payload: {} });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toMatchObject({ status: 'good', trigger: 'manual', file_present: true });
    const after = (await t.app.inject({ method: 'GET', url: '/api/system/backups', headers })).json();
    expect(after.attention).toBeNull();
    expect(after.last_good).toMatchObject({ id: taken.json().id, file_present: true });
    expect(after.runs[0]).toMatchObject({ id: taken.json().id });
    fs.rmSync(path.join(t.config.backup.folder, taken.json().file_name), { force: true });
  }, 120_000);
});

describe('the schedule', () => {
  it('finds the latest BACKUP_AT that has passed in business time', () => {
    // 21:00 in Kolkata is 15:30 UTC.
    expect(latestSlot(new Date('2026-11-29T16:00:00Z'), '21:00', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-29T15:30:00.000Z',
    );
    expect(latestSlot(new Date('2026-11-29T15:29:00Z'), '21:00', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-28T15:30:00.000Z',
    );
    expect(latestSlot(new Date('2026-11-29T00:10:00Z'), '05:30', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-29T00:00:00.000Z',
    );
  });

  it('is due when no backup started since the latest slot, and after a day closed later than the last backup', async () => {
    const settings = settingsIn(tempFolder('pd-backups-due-'), { at: '21:00' });
    const now = new Date();
    await t.database.db.execute(sql`delete from backup_runs`);
    expect(await dueBackup(t.database, settings, now)).toBe('schedule');
    await t.database.db.execute(
      sql`insert into backup_runs (trigger, status, folder, started_at) values ('schedule', 'good', 'x', now())`,
    );
    expect(await dueBackup(t.database, settings, now)).toBeNull();
    // A branch closes its day after that backup: one is due for it.
    const { companyId, admin } = await companyWithAdmin(t);
    const today = businessToday(t.config.businessTimeZone);
    await closeDay(t.database.db, { companyId, userId: admin.userId, role: 'admin', today }, today, null);
    expect(await dueBackup(t.database, settings, new Date())).toBe('day_close');
    await t.database.db.execute(
      sql`insert into backup_runs (trigger, status, folder, started_at) values ('day_close', 'good', 'x', clock_timestamp())`,
    );
    expect(await dueBackup(t.database, settings, new Date())).toBeNull();
    expect(await dueBackup(t.database, { ...settings, at: null }, now)).toBeNull();
  });
});
