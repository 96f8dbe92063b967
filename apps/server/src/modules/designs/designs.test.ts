import { auditListSchema } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, login, seedCompanyWithUser, type TestApp } from '../../test/test-app.ts';
import { escapeLike } from './designs.repository.ts';

let t: TestApp;

async function addDesign(admin: Actor, companyId: number, design_name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jewell_designs/',
    headers: admin.headers(companyId),
    payload: { design_name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; design_name: string };
}

const names = (body: { design_name: string }[]) => body.map((d) => d.design_name);

/**
 * Two new companies of the test's own: `main` with its admin and one design, and `madurai` with a
 * clerk (its staff user) and six designs, added in this order.
 */
async function designBook() {
  const mainId = (await freshCompany(t)).id;
  const maduraiId = (await freshCompany(t)).id;
  const admin = await adminFor(t, mainId);
  const clerk = (await userFor(t, maduraiId)).token;
  for (const name of ['Mango Mala', 'Kasu Mala', 'Jimikki', '100% Pure Coin', 'Plain_Band', 'Plain Band']) {
    await addDesign(admin, maduraiId, name);
  }
  await addDesign(admin, mainId, 'Mango Necklace');
  return { mainId, maduraiId, admin, clerk };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/jewell_designs/', () => {
  it('adds a design, trimmed', async () => {
    const { mainId, admin } = await designBook();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewell_designs/',
      headers: admin.headers(mainId),
      payload: { design_name: '  Lakshmi Haram ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      design_name: 'Lakshmi Haram',
      is_coin: false,
      created_at: expect.any(String),
    });
  });

  it('keeps a coin a coin, in the answer, the design and the search (RBI weighs coins apart)', async () => {
    const { mainId, admin } = await designBook();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewell_designs/',
      headers: admin.headers(mainId),
      payload: { design_name: 'Sovereign Coin', is_coin: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const coin = res.json() as { id: number; is_coin: boolean };
    expect(coin.is_coin).toBe(true);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/jewell_designs/${coin.id}`,
      headers: admin.headers(mainId),
    });
    expect(one.json()).toMatchObject({ design_name: 'Sovereign Coin', is_coin: true });
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/jewell_designs/?search=sovereign',
      headers: admin.headers(mainId),
    });
    expect(found.json()).toEqual([expect.objectContaining({ id: coin.id, is_coin: true })]);
  });

  it('refuses a coin flag that is not true or false with 422 on is_coin', async () => {
    const { mainId, admin } = await designBook();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewell_designs/',
      headers: admin.headers(mainId),
      payload: { design_name: 'Half Sovereign', is_coin: 'yes' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      expect.objectContaining({ loc: ['body', 'is_coin'], msg: 'Coin must be true or false' }),
    ]);
  });

  it('refuses a name the company already has, ignoring case, with 409', async () => {
    const { maduraiId, admin } = await designBook();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewell_designs/',
      headers: admin.headers(maduraiId),
      payload: { design_name: 'mango MALA' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('A design with this name already exists.');
  });

  it('allows the same name in another company', async () => {
    const { mainId, admin } = await designBook();
    await addDesign(admin, mainId, 'Kasu Mala');
  });

  it('requires a design name', async () => {
    const { mainId, admin } = await designBook();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewell_designs/',
      headers: admin.headers(mainId),
      payload: { design_name: '   ' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      expect.objectContaining({ loc: ['body', 'design_name'], msg: 'Design name is required' }),
    ]);
  });

  it('refuses a user while staff may not handle pledges', async () => {
    const { clerk } = await designBook();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewell_designs/',
      headers: bearer(clerk),
      payload: { design_name: 'Attigai' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets a user add one to their company when STAFF_CAN_HANDLE_PLEDGES is on', async () => {
    const staff = await createTestApp({ staffCanHandlePledges: true });
    try {
      const { companyId } = await seedCompanyWithUser(staff, {
        username: 'counter',
        password: 'counter-pass',
      });
      const token = await login(staff.app, 'counter', 'counter-pass');
      const res = await staff.app.inject({
        method: 'POST',
        url: '/api/jewell_designs/',
        headers: bearer(token),
        payload: { design_name: 'Attigai' },
      });
      expect(res.statusCode).toBe(201);
      const list = await staff.app.inject({
        method: 'GET',
        url: '/api/jewell_designs/',
        headers: { ...bearer(token), 'x-company-id': String(companyId) },
      });
      expect(names(list.json())).toEqual(['Attigai']);
    } finally {
      await staff.close();
    }
  });
});

describe('GET /api/jewell_designs/', () => {
  it("lists the company's designs newest first to any signed-in user of it", async () => {
    const { clerk } = await designBook();
    const res = await t.app.inject({ method: 'GET', url: '/api/jewell_designs/', headers: bearer(clerk) });
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual([
      'Plain Band',
      'Plain_Band',
      '100% Pure Coin',
      'Jimikki',
      'Kasu Mala',
      'Mango Mala',
    ]);
  });

  it('finds part of a name ignoring case, with search or q', async () => {
    const { clerk } = await designBook();
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/jewell_designs/?search=MALA',
      headers: bearer(clerk),
    });
    expect(names(search.json())).toEqual(['Kasu Mala', 'Mango Mala']);
    const q = await t.app.inject({ method: 'GET', url: '/api/jewell_designs?q=ngo', headers: bearer(clerk) });
    expect(names(q.json())).toEqual(['Mango Mala']);
  });

  it('takes % and _ in the term as plain characters', async () => {
    const { clerk } = await designBook();
    const percent = await t.app.inject({
      method: 'GET',
      url: `/api/jewell_designs/?search=${encodeURIComponent('%')}`,
      headers: bearer(clerk),
    });
    expect(names(percent.json())).toEqual(['100% Pure Coin']);
    const underscore = await t.app.inject({
      method: 'GET',
      url: '/api/jewell_designs/?search=n_b',
      headers: bearer(clerk),
    });
    expect(names(underscore.json())).toEqual(['Plain_Band']);
  });

  it('pages with skip and limit', async () => {
    const { clerk } = await designBook();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/jewell_designs/?skip=1&limit=2',
      headers: bearer(clerk),
    });
    expect(names(res.json())).toEqual(['Plain_Band', '100% Pure Coin']);
  });

  it('answers an empty list when nothing matches', async () => {
    const { clerk } = await designBook();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/jewell_designs/?search=necklace',
      headers: bearer(clerk),
    });
    expect(res.json()).toEqual([]);
  });
});

describe('GET /api/jewell_designs/{id}', () => {
  it('answers a design of the company', async () => {
    const { clerk } = await designBook();
    const [first] = (
      await t.app.inject({ method: 'GET', url: '/api/jewell_designs/?q=jimikki', headers: bearer(clerk) })
    ).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/jewell_designs/${first.id}`,
      headers: bearer(clerk),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first);
  });

  it("answers another company's design as 404, never its name", async () => {
    const { mainId, admin, clerk } = await designBook();
    const [other] = (
      await t.app.inject({ method: 'GET', url: '/api/jewell_designs/', headers: admin.headers(mainId) })
    ).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/jewell_designs/${other.id}`,
      headers: bearer(clerk),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Design not found.');
    expect(res.body).not.toContain(other.design_name);
  });
});

describe('escapeLike', () => {
  it('escapes the wildcards and the escape character itself', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('the audit trail of designs', () => {
  it('records the creation of a design with who made it', async () => {
    const { mainId, admin } = await designBook();
    const { id } = await addDesign(admin, mainId, 'Audit Trail Haram');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=jewel_design&entity_id=${id}`,
      headers: admin.headers(mainId),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = auditListSchema.parse(res.json());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      entity: 'jewel_design',
      company_id: mainId,
      username: admin.username,
      before: null,
      route: 'POST /api/jewell_designs/',
    });
    expect(rows[0]?.after).toMatchObject({ id, design_name: 'Audit Trail Haram', company_id: mainId });
  });
});
