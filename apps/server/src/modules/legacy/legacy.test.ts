import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { auditListSchema, encodeTscii } from '@pledge-desk/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { type Actor, adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { splitAddress } from './legacy.service.ts';
import { importLegacyFile } from './legacy-import.ts';
import { latin1Text } from './legacy-record.ts';
import { writeCsvBytes } from './legacy-test-files.ts';

const cat = (...parts: (Uint8Array | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const quoted = (b: Uint8Array) => cat('"', b, '"');

const MURUGAN = encodeTscii('முருகன் ராமசாமி');
const MURUGAN_ADDRESS = encodeTscii('12/3, மேல மாசி வீதி, சிம்மக்கல், மதுரை - 625001');
const KAUSALYA_LEGACY = Uint8Array.of(0xa6, 0xb8, 0xc7, 0xba, 0xf8, 0xc2, 0xa1); // கெளசல்யா (README rule 7)
const SRIDEVI = encodeTscii('ஸ்ரீதேவி');

/** The old system's file behind these tests: Tamil, English, phones, a legacy ௌ. */
const ROWS: (string | Uint8Array)[][] = [
  ['pno', 'name', 'address', 'phoneno', 'mobile', 'cust_refno'],
  ['1001', MURUGAN, quoted(MURUGAN_ADDRESS), '0452-2345678', '9843012345', 'MDU/1998/12'],
  ['1002', 'LAKSHMI PERUMAL', '"NO.4, WEST MASI STREET, MADURAI 625001"', '', '9443055555', ''],
  ['1003', KAUSALYA_LEGACY, quoted(encodeTscii('சன்னதி தெரு, திருநெல்வேலி')), '', '', ''],
  ['1004', SRIDEVI, '', '0431-2700001', '', 'TPJ/2004/7'],
  ['1005', 'MURUGAN K.', 'KARUR', '', '9000012345', ''],
  ['1006', 'RAJESH', 'SALEM', '', '', ''],
  ['1007', 'DEVI', 'DINDIGUL', '', '', ''],
  ['1008', 'BALU', 'ERODE', '', '', ''],
  ['1009', 'TRIGGER ROW', 'VELLORE', '', '', ''],
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-api-'));
let t: TestApp;
let admin: string;
let clerk: string;
let mainId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp();
  const csv = path.join(tmp, 'old.csv');
  writeCsvBytes(csv, ROWS);
  // The old system's records are read only: one import serves every test of the file.
  await importLegacyFile(t.database.db, csv);
});
// What tests write (migrated customers) goes into companies of their own, with their own admin and clerk.
beforeEach(async () => {
  mainId = (await freshCompany(t)).id;
  otherId = (await freshCompany(t)).id;
  admin = (await adminFor(t, mainId)).token;
  clerk = (await userFor(t, otherId)).token;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const search = (q: string, token = admin, company = mainId) =>
  t.app.inject({
    method: 'GET',
    url: `/api/legacy/customers/search?q=${encodeURIComponent(q)}`,
    headers: { ...bearer(token), 'x-company-id': String(company) },
  });
const migrate = (pno: string, token = admin, company = mainId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/legacy/customers/${encodeURIComponent(pno)}/migrate`,
    headers: { ...bearer(token), 'x-company-id': String(company) },
  });
const migrateAll = (pnos: string[], token = admin, company = mainId) =>
  t.app.inject({
    method: 'POST',
    url: '/api/legacy/customers/migrate',
    headers: { ...bearer(token), 'x-company-id': String(company) },
    payload: { pnos },
  });
const pnos = (res: { json(): { data: { pno: string }[] } }) => res.json().data.map((r) => r.pno);
const countCustomers = async (companyId: number) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(customers)
    .where(eq(customers.companyId, companyId));
  return Number(row?.n ?? 0);
};

describe('GET /legacy/customers/search', () => {
  it('finds Tamil text in names and addresses, answering Unicode and the original as the old screen showed it', async () => {
    const res = await search('முருகன்');
    expect(res.statusCode).toBe(200);
    const [row] = res.json().data;
    expect(row).toEqual({
      pno: '1001',
      name: 'முருகன் ராமசாமி',
      address: '12/3, மேல மாசி வீதி, சிம்மக்கல், மதுரை - 625001',
      phoneno: '0452-2345678',
      mobile: '9843012345',
      cust_refno: 'MDU/1998/12',
      name_original: latin1Text(MURUGAN),
      address_original: latin1Text(MURUGAN_ADDRESS),
      migrated_customer_id: null,
      migrated_customer_code: null,
    });
    expect(pnos(await search('மாசி'))).toEqual(['1001']);
    expect(pnos(await search('ஸ்ரீதேவி'))).toEqual(['1004']);
  });

  it('finds a name typed with the legacy ௌ (ெ + ள) when searched with ௌ', async () => {
    expect(pnos(await search('கௌசல்யா'))).toEqual(['1003']);
    expect(pnos(await search('கெளசல்யா'))).toEqual(['1003']);
  });

  it('finds English text case-insensitively, names starting with the term first', async () => {
    expect(pnos(await search('murugan'))).toEqual(['1005']);
    expect(pnos(await search('west masi'))).toEqual(['1002']);
    expect(pnos(await search('Madurai'))).toEqual(['1002']);
    // Under 3 characters no trigram index can help: only a number, exactly.
    expect(pnos(await search('mu'))).toEqual([]);
  });

  it('finds part of a phone or mobile number, and the customer or reference number exactly', async () => {
    expect(pnos(await search('2345678'))).toEqual(['1001']);
    expect(pnos(await search('2700001'))).toEqual(['1004']);
    expect(pnos(await search('94430'))).toEqual(['1002']);
    expect(pnos(await search('1004'))).toEqual(['1004']);
    expect(pnos(await search('TPJ/2004/7'))).toEqual(['1004']);
    expect(pnos(await search('100'))).toEqual([]);
    expect((await search('zzzz')).json()).toEqual({ data: [], store_empty: false });
  });

  it('refuses a blank term, and a caller without a token', async () => {
    const blank = await search('   ');
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail[0]).toMatchObject({ loc: ['query', 'q'] });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/legacy/customers/search?q=murugan' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is open to every signed-in user of the company', async () => {
    const res = await search('murugan', clerk, otherId);
    expect(res.statusCode).toBe(200);
    expect(pnos(res)).toEqual(['1005']);
  });
});

describe('POST /legacy/customers/{pno}/migrate', () => {
  it('makes the customer in the selected company from the old record, then answers the same one again', async () => {
    const first = await migrate('1001');
    expect(first.statusCode).toBe(201);
    const made = first.json();
    expect(made).toMatchObject({
      created: true,
      customer: {
        customer_name: 'முருகன் ராமசாமி',
        guardian_name: '',
        mobile_number: '9843012345',
        alt_mobile_number: '0452-2345678',
        door_no: '12/3',
        street: 'மேல மாசி வீதி',
        location: 'சிம்மக்கல்',
        district: 'மதுரை',
        pincode: '625001',
        legacy_pno: '1001',
        status: true,
        needs_completion: true,
        incomplete_fields: ['guardian_name'],
      },
    });
    expect(made.customer.acc_code).toMatch(/^C\d{6}$/);

    const again = await migrate('1001');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ created: false, customer: made.customer });
    expect(await countCustomers(mainId)).toBe(1);

    const found = (await search('1001')).json().data[0];
    expect(found.migrated_customer_id).toBe(made.customer.id);
    expect(found.migrated_customer_code).toBe(made.customer.acc_code);
    // The customer opens like any other, and the old number is kept on it.
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${made.customer.id}`,
      headers: { ...bearer(admin), 'x-company-id': String(mainId) },
    });
    expect(opened.json()).toMatchObject({ customer_name: 'முருகன் ராமசாமி', acc_code: made.customer.acc_code });
  });

  it('leaves every required field the old system lacked empty and flags the customer to complete', async () => {
    const res = await migrate('1006');
    expect(res.statusCode).toBe(201);
    expect(res.json().customer).toMatchObject({
      customer_name: 'RAJESH',
      mobile_number: '',
      street: 'SALEM',
      pincode: '',
      needs_completion: true,
      incomplete_fields: ['guardian_name', 'mobile_number', 'door_no', 'location', 'district', 'pincode'],
    });
  });

  it('answers 404 for a number the old system does not have', async () => {
    const res = await migrate('424242');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Legacy customer not found.');
  });

  it('answers concurrent migrations of one number with one customer', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => migrate('1007')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().customer.id)).size).toBe(1);
  });

  it('needs the customer-create permission, and keeps to the company', async () => {
    const denied = await migrate('1002', clerk, otherId);
    expect(denied.statusCode).toBe(403);
    expect(await countCustomers(otherId)).toBe(0);
    const foreign = await migrate('1002', clerk, mainId);
    expect(foreign.statusCode).toBe(403);

    // The same old customer migrated into another branch is that branch's own customer.
    const before = (await search('1001', admin, otherId)).json().data[0];
    expect(before.migrated_customer_id).toBeNull();
    const inOther = await migrate('1001', admin, otherId);
    expect(inOther.statusCode).toBe(201);
    expect(inOther.json().customer.acc_code).toBe('C000001');
    expect((await search('1001', admin, otherId)).json().data[0].migrated_customer_id).toBe(
      inOther.json().customer.id,
    );
    const inMain = (await search('1001', admin, mainId)).json().data[0].migrated_customer_id;
    expect(inMain).not.toBe(inOther.json().customer.id);
  });
});

describe('POST /legacy/customers/migrate', () => {
  it('migrates many at once, answering what was created and what was skipped and why', async () => {
    expect((await migrate('1001')).statusCode).toBe(201);
    const res = await migrateAll(['1002', '1003', '1001', '777', '1002']);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created.map((c: { pno: string }) => c.pno)).toEqual(['1002', '1003']);
    expect(body.created[1].customer).toMatchObject({ customer_name: 'கெளசல்யா', legacy_pno: '1003' });
    expect(body.skipped).toMatchObject([
      {
        pno: '1001',
        reason: 'already_migrated',
        detail: expect.stringMatching(/^Already migrated as C\d{6}\.$/),
        customer_id: expect.any(Number),
      },
      {
        pno: '777',
        reason: 'not_found',
        detail: 'The old system has no customer with this number.',
        customer_id: null,
      },
      { pno: '1002', reason: 'repeated', detail: 'Listed more than once.', customer_id: null },
    ]);
  });

  it('makes all or none: a failure on one row leaves no customer and no used number', async () => {
    const db = t.database.db;
    await db.execute(sql`create function legacy_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.legacy_pno = '1009' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger legacy_test_refuse before insert on customers
      for each row execute function legacy_test_refuse()`);
    const before = await countCustomers(mainId);
    try {
      const res = await migrateAll(['1004', '1005', '1009']);
      expect(res.statusCode).toBe(500);
      expect(await countCustomers(mainId)).toBe(before);
    } finally {
      await db.execute(sql`drop trigger legacy_test_refuse on customers`);
      await db.execute(sql`drop function legacy_test_refuse()`);
    }
    const ok = await migrateAll(['1004', '1005', '1009']);
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().created.map((c: { customer: { acc_code: string } }) => c.customer.acc_code);
    // The numbers the failed attempt took were given back: no gap after the last customer.
    expect(codes).toEqual([1, 2, 3].map((i) => `C${String(before + i).padStart(6, '0')}`));
  });

  it('refuses an empty list and a caller without the customer-create permission', async () => {
    const empty = await migrateAll([]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0]).toMatchObject({
      loc: ['body', 'pnos'],
      msg: 'Choose at least one customer.',
    });
    expect((await migrateAll(['1008'], clerk, otherId)).statusCode).toBe(403);
  });
});

describe('the audit trail of migrations', () => {
  const trail = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?${query}`,
      headers: { ...bearer(admin), 'x-company-id': String(mainId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return auditListSchema.parse(res.json());
  };

  it('records a migration with the customer made, and a migration asked again as changing nothing', async () => {
    const first = await migrate('1002');
    expect(first.statusCode).toBe(201);
    const id = first.json().customer.id as number;
    expect((await migrate('1002')).statusCode).toBe(200);

    const rows = await trail(`entity=customer&entity_id=${id}`);
    expect(rows.map((r) => r.action)).toEqual(['migrate', 'migrate']);
    const [again, made] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(made).toMatchObject({
      company_id: mainId,
      before: null,
      route: 'POST /api/legacy/customers/:pno/migrate',
    });
    expect(made.after).toMatchObject({ id, legacy_pno: '1002', customer_name: 'LAKSHMI PERUMAL' });
    expect(again.after).toEqual(again.before);
    expect(again.after).toMatchObject({ id, legacy_pno: '1002' });
  });

  it('records Migrate All as one event naming every customer made and every number skipped', async () => {
    const res = await migrateAll(['1005', '1006', '777', '1005']);
    expect(res.statusCode).toBe(200);
    const made = res.json().created as { pno: string; customer: { id: number; acc_code: string } }[];
    expect(made).toHaveLength(2);

    const rows = await trail('entity=customer&action=migrate');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity_id: null,
      before: null,
      route: 'POST /api/legacy/customers/migrate',
    });
    expect(rows[0]?.after).toEqual({
      customers: made.map((m) => ({
        id: m.customer.id,
        acc_code: m.customer.acc_code,
        legacy_pno: m.pno,
        customer_name: m.pno === '1005' ? 'MURUGAN K.' : 'RAJESH',
        needs_completion: expect.any(Boolean),
      })),
      skipped: [
        { pno: '777', reason: 'not_found', customer_id: null },
        { pno: '1005', reason: 'repeated', customer_id: null },
      ],
    });
  });
});

describe('splitting an old address', () => {
  it('takes the door number, street, location, district and pincode from a one-line address', () => {
    expect(splitAddress('No. 45 Gandhi Road, Karur 639 001')).toEqual({
      door_no: '45',
      street: 'Gandhi Road',
      location: 'Karur',
      district: '',
      pincode: '639001',
    });
    expect(splitAddress('Ph 0452 234567, Anna Nagar').pincode).toBe('');
  });
});

describe('the old system’s service (LEGACY_API_URL)', () => {
  let upstream: http.Server;
  let up: TestApp;
  let upAdmin: Actor;
  const asked: string[] = [];
  // The service reads TSCII bytes as Latin-1 and sends that text as JSON (\u0082 and all).
  const served = [
    {
      pno: 5001,
      name: latin1Text(SRIDEVI),
      address: latin1Text(MURUGAN_ADDRESS),
      phoneno: null,
      mobile: '9843000001',
      cust_refno: '',
    },
    { pno: '5002', name: 'GOWRI', address: 'KARUR', phoneno: '04324-23001', mobile: '', cust_refno: 'KRR/1' },
  ];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const q = url.searchParams.get('q') ?? '';
      asked.push(q);
      if (q === 'broken') {
        res.writeHead(500).end('boom');
        return;
      }
      const data = served.filter(
        (r) => String(r.pno) === q || r.name.toLowerCase().includes(q.toLowerCase()) || r.mobile.includes(q),
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as AddressInfo).port;
    up = await createTestApp({ legacyApiUrl: `http://127.0.0.1:${port}/` });
  });
  beforeEach(async () => {
    upAdmin = await adminFor(up, (await freshCompany(up)).id);
  });
  afterAll(async () => {
    await up.close();
    await new Promise((r) => upstream.close(r));
  });

  const ask = (method: 'GET' | 'POST', url: string, payload?: object) =>
    up.app.inject({ method, url, headers: upAdmin.headers(), ...(payload ? { payload } : {}) });

  it('searches the service and decodes its TSCII text, sending a Tamil term as the old system holds it', async () => {
    const res = await ask('GET', '/api/legacy/customers/search?q=ஸ்ரீதேவி');
    expect(res.statusCode).toBe(200);
    expect(asked.at(-1)).toBe(latin1Text(SRIDEVI));
    expect(res.json().data).toEqual([
      {
        pno: '5001',
        name: 'ஸ்ரீதேவி',
        address: '12/3, மேல மாசி வீதி, சிம்மக்கல், மதுரை - 625001',
        phoneno: '',
        mobile: '9843000001',
        cust_refno: '',
        name_original: latin1Text(SRIDEVI),
        address_original: latin1Text(MURUGAN_ADDRESS),
        migrated_customer_id: null,
        migrated_customer_code: null,
      },
    ]);
  });

  it('migrates a row of the service, fetched by searching its number', async () => {
    const res = await ask('POST', '/api/legacy/customers/5001/migrate');
    expect(res.statusCode).toBe(201);
    expect(res.json().customer).toMatchObject({ customer_name: 'ஸ்ரீதேவி', legacy_pno: '5001' });
    expect((await ask('POST', '/api/legacy/customers/5001/migrate')).statusCode).toBe(200);
    const many = await ask('POST', '/api/legacy/customers/migrate', { pnos: ['5001', '5002', '5003'] });
    expect(many.json().created.map((c: { pno: string }) => c.pno)).toEqual(['5002']);
    expect(many.json().skipped.map((s: { reason: string }) => s.reason)).toEqual([
      'already_migrated',
      'not_found',
    ]);
  });

  it('answers 502 when the service fails or cannot be reached', async () => {
    const failed = await ask('GET', '/api/legacy/customers/search?q=broken');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).toBe('The old system did not answer.');

    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const down = await createTestApp({ legacyApiUrl: `http://127.0.0.1:${port}` });
    try {
      const downToken = (await adminFor(down, (await freshCompany(down)).id)).token;
      const res = await down.app.inject({
        method: 'GET',
        url: '/api/legacy/customers/search?q=gowri',
        headers: bearer(downToken),
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toBe('The old system did not answer.');
    } finally {
      await down.close();
    }
  });
});
