import { auditListSchema, SCHEME_MESSAGES } from '@pledge-desk/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jewelTypes } from '../../db/schema/index.ts';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let mainId: number;
let maduraiId: number;
let gold22: number;
let silver: number;
let maduraiGold: number;

const regular = (jewelTypeId: number) => ({
  jewel_type_id: jewelTypeId,
  scheme_name: 'Gold Loan Regular',
  short_name: 'GL Regular',
  prefix: 'GL',
  duration_in_months: 12,
  interest_rate_per_month: 1.5,
  loan_eligibility_percentage: 75,
  slippage_percent: 1.25,
  status: true,
});

async function addJewelType(companyId: number, name: string, purity: string): Promise<number> {
  const [row] = await t.database.db
    .insert(jewelTypes)
    .values({ companyId, jewelName: name, purity })
    .returning({ id: jewelTypes.id });
  return row!.id;
}

const asAdmin = (companyId = mainId) => ({ ...bearer(admin), 'x-company-id': String(companyId) });

async function createScheme(body: object, companyId = mainId) {
  return t.app.inject({ method: 'POST', url: '/api/schemes/', headers: asAdmin(companyId), payload: body });
}

/** Gold Loan Regular in main and in Madurai, then Silver Loan (2 %, 60 %) in main. */
async function seedSchemes(): Promise<void> {
  for (const res of [
    await createScheme(regular(gold22)),
    await createScheme(regular(maduraiGold), maduraiId),
    await createScheme({
      ...regular(silver),
      scheme_name: 'Silver Loan',
      short_name: 'Silver',
      prefix: 'SL',
      interest_rate_per_month: 2,
      loan_eligibility_percentage: 60,
    }),
  ]) {
    expect(res.statusCode, res.body).toBe(201);
  }
}

async function seedRegular(): Promise<void> {
  const res = await createScheme(regular(gold22));
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
});
// One app per file; every test gets its own companies, admin, clerk and jewel types.
beforeEach(async () => {
  mainId = (await freshCompany(t)).id;
  maduraiId = (await freshCompany(t)).id;
  admin = (await adminFor(t, mainId)).token;
  clerk = (await userFor(t, maduraiId)).token;
  gold22 = await addJewelType(mainId, 'Gold 22K', '916');
  silver = await addJewelType(mainId, 'Silver', '925');
  maduraiGold = await addJewelType(maduraiId, 'Gold 22K', '916');
});
afterAll(async () => t.close());

describe('POST /api/schemes/', () => {
  it('adds a scheme and answers it in both spellings, percents as numbers', async () => {
    const res = await createScheme(regular(gold22));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      jewel_type_id: gold22,
      jewell_type_id: gold22,
      jewel_name: 'Gold 22K',
      scheme_name: 'Gold Loan Regular',
      short_name: 'GL Regular',
      prefix: 'GL',
      duration_in_months: 12,
      duration: 12,
      interest_rate_per_month: 1.5,
      interest_rate_monthly: 1.5,
      loan_eligibility_percentage: 75,
      loan_allowed_percent: 75,
      slippage_percent: 1.25,
      bullet_repayment: true,
      status: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it('refuses the same name in another case with the spec message on scheme_name', async () => {
    await seedRegular();
    const res = await createScheme({ ...regular(gold22), scheme_name: 'gold loan REGULAR', prefix: 'GX' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      { loc: ['body', 'scheme_name'], msg: SCHEME_MESSAGES.duplicateName, type: 'value_error.duplicate' },
    ]);
  });

  it('refuses the same prefix in another case with the spec message on prefix', async () => {
    await seedRegular();
    const res = await createScheme({ ...regular(gold22), scheme_name: 'Gold Loan Special', prefix: 'gl' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      { loc: ['body', 'prefix'], msg: SCHEME_MESSAGES.duplicatePrefix, type: 'value_error.duplicate' },
    ]);
  });

  it('names both fields when name and prefix are both taken', async () => {
    await seedRegular();
    const res = await createScheme({ ...regular(gold22), scheme_name: ' Gold Loan Regular ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.map((d: { loc: string[] }) => d.loc[1])).toMatchObject([
      'scheme_name',
      'prefix',
    ]);
  });

  it('allows the same name and prefix in another company', async () => {
    await seedRegular();
    const res = await createScheme(regular(maduraiGold), maduraiId);
    expect(res.statusCode).toBe(201);
    expect(res.json().jewel_type_id).toBe(maduraiGold);
  });

  it("refuses another company's jewel type, and a missing one, on jewel_type_id", async () => {
    for (const jewelTypeId of [maduraiGold, 999999]) {
      const res = await createScheme({ ...regular(jewelTypeId), scheme_name: 'Other', prefix: 'OT' });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatchObject([
        { loc: ['body', 'jewel_type_id'], msg: 'Please select a Jewel Type.', type: 'value_error' },
      ]);
    }
  });

  it('refuses a missing jewel type choice with the spec message', async () => {
    const { jewel_type_id: _, ...rest } = regular(gold22);
    const res = await createScheme({ ...rest, scheme_name: 'Other', prefix: 'OT' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'jewel_type_id'],
      msg: 'Please select a Jewel Type.',
    });
  });

  it.each([
    ['scheme_name', '  ', 'Scheme name is required'],
    ['short_name', '', 'Short name is required'],
    ['prefix', '', 'Prefix is required'],
    ['prefix', 'G1', 'Prefix can contain letters only'],
    ['duration_in_months', 0, 'Duration must be at least 1 month'],
    ['duration_in_months', 1.5, 'Duration must be a whole number of months'],
    ['interest_rate_per_month', -1, 'Interest rate per month is required (0 to 100)'],
    ['interest_rate_per_month', 1.555, 'Percent can have at most 2 decimals'],
    ['loan_eligibility_percentage', 0, 'Loan eligibility percentage is required (above 0, up to 100)'],
    ['slippage_percent', 101, 'Slippage percent must be from 0 to 100'],
  ])('refuses %s = %j with "%s"', async (field, value, msg) => {
    const res = await createScheme({ ...regular(gold22), scheme_name: 'New', prefix: 'NW', [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg }));
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/schemes/',
      headers: bearer(clerk),
      payload: regular(maduraiGold),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/schemes/', () => {
  it('lists the own company only, newest first, with a trailing slash or without', async () => {
    await seedRegular();
    const second = await createScheme({
      ...regular(silver),
      scheme_name: 'Silver Loan',
      short_name: 'Silver',
      prefix: 'SL',
      interest_rate_per_month: 2,
      loan_eligibility_percentage: 60,
    });
    expect(second.statusCode).toBe(201);
    for (const url of ['/api/schemes/', '/api/schemes']) {
      const res = await t.app.inject({ method: 'GET', url, headers: asAdmin() });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((s: { scheme_name: string }) => s.scheme_name)).toEqual([
        'Silver Loan',
        'Gold Loan Regular',
      ]);
      expect(res.json()[0]).toMatchObject({
        jewel_name: 'Silver',
        interest_rate_monthly: 2,
        loan_allowed_percent: 60,
      });
    }
  });

  it('is open to a signed-in user, for their own company', async () => {
    await createScheme(regular(maduraiGold), maduraiId);
    const res = await t.app.inject({ method: 'GET', url: '/api/schemes/', headers: bearer(clerk) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { jewel_type_id: number }) => s.jewel_type_id)).toEqual([maduraiGold]);
  });
});

describe('PUT /api/schemes/{id}', () => {
  async function schemeId(name: string): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url: '/api/schemes/', headers: asAdmin() });
    return res.json().find((s: { scheme_name: string }) => s.scheme_name === name).id;
  }

  it('updates a scheme, keeping its own name and prefix in another case', async () => {
    await seedSchemes();
    const id = await schemeId('Gold Loan Regular');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/schemes/${id}/`,
      headers: asAdmin(),
      payload: {
        ...regular(gold22),
        scheme_name: 'GOLD LOAN REGULAR',
        prefix: 'gl',
        interest_rate_per_month: 1.75,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      scheme_name: 'GOLD LOAN REGULAR',
      prefix: 'gl',
      interest_rate_monthly: 1.75,
    });
  });

  it("refuses another scheme's name and prefix", async () => {
    await seedSchemes();
    const id = await schemeId('Silver Loan');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/schemes/${id}`,
      headers: asAdmin(),
      payload: { ...regular(silver), scheme_name: 'gold loan regular', prefix: 'GL' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.map((d: { msg: string }) => d.msg)).toMatchObject([
      SCHEME_MESSAGES.duplicateName,
      SCHEME_MESSAGES.duplicatePrefix,
    ]);
  });

  it("answers another company's scheme with 404 and does not change it", async () => {
    await seedSchemes();
    const other = await t.app.inject({ method: 'GET', url: '/api/schemes/', headers: asAdmin(maduraiId) });
    const otherId = other.json()[0].id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/schemes/${otherId}`,
      headers: asAdmin(),
      payload: { ...regular(gold22), scheme_name: 'Hijack', prefix: 'HJ' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Gold Loan Regular');
    const after = await t.app.inject({ method: 'GET', url: '/api/schemes/', headers: asAdmin(maduraiId) });
    expect(after.json()[0].scheme_name).toBe('Gold Loan Regular');
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/schemes/1',
      headers: bearer(clerk),
      payload: regular(maduraiGold),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/schemes/{id}', () => {
  it("answers another company's scheme with 404", async () => {
    await seedSchemes();
    const other = await t.app.inject({ method: 'GET', url: '/api/schemes/', headers: asAdmin(maduraiId) });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/schemes/${other.json()[0].id}/`,
      headers: asAdmin(),
    });
    expect(res.statusCode).toBe(404);
  });

  it('deletes a scheme, after which its name and prefix are free again', async () => {
    await seedSchemes();
    const list = await t.app.inject({ method: 'GET', url: '/api/schemes/', headers: asAdmin() });
    const silverLoan = list.json().find((s: { prefix: string }) => s.prefix === 'SL');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/schemes/${silverLoan.id}/`,
      headers: asAdmin(),
    });
    expect(res.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/schemes/${silverLoan.id}/`,
      headers: asAdmin(),
    });
    expect(again.statusCode).toBe(404);
    const recreate = await createScheme({ ...regular(silver), scheme_name: 'Silver Loan', prefix: 'SL' });
    expect(recreate.statusCode).toBe(201);
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/schemes/1', headers: bearer(clerk) });
    expect(res.statusCode).toBe(403);
  });
});

describe('the audit trail of schemes', () => {
  it('records the creation, the change of rates and the deletion of a scheme, percents as numbers', async () => {
    const made = await createScheme(regular(gold22));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/schemes/${id}`,
      headers: asAdmin(),
      payload: { ...regular(gold22), interest_rate_per_month: 1.75 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/schemes/${id}`, headers: asAdmin() });
    expect(gone.statusCode).toBe(204);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=scheme&entity_id=${id}`,
      headers: asAdmin(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = auditListSchema.parse(res.json());
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    const [del, upd, cre] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    expect(cre).toMatchObject({ company_id: mainId, before: null });
    expect(cre.after).toMatchObject({ id, scheme_name: 'Gold Loan Regular', interest_rate_per_month: 1.5 });
    expect(upd.before).toMatchObject({ interest_rate_per_month: 1.5 });
    expect(upd.after).toMatchObject({ interest_rate_per_month: 1.75, loan_eligibility_percentage: 75 });
    expect(del.before).toMatchObject({ id, prefix: 'GL', interest_rate_per_month: 1.75 });
    expect(del.after).toBeNull();
  });
});
