import { Writable } from 'node:stream';
import { verhoeffCheckDigit } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDb } from '../db/open-db.ts';
import { loggableUrl } from '../lib/log-safe.ts';
import { loadFileLinks } from '../modules/files/file-links.ts';
import { adminFor, freshCompany } from '../test/fixtures.ts';
import { bearer, freshDatabase, type TestApp, testConfig } from '../test/test-app.ts';

// The bug these tests keep fixed: the request log wrote whole URLs, so a signed file link (valid an hour) and
// a token sent in a query landed in the log. The log keeps the path and the query's names, no value.

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const fresh = await freshDatabase();
  const config = testConfig(fresh.database, { logLevel: 'info' });
  const database = await openDb(config.database);
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // The app's own logger options (level and serializers) with the lines caught here.
  const app = await buildApp(config, { database, logStream: stream });
  await app.ready();
  t = {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await fresh.drop();
    },
  };
});
afterAll(async () => t.close());

/** The log lines of one request, by its id. */
const linesOf = (requestId: string) => logLines.filter((l) => l.includes(`"reqId":"${requestId}"`));

describe('the request log', () => {
  it('keeps a signed file link’s path, never its expiry or signature', async () => {
    const link = (await loadFileLinks(t.database.db)).url(424242);
    const sig = new URL(link, 'http://x').searchParams.get('sig') as string;
    const res = await t.app.inject({ method: 'GET', url: link });
    const lines = linesOf(String(res.headers['x-request-id']));
    expect(lines.length).toBeGreaterThan(0);
    const incoming = lines.find((l) => l.includes('incoming request'));
    expect(JSON.parse(incoming as string).req.url).toBe('/api/files/424242?exp=[hidden]&sig=[hidden]');
    expect(lines.join('\n')).not.toContain(sig);
  });

  it('hides a token sent in a query, and a customer’s name typed into a search', async () => {
    const { token } = await adminFor(t, (await freshCompany(t)).id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers?search=Murugesan&access_token=${token}`,
      headers: bearer(token),
    });
    const text = linesOf(String(res.headers['x-request-id'])).join('\n');
    expect(text).toContain('/api/customers?search=[hidden]&access_token=[hidden]');
    expect(text).not.toContain(token);
    expect(text).not.toContain('Murugesan');
  });
});

describe('an Aadhaar number in the log', () => {
  it('is in no line of an accepted, a refused or a duplicate ID document', async () => {
    const admin = await adminFor(t, (await freshCompany(t)).id);
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: admin.headers(),
      payload: {
        customer_name: 'Murugan Selvam',
        guardian_name: 'Selvam R',
        mobile_number: '9443012345',
        door_no: '12',
        street: 'West Masi Street',
        location: 'Madurai',
        district: 'Madurai',
        pincode: '625001',
        status: true,
      },
    });
    const eleven = '98765432109';
    const whole = `${eleven}${verhoeffCheckDigit(eleven)}`;
    const wrongCheck = `${eleven}${(verhoeffCheckDigit(eleven) + 1) % 10}`;
    const url = `/api/customers/${customer.json().id}/id-documents`;
    const ids: string[] = [];
    for (const number of [whole, wrongCheck, whole]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: admin.headers(),
        payload: { kind: 'aadhaar', number },
      });
      ids.push(String(res.headers['x-request-id']));
    }
    const text = ids.flatMap(linesOf).join('\n');
    expect(text).toContain('incoming request');
    expect(text).not.toContain(eleven.slice(0, 8));
  });
});

describe('loggableUrl', () => {
  it('keeps a URL without a query as it is, and the names of a query with every value hidden', () => {
    expect(loggableUrl('/api/pledges/12')).toBe('/api/pledges/12');
    expect(loggableUrl('/api/pledges?')).toBe('/api/pledges');
    expect(loggableUrl('/api/x?a=1&&b')).toBe('/api/x?a=[hidden]&b=[hidden]');
    expect(loggableUrl('/api/x?%3Cscript%3E=1')).toBe('/api/x??=[hidden]');
    expect(loggableUrl(`/api/x?${'n'.repeat(50)}=1`)).toBe('/api/x??=[hidden]');
  });
});
