import { auditListSchema } from '@pledge-desk/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jewelRates, schemes } from '../../db/schema/index.ts';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { jewelTypeInUse } from './jewel-types.routes.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let mainId: number;
let maduraiId: number;

const as = (token: string, companyId: number) => ({ ...bearer(token), 'x-company-id': String(companyId) });

const ring = { jewel_name: 'Gold Ring', description: 'Plain band', purity: '22K', status: true };

async function addType(companyId: number, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jewel-types/',
    headers: as(admin, companyId),
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; jewel_name: string };
}

async function addScheme(companyId: number, jewelTypeId: number, name: string, prefix: string) {
  await t.database.db.insert(schemes).values({
    companyId,
    jewelTypeId,
    schemeName: name,
    shortName: name.slice(0, 3),
    prefix,
    durationMonths: 12,
    interestRatePerMonth: '1.50',
    loanEligibilityPercentage: '75.00',
  });
}

async function addJewelRate(companyId: number, jewelTypeId: number) {
  await t.database.db.insert(jewelRates).values({
    companyId,
    jewelTypeId,
    ratePerGram: '6900.00',
    marketPrice: '7200.00',
    sellingPrice: '7300.00',
    effectiveDate: '2026-11-20',
  });
}

beforeAll(async () => {
  t = await createTestApp();
});
// One app per file; every test gets its own companies (main with an admin, Madurai with a clerk).
beforeEach(async () => {
  mainId = (await freshCompany(t)).id;
  maduraiId = (await freshCompany(t)).id;
  admin = (await adminFor(t, mainId)).token;
  clerk = (await userFor(t, maduraiId)).token;
});
afterAll(async () => t.close());

describe('POST /api/jewel-types/', () => {
  it('adds a jewel type to the selected company', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-types/',
      headers: as(admin, mainId),
      payload: ring,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      ...ring,
      metal: 'gold',
      created_at: expect.any(String),
    });
  });

  it('keeps a silver type silver, in the answer and the list (the RBI regime weighs by metal)', async () => {
    const anklet = await addType(mainId, { jewel_name: 'Anklet', purity: '92.5', metal: 'silver' });
    expect(anklet).toMatchObject({ metal: 'silver' });
    const list = await t.app.inject({ method: 'GET', url: '/api/jewel-types/', headers: as(admin, mainId) });
    expect(list.json().find((r: { id: number }) => r.id === anklet.id)).toMatchObject({ metal: 'silver' });
  });

  it('refuses a metal other than gold or silver with 422 on metal', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-types/',
      headers: as(admin, mainId),
      payload: { ...ring, metal: 'platinum' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      expect.objectContaining({ loc: ['body', 'metal'], msg: 'Metal must be gold or silver' }),
    ]);
  });

  it('refuses the same name in another case with 422 on jewel_name', async () => {
    await addType(mainId, ring);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-types/',
      headers: as(admin, mainId),
      payload: { ...ring, jewel_name: '  gold RING ' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      {
        loc: ['body', 'jewel_name'],
        msg: 'A jewel type with this name already exists.',
        type: 'value_error',
      },
    ]);
  });

  it('allows the same name in another company', async () => {
    await addType(mainId, ring);
    await addType(maduraiId, ring);
  });

  it('requires jewel_name and purity; description is optional and status defaults to active', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-types/',
      headers: as(admin, mainId),
      payload: { jewel_name: ' ', purity: '' },
    });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(
      res.json().detail.map((d: { loc: string[]; msg: string }) => [d.loc.join('.'), d.msg]),
    );
    expect(byField).toEqual({
      'body.jewel_name': 'Jewel name is required',
      'body.purity': 'Purity is required',
    });

    const ok = await addType(mainId, { jewel_name: 'Silver Anklet', purity: '92.5' });
    expect(ok).toMatchObject({ description: null, status: true });
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-types/',
      headers: bearer(clerk),
      payload: ring,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/jewel-types/', () => {
  it('lists the selected company types newest first, to any signed-in user of it', async () => {
    await addType(mainId, { jewel_name: 'Gold Necklace', purity: '916' });
    await addType(maduraiId, ring);
    await addType(maduraiId, { jewel_name: 'Gold Chain', purity: '916' });
    const res = await t.app.inject({ method: 'GET', url: '/api/jewel-types', headers: bearer(clerk) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { jewel_name: string }) => r.jewel_name)).toEqual(['Gold Chain', 'Gold Ring']);
  });
});

describe('PUT /api/jewel-types/{id}', () => {
  it('updates a type', async () => {
    const bangle = await addType(mainId, { jewel_name: 'Bangle', purity: '22K' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-types/${bangle.id}/`,
      headers: as(admin, mainId),
      payload: { jewel_name: 'Gold Bangle', description: 'Pair', purity: '916', status: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: bangle.id,
      jewel_name: 'Gold Bangle',
      purity: '916',
      status: false,
    });
  });

  it('changes the metal when told, and an edit that sends none makes it gold (the default)', async () => {
    const toeRing = await addType(mainId, { jewel_name: 'Toe Ring', purity: '22K' });
    const silver = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-types/${toeRing.id}`,
      headers: as(admin, mainId),
      payload: { jewel_name: 'Toe Ring', purity: '92.5', metal: 'silver' },
    });
    expect(silver.statusCode, silver.body).toBe(200);
    expect(silver.json()).toMatchObject({ metal: 'silver', purity: '92.5' });
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-types/${toeRing.id}`,
      headers: as(admin, mainId),
      payload: { jewel_name: 'Silver Toe Ring', purity: '92.5', metal: 'silver' },
    });
    expect(kept.json()).toMatchObject({ jewel_name: 'Silver Toe Ring', metal: 'silver' });
  });

  it('keeps the own name when only the case changes, and refuses another type name', async () => {
    await addType(mainId, ring);
    const chain = await addType(mainId, { jewel_name: 'Chain', purity: '22K' });
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-types/${chain.id}`,
      headers: as(admin, mainId),
      payload: { jewel_name: 'CHAIN', purity: '22K' },
    });
    expect(same.statusCode).toBe(200);
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-types/${chain.id}`,
      headers: as(admin, mainId),
      payload: { jewel_name: 'gold ring', purity: '22K' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().detail[0]).toMatchObject({
      loc: ['body', 'jewel_name'],
      msg: 'A jewel type with this name already exists.',
    });
  });

  it("answers another company's type as 404 and leaves it unchanged", async () => {
    const own = await addType(mainId, { jewel_name: 'Necklace', purity: '22K' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-types/${own.id}`,
      headers: as(admin, maduraiId),
      payload: { jewel_name: 'Stolen', purity: '18K' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Jewel type not found.');
    const list = await t.app.inject({ method: 'GET', url: '/api/jewel-types/', headers: as(admin, mainId) });
    expect(list.json().find((r: { id: number }) => r.id === own.id).jewel_name).toBe('Necklace');
  });

  it('names the missing fields', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/jewel-types/1',
      headers: as(admin, mainId),
      payload: { jewel_name: 'X' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      expect.objectContaining({ loc: ['body', 'purity'], msg: 'Purity is required' }),
    ]);
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/jewel-types/1',
      headers: bearer(clerk),
      payload: ring,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/jewel-types/{id}', () => {
  it('deletes an unused type', async () => {
    const unused = await addType(mainId, { jewel_name: 'Nose Stud', purity: '18K' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/jewel-types/${unused.id}`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode).toBe(204);
    const list = await t.app.inject({ method: 'GET', url: '/api/jewel-types/', headers: as(admin, mainId) });
    expect(list.json().some((r: { id: number }) => r.id === unused.id)).toBe(false);
  });

  it('refuses a type used by schemes and jewel rates, counting them', async () => {
    const coin = await addType(mainId, { jewel_name: 'Gold Coin', purity: '24K' });
    await addScheme(mainId, coin.id, 'Coin Regular', 'CR');
    await addScheme(mainId, coin.id, 'Coin Special', 'CS');
    await addJewelRate(mainId, coin.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/jewel-types/${coin.id}`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This jewel type is used by 2 schemes and 1 jewel rate.');
    const list = await t.app.inject({ method: 'GET', url: '/api/jewel-types/', headers: as(admin, mainId) });
    expect(list.json().some((r: { id: number }) => r.id === coin.id)).toBe(true);
  });

  it('refuses a type used only by jewel rates', async () => {
    const pendant = await addType(mainId, { jewel_name: 'Pendant', purity: '22K' });
    await addJewelRate(mainId, pendant.id);
    await addJewelRate(mainId, pendant.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/jewel-types/${pendant.id}`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This jewel type is used by 2 jewel rates.');
  });

  it("answers another company's type as 404 and keeps it", async () => {
    const own = await addType(mainId, { jewel_name: 'Earring', purity: '22K' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/jewel-types/${own.id}`,
      headers: as(admin, maduraiId),
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/jewel-types/', headers: as(admin, mainId) });
    expect(list.json().some((r: { id: number }) => r.id === own.id)).toBe(true);
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/jewel-types/1', headers: bearer(clerk) });
    expect(res.statusCode).toBe(403);
  });
});

describe('the in-use sentence', () => {
  it('names only what holds the type, singular or plural', () => {
    expect(jewelTypeInUse({ schemes: 1, jewelRates: 0 }).message).toBe(
      'This jewel type is used by 1 scheme.',
    );
    expect(jewelTypeInUse({ schemes: 3, jewelRates: 2 }).message).toBe(
      'This jewel type is used by 3 schemes and 2 jewel rates.',
    );
  });
});

describe('the audit trail of jewel types', () => {
  it('records the creation, the change and the deletion of a jewel type', async () => {
    const { id } = await addType(mainId, ring);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-types/${id}`,
      headers: as(admin, mainId),
      payload: { ...ring, purity: '916' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/jewel-types/${id}`,
      headers: as(admin, mainId),
    });
    expect(gone.statusCode).toBe(204);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=jewel_type&entity_id=${id}`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = auditListSchema.parse(res.json());
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    const [del, upd, cre] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    expect(cre).toMatchObject({ company_id: mainId, before: null });
    expect(cre.after).toMatchObject({ id, jewel_name: 'Gold Ring', purity: '22K' });
    expect(upd.before).toMatchObject({ purity: '22K' });
    expect(upd.after).toMatchObject({ purity: '916' });
    expect(del.before).toMatchObject({ id, jewel_name: 'Gold Ring', purity: '916' });
    expect(del.after).toBeNull();
  });
});
