import { customerKycSchema, kycRegisterSchema, verhoeffCheckDigit } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type Actor, companyWithAdmin, customerFor, pledgeFor } from '../../test/fixtures.ts';
import { multipart, PNG_1PX } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setCompliance } from '../compliance/compliance-test-helpers.ts';

// A customer's KYC (issue 33) on a real database: every test makes its own company.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A valid Aadhaar number: the eleven digits given and their Verhoeff check digit. */
function aadhaar(eleven: string): string {
  return `${eleven}${verhoeffCheckDigit(eleven)}`;
}

let mobileCounter = 0;
/** A customer of the admin's company with a mobile of its own (no mobile-number duplicate question). */
async function customer(admin: Actor, name = 'Lakshmi Narayanan') {
  mobileCounter += 1;
  const mobile = `97${String((process.pid * 100 + mobileCounter) % 100_000_000).padStart(8, '0')}`;
  return customerFor(t, admin, { customer_name: name, mobile_number: mobile });
}

function addDocument(admin: Actor, customerId: number, body: object, confirm = false) {
  return t.app.inject({
    method: 'POST',
    url: `/api/customers/${customerId}/id-documents${confirm ? '?confirm_duplicate=true' : ''}`,
    headers: admin.headers(),
    payload: body,
  });
}

async function kycOf(admin: Actor, customerId: number, loan?: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/customers/${customerId}/kyc${loan === undefined ? '' : `?loan=${loan}`}`,
    headers: admin.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return customerKycSchema.parse(res.json());
}

async function uploadPhoto(admin: Actor, customerId: number) {
  const body = multipart('file', 'face.png', 'image/png', PNG_1PX);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/customers/${customerId}/photo`,
    headers: { ...admin.headers(), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return customerKycSchema.parse(res.json());
}

/** Every text-like column of every table, and the audit rows, searched for `needle`: the places found. */
async function placesHolding(needle: string): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await t.database.db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
       where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
         and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`),
  );
  const found: string[] = [];
  for (const c of columns) {
    const [hit] = rowsOf<{ n: number | string }>(
      await t.database.db.execute(
        sql`select count(*) as n from ${sql.identifier(c.table_name)}
             where ${sql.identifier(c.column_name)}::text like ${`%${needle}%`}`,
      ),
    );
    if (Number(hit?.n) > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

describe('an Aadhaar number is never kept whole', () => {
  it('keeps and answers the last four digits only; no text column nor audit row holds the twelve', async () => {
    const { admin } = await companyWithAdmin(t);
    const c = await customer(admin);
    const number = aadhaar('98765432109');
    const spaced = `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`;
    const res = await addDocument(admin, c.id, { kind: 'aadhaar', number: spaced });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'aadhaar', number: `XXXX XXXX ${number.slice(8)}` });
    const kyc = await kycOf(admin, c.id);
    expect(kyc.documents.map((d) => d.number)).toEqual([`XXXX XXXX ${number.slice(8)}`]);
    expect(await placesHolding(number)).toEqual([]);
    expect(await placesHolding(number.slice(0, 8))).toEqual([]);
    expect(await placesHolding(spaced.slice(0, 9))).toEqual([]);
    // The change is in the audit trail, with the last four only.
    const [audit] = rowsOf<{ after: unknown }>(
      await t.database.db.execute(
        sql`select after from audit_events where entity = 'customer' and entity_id = ${String(c.id)}
             and action = 'add_id_document'`,
      ),
    );
    expect(audit?.after).toMatchObject({ kind: 'aadhaar', kept_number: number.slice(8) });
  });

  it('the database itself refuses an Aadhaar kept with more than four digits', async () => {
    const { companyId, admin } = await companyWithAdmin(t);
    const c = await customer(admin);
    await expect(
      t.database.db.execute(sql`insert into customer_id_documents (company_id, customer_id, kind, kept_number)
        values (${companyId}, ${c.id}, 'aadhaar', ${aadhaar('23456789012')})`),
    ).rejects.toThrow();
  });
});

describe('each ID number by its format and check digit', () => {
  it.each([
    ['aadhaar', aadhaar('23456789012'), 201],
    [
      'aadhaar',
      `${aadhaar('23456789012').slice(0, 11)}${(Number(aadhaar('23456789012')[11]) + 1) % 10}`,
      422,
    ],
    ['aadhaar', aadhaar('13456789012'), 422],
    ['aadhaar', '23456789', 422],
    ['pan', 'abcpe1234f', 201],
    ['pan', 'ABCPE12345', 422],
    ['voter_id', 'TNV1234567', 201],
    ['voter_id', 'TN1234567', 422],
    ['passport', 'J8369854', 201],
    ['passport', 'J836985', 422],
    ['driving_licence', 'TN07 20110012345', 201],
    ['driving_licence', 'TN07 1811 0012345', 422],
    ['ration_card', '33ABC1234', 201],
    ['ration_card', 'AB', 422],
  ] as const)('%s %s → %i', async (kind, number, status) => {
    const { admin } = await companyWithAdmin(t);
    const c = await customer(admin);
    const res = await addDocument(admin, c.id, { kind, number });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 422) expect(res.json().detail[0].loc).toEqual(['body', 'number']);
  });

  it('issue and expiry only where the card has them, the expiry after the issue', async () => {
    const { admin } = await companyWithAdmin(t);
    const c = await customer(admin);
    const dated = await addDocument(admin, c.id, {
      kind: 'passport',
      number: 'J8369854',
      issued_on: '2016-05-10',
      expires_on: '2026-05-09',
    });
    expect(dated.statusCode, dated.body).toBe(201);
    // Expired before today (2026-11-28 or later).
    expect(dated.json()).toMatchObject({ issued_on: '2016-05-10', expires_on: '2026-05-09', expired: true });
    const undated = await addDocument(admin, c.id, {
      kind: 'pan',
      number: 'ABCPE1234F',
      issued_on: '2020-01-01',
    });
    expect(undated.statusCode).toBe(422);
    const backwards = await addDocument(admin, c.id, {
      kind: 'driving_licence',
      number: 'TN0720110012345',
      issued_on: '2020-01-01',
      expires_on: '2019-01-01',
    });
    expect(backwards.statusCode).toBe(422);
  });

  it('one document of each kind: a second is refused until the first is removed', async () => {
    const { admin } = await companyWithAdmin(t);
    const c = await customer(admin);
    const first = await addDocument(admin, c.id, { kind: 'voter_id', number: 'TNV1234567' });
    expect(first.statusCode).toBe(201);
    const second = await addDocument(admin, c.id, { kind: 'voter_id', number: 'TNV7654321' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message_code).toBe('kyc.documentKindTaken');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${c.id}/id-documents/${first.json().id}`,
      headers: admin.headers(),
    });
    expect(removed.statusCode).toBe(204);
    expect((await addDocument(admin, c.id, { kind: 'voter_id', number: 'TNV7654321' })).statusCode).toBe(201);
  });
});

describe('a customer found by an ID number is a probable duplicate', () => {
  it('the same PAN at another customer asks; confirmed, it is saved', async () => {
    const { admin } = await companyWithAdmin(t);
    const first = await customer(admin, 'Murugan Selvam');
    const second = await customer(admin, 'Karthik Raja');
    expect((await addDocument(admin, first.id, { kind: 'pan', number: 'ABCPM1234K' })).statusCode).toBe(201);
    const asked = await addDocument(admin, second.id, { kind: 'pan', number: 'abcpm1234k' });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'PROBABLE_DUPLICATE',
      message_code: 'kyc.duplicatePan',
      existing: { id: first.id, customer_code: first.acc_code },
    });
    expect(
      (await addDocument(admin, second.id, { kind: 'pan', number: 'ABCPM1234K' }, true)).statusCode,
    ).toBe(201);
  });

  it('the same Aadhaar last four asks only with a similar name; another company is not looked at', async () => {
    const { admin } = await companyWithAdmin(t);
    const other = await companyWithAdmin(t);
    const number = aadhaar('34567890123');
    const first = await customer(admin, 'Meena Sundaram');
    expect((await addDocument(admin, first.id, { kind: 'aadhaar', number })).statusCode).toBe(201);
    const again = await customer(admin, 'MEENA  SUNDARAM');
    const duplicate = await addDocument(admin, again.id, { kind: 'aadhaar', number });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      message_code: 'kyc.duplicateAadhaar',
      message_params: { lastFour: number.slice(8) },
    });
    const otherName = await customer(admin, 'Priya Dharshini');
    expect((await addDocument(admin, otherName.id, { kind: 'aadhaar', number })).statusCode).toBe(201);
    const elsewhere = await customer(other.admin, 'Meena Sundaram');
    expect((await addDocument(other.admin, elsewhere.id, { kind: 'aadhaar', number })).statusCode).toBe(201);
  });
});

describe('PAN or Form 60 at or above the branch threshold (409 naming it)', () => {
  it("counts the customer's open loans with the new one, at the boundary; Form 60 or a PAN lets it through", async () => {
    const { companyId, admin } = await companyWithAdmin(t);
    await setCompliance(t, admin, { pan_applies: true, pan_threshold: 50000 });
    const c = await customer(admin);
    const first = await pledgeFor(t, companyId, {
      actor: admin,
      customerId: c.id,
      body: { total_loan_amount: 40000 },
    });
    const refused = pledgeFor(t, companyId, {
      actor: admin,
      customerId: c.id,
      schemeId: first.scheme_id,
      designId: first.designId,
      skipRate: true,
      body: { total_loan_amount: 10000 },
    });
    await expect(refused).rejects.toMatchObject({
      statusCode: 409,
      code: 'PAN_OR_FORM60_NEEDED',
      message: expect.stringContaining('Rs. 50,000.00'),
    });
    const below = await pledgeFor(t, companyId, {
      actor: admin,
      customerId: c.id,
      schemeId: first.scheme_id,
      designId: first.designId,
      skipRate: true,
      body: { total_loan_amount: 9999.99 },
    });
    expect(below.total_loan_amount).toBe(9999.99);
    expect((await kycOf(admin, c.id, 0.01)).pan_needed).toBe(true);
    expect((await kycOf(admin, c.id)).pan_needed).toBe(false);
    const form60 = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${c.id}/form60`,
      headers: admin.headers(),
      payload: { declared_on: '2026-11-20' },
    });
    expect(form60.statusCode, form60.body).toBe(200);
    expect(form60.json().form60_declared_on).toBe('2026-11-20');
    await pledgeFor(t, companyId, {
      actor: admin,
      customerId: c.id,
      schemeId: first.scheme_id,
      designId: first.designId,
      skipRate: true,
      body: { total_loan_amount: 10000 },
    });
  });

  it('with a threshold of 0 every loan needs it; a PAN on file lets it through', async () => {
    const { companyId, admin } = await companyWithAdmin(t);
    await setCompliance(t, admin, { pan_applies: true, pan_threshold: 0 });
    const c = await customer(admin);
    const made = await pledgeFor(t, companyId, { actor: admin, customerId: c.id }).catch((e: unknown) => e);
    expect(made).toMatchObject({ statusCode: 409, code: 'PAN_OR_FORM60_NEEDED' });
    expect((await addDocument(admin, c.id, { kind: 'pan', number: 'ABCPL5678Q' })).statusCode).toBe(201);
    await pledgeFor(t, companyId, { actor: admin, customerId: c.id });
  });

  it('the regimes default: TN pawnbroker from ₹50,000, no regime off; the branch may change both', async () => {
    const { admin } = await companyWithAdmin(t);
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/companies/${admin.companyId}/compliance`,
          headers: admin.headers(),
        })
      ).json();
    expect(await read()).toMatchObject({ pan_applies: false, kyc_incomplete_mode: 'warn' });
    await setCompliance(t, admin, { regime: 'rbi' });
    expect(await read()).toMatchObject({
      pan_applies: true,
      pan_threshold: 0,
      pan_default: { threshold: 0 },
    });
    await setCompliance(t, admin, { regime: 'rbi', pan_threshold: 25000, kyc_incomplete_mode: 'block' });
    expect(await read()).toMatchObject({
      pan_applies: true,
      pan_threshold: 25000,
      kyc_incomplete_mode: 'block',
    });
  });
});

describe('a new pledge for a customer with incomplete KYC: warned or refused, as the branch sets', () => {
  it("'warn' lets it through; 'block' refuses until the ID document and the photograph are on file", async () => {
    const { companyId, admin } = await companyWithAdmin(t);
    const c = await customer(admin);
    const first = await pledgeFor(t, companyId, { actor: admin, customerId: c.id });
    expect((await kycOf(admin, c.id)).gaps).toEqual(['id_document', 'photo']);
    await setCompliance(t, admin, { kyc_incomplete_mode: 'block' });
    const again = {
      actor: admin,
      customerId: c.id,
      schemeId: first.scheme_id,
      designId: first.designId,
      skipRate: true,
    };
    await expect(pledgeFor(t, companyId, again)).rejects.toMatchObject({
      statusCode: 409,
      code: 'KYC_INCOMPLETE',
    });
    expect((await addDocument(admin, c.id, { kind: 'ration_card', number: '33ABC1234' })).statusCode).toBe(
      201,
    );
    await expect(pledgeFor(t, companyId, again)).rejects.toMatchObject({ code: 'KYC_INCOMPLETE' });
    const withPhoto = await uploadPhoto(admin, c.id);
    expect(withPhoto).toMatchObject({ status: 'complete', gaps: [], incomplete_mode: 'block' });
    expect(withPhoto.photo).toMatch(/^\/api\/files\/\d+\?/);
    await pledgeFor(t, companyId, again);
  });
});

describe('the KYC status on the customer list and the incomplete-KYC register', () => {
  it('lists each customer with its gaps; the register, its counts and its CSV name what is missing', async () => {
    const { companyId, admin } = await companyWithAdmin(t);
    const complete = await customer(admin, 'Anitha Complete');
    expect(
      (await addDocument(admin, complete.id, { kind: 'voter_id', number: 'TNV1234567' })).statusCode,
    ).toBe(201);
    await uploadPhoto(admin, complete.id);
    const noPhoto = await customer(admin, 'Bala Nophoto');
    expect((await addDocument(admin, noPhoto.id, { kind: 'passport', number: 'J8369854' })).statusCode).toBe(
      201,
    );
    const nothing = await customer(admin, 'Chitra Nothing');
    // An ID proof from before the masking dialog, as migration 0033 flags them.
    await t.database.db.execute(
      sql`update customers set id_proof_needs_review = true where company_id = ${companyId} and id = ${nothing.id}`,
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/customers/', headers: admin.headers() });
    const gaps = Object.fromEntries(
      (list.json() as { id: number; kyc_gaps: string[] }[]).map((r) => [r.id, r.kyc_gaps]),
    );
    expect(gaps).toEqual({
      [complete.id]: [],
      [noPhoto.id]: ['photo'],
      [nothing.id]: ['id_document', 'photo', 'id_proof_review'],
    });

    const register = await t.app.inject({
      method: 'GET',
      url: '/api/registers/kyc-incomplete?page_size=1',
      headers: admin.headers(),
    });
    expect(register.statusCode, register.body).toBe(200);
    const parsed = kycRegisterSchema.parse(register.json());
    expect(register.headers['x-total-count']).toBe('2');
    expect(parsed).toMatchObject({
      total_count: 2,
      by_gap: { id_document: 1, photo: 2, pan_or_form60: 0, id_proof_review: 1 },
      rows: [{ customer_id: noPhoto.id, gaps: ['photo'], open_pledges: 0, open_loans: 0 }],
    });
    const searched = await t.app.inject({
      method: 'GET',
      url: '/api/registers/kyc-incomplete?search=chitra',
      headers: admin.headers(),
    });
    expect(searched.json().rows.map((r: { customer_id: number }) => r.customer_id)).toEqual([nothing.id]);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/registers/kyc-incomplete?format=csv&headings=en',
      headers: admin.headers(),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/kyc-incomplete-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Customer Code,Customer,Mobile,KYC Missing,Open Pledges,Open Loans,Registered On');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('Chitra Nothing');
    expect(lines[2]).toContain('ID document; Photograph; ID proof to review');

    // Looked at, the old ID proof is no longer a gap; the change is audited.
    const reviewed = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${nothing.id}/id-proof-reviewed`,
      headers: admin.headers(),
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({ id_proof_needs_review: false, gaps: ['id_document', 'photo'] });
  });
});

describe('nominee, photograph and images follow the files rules', () => {
  it('sets and clears the nominee; refuses a half nominee; a photo that is not an image is 415', async () => {
    const { admin } = await companyWithAdmin(t);
    const c = await customer(admin);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${c.id}/nominee`,
      headers: admin.headers(),
      payload: { name: 'Selvi Murugan', relation: 'Wife', mobile: '+91 98420 11111' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().nominee).toEqual({ name: 'Selvi Murugan', relation: 'Wife', mobile: '9842011111' });
    const half = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${c.id}/nominee`,
      headers: admin.headers(),
      payload: { name: 'Selvi Murugan', relation: '' },
    });
    expect(half.statusCode).toBe(422);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${c.id}/nominee`,
      headers: admin.headers(),
    });
    expect(cleared.json().nominee).toBeNull();
    const text = multipart('file', 'face.png', 'image/png', Buffer.from('not an image at all'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${c.id}/photo`,
      headers: { ...admin.headers(), ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
  });

  it("a document's front and back images are signed links; removing the document removes its files", async () => {
    const { companyId, admin } = await companyWithAdmin(t);
    const c = await customer(admin);
    const doc = (await addDocument(admin, c.id, { kind: 'aadhaar', number: aadhaar('56789012345') })).json();
    for (const side of ['front', 'back']) {
      const body = multipart('file', `${side}.png`, 'image/png', PNG_1PX);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/customers/${c.id}/id-documents/${doc.id}/image?side=${side}`,
        headers: { ...admin.headers(), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const kyc = await kycOf(admin, c.id);
    expect(kyc.documents[0]?.front).toMatch(/^\/api\/files\/\d+\?/);
    expect(kyc.documents[0]?.back).toMatch(/^\/api\/files\/\d+\?/);
    const image = await t.app.inject({ method: 'GET', url: kyc.documents[0]!.front! });
    expect(image.statusCode).toBe(200);
    const badSide = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${c.id}/id-documents/${doc.id}/image?side=middle`,
      headers: admin.headers(),
    });
    expect(badSide.statusCode).toBe(422);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${c.id}/id-documents/${doc.id}`,
      headers: admin.headers(),
    });
    const [left] = rowsOf<{ n: number | string }>(
      await t.database.db.execute(
        sql`select count(*) as n from files where company_id = ${companyId} and kind = 'id_document'`,
      ),
    );
    expect(Number(left?.n)).toBe(0);
  });

  it("another company's customer is not found", async () => {
    const { admin } = await companyWithAdmin(t);
    const other = await companyWithAdmin(t);
    const c = await customer(admin);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${c.id}/kyc`,
      headers: other.admin.headers(),
    });
    expect(res.statusCode).toBe(404);
    expect((await addDocument(other.admin, c.id, { kind: 'pan', number: 'ABCPE1234F' })).statusCode).toBe(
      404,
    );
  });
});
