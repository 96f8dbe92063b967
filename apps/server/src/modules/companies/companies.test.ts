import { auditListSchema } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { multipart, PNG_1PX } from '../../test/images.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadFileLinks } from '../files/file-links.ts';

let t: TestApp;

const branch = {
  company_name: 'Coimbatore Branch',
  address: '45 Oppanakara Street',
  city: 'Coimbatore',
  state: 'Tamil Nadu',
  phone: '0422 2390001',
  licence_no: 'TN-CBE-2026-003',
  status: true,
};

/**
 * Each test's own companies: Main Branch with an admin, then Madurai Branch with a clerk. Companies
 * are not scoped to one another, so a list test reads only the newest rows, which are its own.
 */
async function setup() {
  const mainId = (await freshCompany(t, { company_name: 'Main Branch' })).id;
  const maduraiId = (await freshCompany(t, { company_name: 'Madurai Branch' })).id;
  const admin = (await adminFor(t, mainId)).token;
  const clerk = (await userFor(t, maduraiId)).token;
  return { mainId, maduraiId, admin, clerk };
}

/** Uploads PNG_1PX as the company's logo and answers its signed link. */
async function uploadLogo(companyId: number, token: string): Promise<string> {
  const { payload, headers } = multipart('file', 'logo.png', 'image/png', PNG_1PX);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/upload-logo`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().logo;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/companies/', () => {
  it('lists every company for an admin, newest first', async () => {
    const { maduraiId, admin } = await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/companies/?skip=0&limit=2',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((c: { company_name: string }) => c.company_name);
    expect(names).toEqual(['Madurai Branch', 'Main Branch']);
    expect(res.json()[0]).toEqual({
      id: maduraiId,
      company_name: 'Madurai Branch',
      address: '12 West Masi Street',
      city: 'Madurai',
      state: 'Tamil Nadu',
      phone: '0452 2345678',
      logo: null,
      licence_no: 'TN-MDU-2026-002',
      status: true,
      default_language: 'en',
      created_at: expect.any(String),
    });
  });

  it('pages with skip and limit', async () => {
    const { mainId, admin } = await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/companies/?skip=1&limit=1',
      headers: bearer(admin),
    });
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([mainId]);
  });

  it('lists only their own company for a user', async () => {
    const { maduraiId, clerk } = await setup();
    const res = await t.app.inject({ method: 'GET', url: '/api/companies/', headers: bearer(clerk) });
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([maduraiId]);
  });

  it('refuses a limit above the maximum', async () => {
    const { admin } = await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/companies/?limit=100000',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toMatchObject(['query', 'limit']);
  });
});

describe('GET /api/companies/{id}', () => {
  it('answers another company as 404 to a user', async () => {
    const { mainId, clerk } = await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${mainId}`,
      headers: bearer(clerk),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Company not found.');
  });

  it('answers the own company to a user and any company to an admin', async () => {
    const { maduraiId, admin, clerk } = await setup();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/companies/${maduraiId}`, headers: bearer(clerk) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/companies/${maduraiId}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /api/companies/', () => {
  it('opens a branch for an admin', async () => {
    const { admin } = await setup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies/',
      headers: bearer(admin),
      payload: branch,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...branch, logo: null });
  });

  it('refuses a user with 403', async () => {
    const { clerk } = await setup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies/',
      headers: bearer(clerk),
      payload: branch,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You do not have permission to do this.');
  });

  it('names every missing required field', async () => {
    const { admin } = await setup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies/',
      headers: bearer(admin),
      payload: { company_name: '  ', status: true },
    });
    expect(res.statusCode).toBe(422);
    const fields = res.json().detail.map((d: { loc: string[] }) => d.loc[1]);
    expect(fields.sort()).toEqual(['address', 'city', 'company_name', 'licence_no', 'phone', 'state']);
  });
});

describe('PUT /api/companies/{id}', () => {
  it('updates the details', async () => {
    const { maduraiId, admin } = await setup();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${maduraiId}`,
      headers: bearer(admin),
      payload: { ...branch, company_name: 'Madurai Town Branch', city: 'Madurai' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: maduraiId, company_name: 'Madurai Town Branch' });
  });

  it('answers 404 for a company that does not exist', async () => {
    const { admin } = await setup();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/companies/99999',
      headers: bearer(admin),
      payload: branch,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/companies/{id}/upload-logo', () => {
  it('stores a PNG and answers a signed link that serves it', async () => {
    const { mainId, admin } = await setup();
    const { payload, headers } = multipart('file', 'logo.png', 'image/png', PNG_1PX);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${mainId}/upload-logo`,
      headers: { ...bearer(admin), ...headers },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const logo = res.json().logo as string;
    expect(logo).toMatch(/^\/api\/files\/\d+\?exp=\d+&sig=[\w-]+$/);
    const file = await t.app.inject({ method: 'GET', url: logo });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('refuses a file that is not an image, whatever it claims, and keeps the old logo', async () => {
    const { mainId, admin } = await setup();
    await uploadLogo(mainId, admin);
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/companies/${mainId}`, headers: bearer(admin) })
    ).json();
    const { payload, headers } = multipart('file', 'logo.png', 'image/png', Buffer.from('<html>hi</html>'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${mainId}/upload-logo`,
      headers: { ...bearer(admin), ...headers },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Only PNG, JPEG or WebP images are accepted.');
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/companies/${mainId}`, headers: bearer(admin) })
    ).json();
    expect(after.logo?.split('?')[0]).toBe(before.logo?.split('?')[0]);
  });

  it('refuses a file above the size limit with 413', async () => {
    const { mainId, admin } = await setup();
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(t.config.uploadMaxBytes + 10)]);
    const { payload, headers } = multipart('file', 'big.png', 'image/png', big);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${mainId}/upload-logo`,
      headers: { ...bearer(admin), ...headers },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('The file is larger than 1 MB.');
  });

  it('asks for a file when the form has none', async () => {
    const { mainId, admin } = await setup();
    const { payload, headers } = multipart('other', 'x.png', 'image/png', PNG_1PX);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${mainId}/upload-logo`,
      headers: { ...bearer(admin), ...headers },
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'file'],
      msg: 'Please choose an image file.',
    });
  });

  it('refuses a user with 403 before reading the upload', async () => {
    const { maduraiId, clerk } = await setup();
    const { payload, headers } = multipart('file', 'logo.png', 'image/png', PNG_1PX);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${maduraiId}/upload-logo`,
      headers: { ...bearer(clerk), ...headers },
      payload,
    });
    expect(res.statusCode).toBe(403);
  });

  it('removes the logo when the company is saved with logo null', async () => {
    const { mainId, admin } = await setup();
    const logo = await uploadLogo(mainId, admin);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${mainId}`,
      headers: bearer(admin),
      payload: { ...branch, company_name: 'Main Branch', logo: null },
    });
    expect(res.json().logo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
  });
});

describe('GET /api/files/{id}', () => {
  it('refuses a tampered signature and an expired link with 403', async () => {
    const { maduraiId, admin } = await setup();
    const { payload, headers } = multipart('file', 'logo.png', 'image/png', PNG_1PX);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${maduraiId}/upload-logo`,
      headers: { ...bearer(admin), ...headers },
      payload,
    });
    const logo = up.json().logo as string;
    const tampered = logo.replace(/sig=([\w-])/, (_m, c) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const bad = await t.app.inject({ method: 'GET', url: tampered });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().detail).toBe('This file link is not valid.');

    const fileId = Number(/files\/(\d+)/.exec(logo)?.[1]);
    const links = await loadFileLinks(t.database.db);
    const old = links.url(fileId, Date.now() - 2 * 3_600_000);
    const expired = await t.app.inject({ method: 'GET', url: old });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().detail).toBe('This file link has expired. Reload the page.');
  });
});

describe('the audit trail of companies', () => {
  it('records the opening, the change and the settings of a branch in its own trail, money in rupees', async () => {
    const { admin } = await setup();
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/companies/',
      headers: bearer(admin),
      payload: branch,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().id as number;
    const asNew = { ...bearer(admin), 'x-company-id': String(id) };
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${id}`,
      headers: asNew,
      payload: { ...branch, city: 'Tiruppur' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const limit = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${id}/cash-settings`,
      headers: asNew,
      payload: { cash_limit: 15000.5, cash_limit_mode: 'block' },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const settings = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${id}/end-of-pledge-settings`,
      headers: asNew,
      payload: {
        overdue_grace_days: 3,
        release_wait_working_days: 7,
        notice_wait_days: 30,
        surplus_hold_months: 6,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=company&entity_id=${id}`,
      headers: asNew,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = auditListSchema.parse(res.json());
    expect(rows.map((r) => r.action)).toEqual(['settings', 'settings', 'update', 'create']);
    const [grace, cash, update, create] = rows as [
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
    ];
    expect(create).toMatchObject({ company_id: id, entity: 'company', entity_id: String(id), before: null });
    expect(create.after).toMatchObject({ id, company_name: branch.company_name, city: 'Coimbatore' });
    expect(update.before).toMatchObject({ city: 'Coimbatore' });
    expect(update.after).toMatchObject({ city: 'Tiruppur' });
    expect(cash.before).toMatchObject({ cash_limit: 20000, cash_limit_mode: 'warn' });
    expect(cash.after).toMatchObject({ cash_limit: 15000.5, cash_limit_mode: 'block' });
    expect(cash.route).toBe('PUT /api/companies/:id/cash-settings');
    expect(grace.before).toMatchObject({ overdue_grace_days: 0 });
    expect(grace.after).toMatchObject({ overdue_grace_days: 3 });
  });

  it('records a new logo by its file, never the bytes', async () => {
    const { mainId, admin } = await setup();
    await uploadLogo(mainId, admin);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=company&entity_id=${mainId}&action=upload_logo`,
      headers: { ...bearer(admin), 'x-company-id': String(mainId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = auditListSchema.parse(res.json());
    expect(event?.before).toMatchObject({ logo_file_id: null });
    expect(event?.after).toMatchObject({ logo_file_id: expect.any(Number) });
  });
});
