import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, freshCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;

const customer = (i: number) => ({
  customer_name: `Concurrent Customer ${i}`,
  guardian_name: 'Guardian',
  mobile_number: `98400${String(i).padStart(5, '0')}`,
  door_no: String(i),
  street: 'Anna Salai',
  location: 'Teynampet',
  district: 'Chennai',
  pincode: '600018',
  status: true,
});

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/customers/ under concurrency', () => {
  it('gives 20 simultaneous creations 20 distinct consecutive codes, per company', async () => {
    const mainId = (await freshCompany(t)).id;
    const maduraiId = (await freshCompany(t)).id;
    const admin = await adminFor(t, mainId);
    const create = (i: number, companyId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/customers/',
        headers: admin.headers(companyId),
        payload: customer(i),
      });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [create(i, mainId), create(100 + i, maduraiId)]).flat(),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const expected = Array.from({ length: 20 }, (_, i) => `C${String(i + 1).padStart(6, '0')}`);
    for (const companyId of [mainId, maduraiId]) {
      const codes = answers
        .map((res) => res.json() as { acc_code: string; customer_name: string; id: number })
        .filter((c) =>
          companyId === mainId ? !/ 1\d\d$/.test(c.customer_name) : / 1\d\d$/.test(c.customer_name),
        )
        .map((c) => c.acc_code)
        .sort();
      expect(codes).toEqual(expected);
    }
  });
});
