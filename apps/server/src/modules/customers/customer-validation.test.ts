import { CUSTOMER_MESSAGES, IFSC_MESSAGE } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { companyWithAdmin } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Customer validation: customers get the Indian formats (stored normalised), a probable duplicate asks for
 * confirmation, migrated records are flagged for completion, and bank IFSC codes have their shape.
 * Each test has a branch of its own.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ravi = {
  customer_name: 'Ravi Kumar',
  guardian_name: 'Murugesan',
  mobile_number: '9840012345',
  alt_mobile_number: null,
  door_no: '14',
  street: 'Car Street',
  location: 'Mylapore',
  district: 'Chennai',
  pincode: '600004',
  status: true,
};

const byField = (body: { detail: { loc: (string | number)[]; msg: string }[] }) =>
  Object.fromEntries(body.detail.map((d) => [d.loc.join('.'), d.msg]));

async function create(headers: Record<string, string>, payload: object, query = '') {
  return t.app.inject({ method: 'POST', url: `/api/customers/${query}`, headers, payload });
}

describe('customer formats', () => {
  it('refuses mobile 12345, alternate abcd and pincode 6000 with a message on each field', async () => {
    const { headers } = await companyWithAdmin(t);
    const res = await create(headers, {
      ...ravi,
      mobile_number: '12345',
      alt_mobile_number: 'abcd',
      pincode: '6000',
    });
    expect(res.statusCode).toBe(422);
    expect(byField(res.json())).toEqual({
      'body.mobile_number': CUSTOMER_MESSAGES.mobile,
      'body.alt_mobile_number': CUSTOMER_MESSAGES.altPhone,
      'body.pincode': CUSTOMER_MESSAGES.pincode,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/customers/', headers });
    expect(list.json()).toEqual([]);
  });

  it('stores +91 98400 12345 as 9840012345, a landline alternate without its dash, and 600 004 as 600004', async () => {
    const { headers } = await companyWithAdmin(t);
    const res = await create(headers, {
      ...ravi,
      mobile_number: '+91 98400 12345',
      alt_mobile_number: '044-24981234',
      pincode: '600 004',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      mobile_number: '9840012345',
      alt_mobile_number: '04424981234',
      pincode: '600004',
      needs_completion: false,
    });
  });

  it('applies the formats to an edit too', async () => {
    const { headers } = await companyWithAdmin(t);
    const made = await create(headers, ravi);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${made.json().id}`,
      headers,
      payload: { ...ravi, mobile_number: '5840012345' },
    });
    expect(res.statusCode).toBe(422);
    expect(byField(res.json())).toEqual({ 'body.mobile_number': CUSTOMER_MESSAGES.mobile });
  });
});

describe('probable duplicates', () => {
  it('answers an exact repeat with 409 PROBABLE_DUPLICATE naming the customer, and saves it when confirmed', async () => {
    const { headers } = await companyWithAdmin(t);
    const first = await create(headers, ravi);
    expect(first.json().acc_code).toBe('C000001');
    const again = await create(headers, { ...ravi, mobile_number: '+91 98400 12345' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      detail: 'Customer C000001 Ravi Kumar has the same mobile number. Save anyway?',
      code: 'PROBABLE_DUPLICATE',
      existing: { id: first.json().id, customer_code: 'C000001', customer_name: 'Ravi Kumar' },
    });
    const confirmed = await create(headers, ravi, '?confirm_duplicate=true');
    expect(confirmed.statusCode).toBe(201);
    // The refused attempt took no code: the numbering has no gap.
    expect(confirmed.json().acc_code).toBe('C000002');
  });

  it('counts a similar name as the same person (case, spacing, an initial) but not another name on the same mobile', async () => {
    const { headers } = await companyWithAdmin(t);
    await create(headers, ravi);
    for (const name of ['RAVI  KUMAR', 'Ravi Kumar S', 'Ravikumar']) {
      const res = await create(headers, { ...ravi, customer_name: name });
      expect([name, res.statusCode]).toEqual([name, 409]);
    }
    const wife = await create(headers, { ...ravi, customer_name: 'Lakshmi Priya' });
    expect(wife.statusCode).toBe(201);
    const otherMobile = await create(headers, { ...ravi, mobile_number: '9840099999' });
    expect(otherMobile.statusCode).toBe(201);
  });

  it('also finds the same Tamil name on the same mobile', async () => {
    const { headers } = await companyWithAdmin(t);
    const tamil = { ...ravi, customer_name: 'முருகன் ராமசாமி' };
    expect((await create(headers, tamil)).statusCode).toBe(201);
    expect((await create(headers, tamil)).statusCode).toBe(409);
  });

  it('asks again when an edit makes a customer look like another, and not for an edit of other fields', async () => {
    const { headers } = await companyWithAdmin(t);
    const first = await create(headers, ravi);
    const second = await create(headers, {
      ...ravi,
      customer_name: 'Ravi Kumaran',
      mobile_number: '9840055555',
    });
    expect(second.statusCode).toBe(201);
    const id = second.json().id;
    const put = (payload: object, query = '') =>
      t.app.inject({ method: 'PUT', url: `/api/customers/${id}${query}`, headers, payload });
    const clash = await put({ ...ravi, customer_name: 'Ravi Kumaran' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().existing.id).toBe(first.json().id);
    expect(
      (await put({ ...ravi, customer_name: 'Ravi Kumaran' }, '?confirm_duplicate=true')).statusCode,
    ).toBe(200);
    // Now both share the mobile: changing only the street does not ask again.
    expect((await put({ ...ravi, customer_name: 'Ravi Kumaran', street: 'North Street' })).statusCode).toBe(
      200,
    );
  });
});

describe('customers to complete', () => {
  it('lists migrated customers still to complete, and a save through the form completes them', async () => {
    const { companyId, headers } = await companyWithAdmin(t);
    const [old] = await t.database.db
      .insert(customers)
      .values({
        companyId,
        accCode: 'C000001',
        customerName: 'RAJESH',
        guardianName: '',
        mobileNumber: '0427 2412345',
        doorNo: '',
        street: 'SALEM',
        location: '',
        district: '',
        pincode: '',
        legacyPno: '1006',
        needsCompletion: true,
      })
      .returning();
    await create(headers, ravi);
    const todo = await t.app.inject({ method: 'GET', url: '/api/customers/?needs_completion=true', headers });
    expect(todo.json().map((c: { id: number }) => c.id)).toEqual([old!.id]);
    expect(todo.headers['x-total-count']).toBe('1');
    const fixed = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${old!.id}`,
      headers,
      payload: { ...ravi, customer_name: 'Rajesh', mobile_number: '9894012345', pincode: '636001' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().needs_completion).toBe(false);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/customers/?needs_completion=true',
      headers,
    });
    expect(after.json()).toEqual([]);
  });
});

describe('bank IFSC', () => {
  const sbi = {
    bank_name: 'State Bank of India',
    account_holder_name: 'Sri Lakshmi Jewel Loans',
    account_number: '30012345678',
    ifsc_code: 'SBIN0000817',
    branch_name: 'T. Nagar',
    account_type: 'Current',
  };

  it.each(['SBIN000081', 'SBIN1000817', '1BIN0000817', 'SBIN0000817X'])(
    'refuses %s under the field',
    async (ifsc) => {
      const { headers } = await companyWithAdmin(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bank-details/',
        headers,
        payload: { ...sbi, ifsc_code: ifsc },
      });
      expect(res.statusCode).toBe(422);
      expect(byField(res.json())).toEqual({ 'body.ifsc_code': IFSC_MESSAGE });
    },
  );

  it('takes sbin0000817 and stores it in capitals', async () => {
    const { headers } = await companyWithAdmin(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bank-details/',
      headers,
      payload: { ...sbi, ifsc_code: 'sbin0000817' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().ifsc_code).toBe('SBIN0000817');
  });
});
