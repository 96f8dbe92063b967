import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeTscii } from '@pledge-desk/domain';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_FILE } from '../../scripts/legacy-sample.ts';
import { type OpenDb, openDb } from '../db/open-db.ts';
import { legacyCustomers } from '../db/schema/index.ts';
import { countLegacy } from '../modules/legacy/legacy.repository.ts';
import {
  formatSummary,
  importLegacyFile,
  LegacyImportError,
  parseColumnMap,
} from '../modules/legacy/legacy-import.ts';
import { writeCsvBytes, writeDbf } from '../modules/legacy/legacy-test-files.ts';
import { freshDatabase, testDbKind } from '../test/test-app.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-import-'));
const file = (name: string) => path.join(tmp, name);
const bytes = (...xs: number[]) => Uint8Array.from(xs);
const cat = (...parts: (Uint8Array | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

// Worked examples of the README's rules, as the old files hold them.
const SRIDEVI = encodeTscii('ஸ்ரீதேவி'); // 0x82 ஸ்ரீ, a byte in 0x80-0x9F
const LAKSHMI = encodeTscii('லக்ஷ்மி'); // 0x8C க்ஷ்
const KAUSALYA_LEGACY = bytes(0xa6, 0xb8, 0xc7, 0xba, 0xf8, 0xc2, 0xa1); // கெளசல்யா: ௌ typed as ள (rule 7)
const ILANGO_AD = bytes(0xad, 0xc7, 0xed, 0xa7, 0xb8, 0xa1); // இளங்கோ with இ as 0xAD (rule 4)
const MADURAI_ADDRESS = encodeTscii('12/3, மேல மாசி வீதி, மதுரை - 625001');

let open: OpenDb;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  open = await openDb(fresh.database);
});
afterAll(async () => {
  await open.close();
  await drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  await open.db.delete(legacyCustomers);
});

const stored = () => open.db.select().from(legacyCustomers).orderBy(asc(legacyCustomers.pno));

describe('importing a CSV file', () => {
  it('decodes TSCII names and addresses to Unicode and keeps the bytes as they were', async () => {
    writeCsvBytes(file('tscii.csv'), [
      ['pno', 'name', 'address', 'phoneno', 'mobile', 'cust_refno'],
      ['101', SRIDEVI, cat('"', MADURAI_ADDRESS, '"'), '0452-2345678', '9843012345', 'MDU/1998/12'],
      ['102', LAKSHMI, encodeTscii('சன்னதி தெரு'), '', '9443055555', ''],
      ['103', KAUSALYA_LEGACY, '', '', '', ''],
      ['104', cat(ILANGO_AD, '      '), cat(encodeTscii('தஞ்சாவூர்'), '   '), '', '', ''],
      ['105', 'MURUGAN K.', '"NO.4, WEST MASI STREET, MADURAI"', '', '9876543210', ''],
      ['106', bytes(0xb8, 0xff), '', '', '', ''],
    ]);
    const summary = await importLegacyFile(open.db, file('tscii.csv'));
    expect(summary).toMatchObject({ read: 6, added: 6, skipped: [] });
    const rows = await stored();
    expect(rows.map((r) => [r.pno, r.name, r.address])).toEqual([
      ['101', 'ஸ்ரீதேவி', '12/3, மேல மாசி வீதி, மதுரை - 625001'],
      ['102', 'லக்ஷ்மி', 'சன்னதி தெரு'],
      ['103', 'கெளசல்யா', ''],
      ['104', 'இளங்கோ', 'தஞ்சாவூர்'],
      ['105', 'MURUGAN K.', 'NO.4, WEST MASI STREET, MADURAI'],
      ['106', 'க\ufffd', ''],
    ]);
    expect(Buffer.from(rows[0]!.nameRaw)).toEqual(Buffer.from(SRIDEVI));
    expect(Buffer.from(rows[0]!.addressRaw)).toEqual(Buffer.from(MADURAI_ADDRESS));
    expect(Buffer.from(rows[3]!.nameRaw)).toEqual(cat(ILANGO_AD, '      '));
    expect(rows[0]).toMatchObject({
      phoneno: '0452-2345678',
      mobile: '9843012345',
      custRefno: 'MDU/1998/12',
    });
  });

  it('adds nothing when the same file is imported again', async () => {
    const first = await importLegacyFile(open.db, SAMPLE_FILE);
    expect(first.read).toBe(3_000);
    expect(first.added).toBeGreaterThan(2_950);
    const again = await importLegacyFile(open.db, SAMPLE_FILE);
    expect(again.added).toBe(0);
    expect(again.skipped.find((s) => s.reason === 'already in the store')?.count).toBe(first.added);
    expect(await countLegacy(open.db)).toBe(first.added);
  });

  it('skips rows without a number, a number repeated in the file and over-long fields, naming the rows', async () => {
    writeCsvBytes(file('skips.csv'), [
      ['pno', 'name', 'address', 'phoneno', 'mobile', 'cust_refno'],
      ['201', 'SELVI', '', '', '', ''],
      ['   ', 'NO NUMBER', '', '', '', ''],
      ['201', 'SELVI AGAIN', '', '', '', ''],
      ['202', 'X'.repeat(501), '', '', '', ''],
      ['203', 'KAVITHA', '', '', '', ''],
    ]);
    const summary = await importLegacyFile(open.db, file('skips.csv'));
    expect(summary.read).toBe(5);
    expect(summary.added).toBe(2);
    expect(summary.skipped).toEqual([
      { reason: 'no customer number', count: 1, rows: [2] },
      { reason: 'customer number repeated in the file (the first row is kept)', count: 1, rows: [3] },
      { reason: 'name longer than 500 bytes', count: 1, rows: [4] },
    ]);
    expect((await stored()).map((r) => r.name)).toEqual(['SELVI', 'KAVITHA']);
    expect(formatSummary(summary)).toContain('1 no customer number (rows 2)');
  });

  it('reads columns named differently through the column map', async () => {
    writeCsvBytes(file('mapped.csv'), [
      ['CUSTNO', 'CUSTNAME', 'ADDR1', 'PHONE', 'CELL'],
      ['301', SRIDEVI, 'KARUR', '04324-230001', '9000000001'],
    ]);
    await expect(importLegacyFile(open.db, file('mapped.csv'))).rejects.toThrow(
      'The file has no column "pno" for pno; its columns are: CUSTNO, CUSTNAME, ADDR1, PHONE, CELL.',
    );
    const map = parseColumnMap('pno=custno,name=CUSTNAME,address=ADDR1,phoneno=PHONE,mobile=CELL');
    const summary = await importLegacyFile(open.db, file('mapped.csv'), { map });
    expect(summary).toMatchObject({ added: 1, absentColumns: ['cust_refno'] });
    expect((await stored())[0]).toMatchObject({ pno: '301', name: 'ஸ்ரீதேவி', mobile: '9000000001' });
    expect(() => parseColumnMap('nmae=X')).toThrow(LegacyImportError);
  });

  it('stops at a malformed row, names it, and leaves the store as it was', async () => {
    await importLegacyFile(open.db, SAMPLE_FILE);
    const before = await countLegacy(open.db);
    const good = (n: number) => [String(9_000 + n), 'GOOD ROW', '', '', '', ''];
    writeCsvBytes(file('broken.csv'), [
      ['pno', 'name', 'address', 'phoneno', 'mobile', 'cust_refno'],
      ...Array.from({ length: 2_500 }, (_, i) => good(i)),
      ['9999', 'TOO', 'MANY', 'FIELDS', '', '', 'HERE'],
      good(2_501),
    ]);
    await expect(importLegacyFile(open.db, file('broken.csv'))).rejects.toThrow(
      /^The file is malformed at row 2501 \(line 2502\): Invalid Record Length/,
    );
    expect(await countLegacy(open.db)).toBe(before);

    writeCsvBytes(file('quote.csv'), [
      ['pno', 'name', 'address', 'phoneno', 'mobile', 'cust_refno'],
      good(1),
      ['9002', '"UNCLOSED', '', '', '', ''],
    ]);
    await expect(importLegacyFile(open.db, file('quote.csv'))).rejects.toThrow(/malformed at row 2/);
    expect(await countLegacy(open.db)).toBe(before);
  });

  it('refuses an empty file and a missing one', async () => {
    fs.writeFileSync(file('empty.csv'), '');
    await expect(importLegacyFile(open.db, file('empty.csv'))).rejects.toThrow('The file is empty');
    await expect(importLegacyFile(open.db, file('nope.csv'))).rejects.toThrow('No such file');
  });
});

describe('importing a dBASE/FoxPro file', () => {
  it('keeps every byte 0x80-0x9F and decodes TSCII, leaving deleted records out', async () => {
    const high = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
    writeDbf(
      file('customers.dbf'),
      [
        { name: 'PNO', size: 8 },
        { name: 'NAME', size: 40 },
        { name: 'ADDRESS', size: 80 },
        { name: 'PHONENO', size: 15 },
        { name: 'MOBILE', size: 15 },
        { name: 'CUST_REFNO', size: 12 },
      ],
      [
        {
          values: [
            cat('401'),
            SRIDEVI,
            MADURAI_ADDRESS,
            cat('0452-2345678'),
            cat('9843012345'),
            cat('MDU/12'),
          ],
        },
        { values: [cat('402'), KAUSALYA_LEGACY, high, cat(''), cat(''), cat('')] },
        { values: [cat('403'), cat('DELETED ROW')], deleted: true },
        { values: [cat('404'), ILANGO_AD, encodeTscii('சன்னதி தெரு')] },
      ],
    );
    const summary = await importLegacyFile(open.db, file('customers.dbf'));
    expect(summary).toMatchObject({ read: 3, added: 3, skipped: [] });
    const rows = await stored();
    expect(rows.map((r) => [r.pno, r.name])).toEqual([
      ['401', 'ஸ்ரீதேவி'],
      ['402', 'கெளசல்யா'],
      ['404', 'இளங்கோ'],
    ]);
    expect(rows[0]).toMatchObject({
      address: '12/3, மேல மாசி வீதி, மதுரை - 625001',
      phoneno: '0452-2345678',
      mobile: '9843012345',
      custRefno: 'MDU/12',
    });
    // dbffile trims the fixed-width padding; every other byte arrives as it was.
    expect(Buffer.from(rows[1]!.addressRaw)).toEqual(Buffer.from(high));
    expect(Buffer.from(rows[0]!.nameRaw)).toEqual(Buffer.from(SRIDEVI));
    expect(Buffer.from(rows[2]!.nameRaw)).toEqual(Buffer.from(ILANGO_AD));
  });

  it('refuses a file that is not a .dbf, changing nothing', async () => {
    fs.writeFileSync(file('fake.dbf'), 'pno,name\r\n1,x\r\n');
    await expect(importLegacyFile(open.db, file('fake.dbf'))).rejects.toThrow(LegacyImportError);
    expect(await countLegacy(open.db)).toBe(0);
  });
});

// Three CLI processes, each starting tsx and opening the database: more than the default 30 s on a
// busy machine.
describe('npm run legacy:import', { timeout: 120_000 }, () => {
  const cli = path.resolve(import.meta.dirname, 'legacy-import.ts');
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('imports a file into the configured database with a summary, and refuses a malformed one', async () => {
    const fresh = await freshDatabase();
    const env: Record<string, string> =
      testDbKind === 'pglite'
        ? { DATA_DIR: path.join(tmp, 'cli-data') }
        : { DATABASE_URL: (fresh.database as { url: string }).url };
    try {
      const ok = run([SAMPLE_FILE], env);
      expect(ok.stderr).not.toMatch(/Error/);
      expect(ok.status).toBe(0);
      expect(ok.stdout).toMatch(
        /^Read 3,000 rows from legacy-customers\.csv in [\d.]+ s\.\nAdded 2,9\d\d to the legacy store\.\nSkipped \d+:/,
      );

      writeCsvBytes(file('cli-broken.csv'), [
        ['pno', 'name'],
        ['1', 'A'],
        ['2', 'B', 'C'],
      ]);
      const bad = run([file('cli-broken.csv')], env);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('The file is malformed at row 2 (line 3)');
      expect(bad.stderr).toContain('Nothing was imported; the legacy store is unchanged.');

      const usage = run([], env);
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run legacy:import -- <file.csv|file.dbf>');
    } finally {
      await fresh.drop();
    }
  });
});
