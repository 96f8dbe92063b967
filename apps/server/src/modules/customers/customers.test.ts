import { auditListSchema } from '@pledge-desk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { JPEG_HEADER, multipart, PNG_1PX } from '../../test/images.ts';
import { bearer, createTestApp, login, seedCompanyWithUser, type TestApp } from '../../test/test-app.ts';

// Staff may handle pledges in this app, so the clerk can read and create customers (docs/domain-rules.md §7).
// One app for the file; every test makes its own two companies, admin and clerk (see setup()).
let t: TestApp;

const murugan = {
  customer_name: 'முருகன் செல்வம்',
  guardian_name: 'செல்வம் ராமசாமி',
  mobile_number: '9443012345',
  alt_mobile_number: '04522345678',
  door_no: '12/4',
  street: 'மேல மாசி வீதி',
  location: 'Madurai Main',
  district: 'Madurai',
  pincode: '625001',
  status: true,
};
const lakshmi = {
  customer_name: 'Lakshmi Narayanan',
  guardian_name: 'Narayanan K',
  mobile_number: '9840098765',
  door_no: '7A',
  street: 'Usman Road',
  location: 'T. Nagar',
  district: 'Chennai',
  pincode: '600017',
  status: true,
};

type Customer = Record<string, unknown> & { id: number; acc_code: string; id_proof: string | null };

/** A fresh pair of companies: `main` with an admin, `madurai` with a clerk (its staff user). */
async function setup() {
  const mainId = (await freshCompany(t)).id;
  const maduraiId = (await freshCompany(t)).id;
  const admin = await adminFor(t, mainId);
  const clerkUser = await userFor(t, maduraiId);
  const clerk = bearer(clerkUser.token);
  const asAdmin = (companyId = mainId): Record<string, string> => admin.headers(companyId);
  return { mainId, maduraiId, asAdmin, clerk };
}
type World = Awaited<ReturnType<typeof setup>>;

async function create(body: object, headers: Record<string, string>): Promise<Customer> {
  // These tests register the same people again on purpose; duplicates are customer-validation.test.ts's.
  const url = '/api/customers/?confirm_duplicate=true';
  const res = await t.app.inject({ method: 'POST', url, headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, headers });
}

/**
 * The customers the list and search tests read: C000001 … C000005 in main (Murugan, Lakshmi, Karthik,
 * Priya, Senthil, the last four sharing Lakshmi's mobile) and C000001 Lakshmi, C000002 Meena in Madurai.
 */
async function seedCustomers(w: World): Promise<void> {
  await create(murugan, w.asAdmin());
  await create(lakshmi, w.asAdmin());
  await create(lakshmi, w.asAdmin(w.maduraiId));
  await create({ ...lakshmi, customer_name: 'Karthik Raja' }, w.asAdmin());
  await create({ ...lakshmi, customer_name: 'Priya Dharshini' }, w.asAdmin());
  await create({ ...lakshmi, customer_name: 'Senthil Kumar', alt_mobile_number: '  ' }, w.asAdmin());
  await create({ ...lakshmi, customer_name: 'Meena Sundaram' }, w.clerk);
}

async function createGaneshes(w: World): Promise<void> {
  for (let i = 0; i < 21; i++) {
    await create(
      { ...lakshmi, customer_name: `Ganesh ${i}`, mobile_number: `98000000${String(i).padStart(2, '0')}` },
      w.asAdmin(),
    );
  }
}

beforeAll(async () => {
  t = await createTestApp({ staffCanHandlePledges: true });
});
afterAll(async () => t.close());

describe('POST /api/customers/', () => {
  it('registers a customer with the first code of the company and both spellings of the fields', async () => {
    const w = await setup();
    const c = await create(murugan, w.asAdmin());
    expect(c).toEqual({
      id: expect.any(Number),
      acc_code: 'C000001',
      ...murugan,
      id_proof: null,
      needs_completion: false,
      created_at: expect.stringMatching(/Z$/),
      name: 'முருகன் செல்வம்',
      phone: '9443012345',
      address: '12/4, மேல மாசி வீதி, Madurai Main',
      city: 'Madurai',
      // A new customer has no ID document and no photograph yet (issue 33).
      kyc_gaps: ['id_document', 'photo'],
      photo: null,
    });
  });

  it('numbers customers one after another, per company', async () => {
    const w = await setup();
    expect((await create(murugan, w.asAdmin())).acc_code).toBe('C000001');
    expect((await create(lakshmi, w.asAdmin())).acc_code).toBe('C000002');
    expect((await create(lakshmi, w.asAdmin(w.maduraiId))).acc_code).toBe('C000001');
    expect((await create({ ...lakshmi, customer_name: 'Karthik Raja' }, w.asAdmin())).acc_code).toBe(
      'C000003',
    );
  });

  it('does not use up a code when the customer is refused', async () => {
    const w = await setup();
    expect((await create(murugan, w.asAdmin())).acc_code).toBe('C000001');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: w.asAdmin(),
      payload: { ...lakshmi, pincode: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect((await create({ ...lakshmi, customer_name: 'Priya Dharshini' }, w.asAdmin())).acc_code).toBe(
      'C000002',
    );
  });

  it('stores a blank alternate mobile as null', async () => {
    const w = await setup();
    const c = await create(
      { ...lakshmi, customer_name: 'Senthil Kumar', alt_mobile_number: '  ' },
      w.asAdmin(),
    );
    expect(c.alt_mobile_number).toBeNull();
  });

  it('names every missing required field with its message', async () => {
    const w = await setup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: w.asAdmin(),
      payload: { customer_name: ' ', status: true },
    });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(
      res.json().detail.map((d: { loc: string[]; msg: string }) => [d.loc.join('.'), d.msg]),
    );
    expect(byField).toEqual({
      'body.customer_name': 'Customer name is required',
      'body.guardian_name': 'Guardian name is required',
      'body.mobile_number': 'Mobile number is required',
      'body.door_no': 'Door number is required',
      'body.street': 'Street is required',
      'body.location': 'Location is required',
      'body.district': 'District is required',
      'body.pincode': 'Pincode is required',
    });
  });

  it('lets a staff user register a customer when staff handle pledges', async () => {
    const w = await setup();
    await create(lakshmi, w.asAdmin(w.maduraiId));
    const c = await create({ ...lakshmi, customer_name: 'Meena Sundaram' }, w.clerk);
    expect(c.acc_code).toBe('C000002');
  });
});

describe('GET /api/customers/', () => {
  it('answers one page, newest first, with the total in X-Total-Count', async () => {
    const w = await setup();
    await seedCustomers(w);
    const all = await get('/api/customers/', w.asAdmin());
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.json().map((c: Customer) => c.acc_code)).toEqual([
      'C000005',
      'C000004',
      'C000003',
      'C000002',
      'C000001',
    ]);
    const page = await get('/api/customers?skip=2&limit=2', w.asAdmin());
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json().map((c: Customer) => c.acc_code)).toEqual(['C000003', 'C000002']);
  });

  it('searches part of a name (Tamil or English, any case), a mobile number or a code', async () => {
    const w = await setup();
    await seedCustomers(w);
    const codes = async (search: string) => {
      const res = await get(`/api/customers/?search=${encodeURIComponent(search)}`, w.asAdmin());
      return { codes: res.json().map((c: Customer) => c.acc_code), total: res.headers['x-total-count'] };
    };
    expect(await codes('முருகன்')).toEqual({ codes: ['C000001'], total: '1' });
    expect(await codes('NARAYAN')).toEqual({ codes: ['C000002'], total: '1' });
    expect(await codes('0098')).toEqual({
      codes: ['C000005', 'C000004', 'C000003', 'C000002'],
      total: '4',
    });
    expect(await codes('c000003')).toEqual({ codes: ['C000003'], total: '1' });
    expect(await codes('000003')).toEqual({ codes: ['C000003'], total: '1' });
    expect(await codes('%')).toEqual({ codes: [], total: '0' });
  });

  it('lists only the own company', async () => {
    const w = await setup();
    await seedCustomers(w);
    const res = await get('/api/customers/', w.clerk);
    expect(res.json().map((c: Customer) => c.customer_name)).toEqual(['Meena Sundaram', 'Lakshmi Narayanan']);
  });

  it('refuses a limit above 500', async () => {
    const w = await setup();
    const res = await get('/api/customers/?limit=501', w.asAdmin());
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toMatchObject(['query', 'limit']);
  });
});

describe('GET /api/customers/search', () => {
  const search = async (query: string, headers: Record<string, string>) => {
    const res = await get(`/api/customers/search?${query}`, headers);
    expect(res.statusCode).toBe(200);
    return res.json() as { id: number; name: string; phone: string }[];
  };

  it('finds by part of a Tamil name', async () => {
    const w = await setup();
    await seedCustomers(w);
    expect(await search(`name=${encodeURIComponent('செல்வ')}`, w.asAdmin())).toEqual([
      { id: expect.any(Number), name: 'முருகன் செல்வம்', phone: '9443012345' },
    ]);
  });

  it('finds by part of an English name, any case, names starting with it first', async () => {
    const w = await setup();
    await seedCustomers(w);
    await create({ ...lakshmi, customer_name: 'Vijaya Lakshmi', mobile_number: '9790011111' }, w.asAdmin());
    const found = await search('name=lakshmi', w.asAdmin());
    expect(found.map((c) => c.name)).toEqual(['Lakshmi Narayanan', 'Vijaya Lakshmi']);
  });

  it('finds by part of a phone number', async () => {
    const w = await setup();
    await seedCustomers(w);
    await create({ ...lakshmi, customer_name: 'Vijaya Lakshmi', mobile_number: '9790011111' }, w.asAdmin());
    expect((await search('phone=430123', w.asAdmin())).map((c) => c.name)).toEqual(['முருகன் செல்வம்']);
    expect((await search('phone=9790', w.asAdmin())).map((c) => c.phone)).toEqual(['9790011111']);
  });

  it('takes q as a name or a number', async () => {
    const w = await setup();
    await seedCustomers(w);
    expect((await search('q=karthik', w.asAdmin())).map((c) => c.name)).toEqual(['Karthik Raja']);
    expect((await search('q=944301', w.asAdmin())).map((c) => c.name)).toEqual(['முருகன் செல்வம்']);
  });

  it('answers nothing for a term under 2 characters, and treats % and _ as themselves', async () => {
    const w = await setup();
    await seedCustomers(w);
    expect(await search('name=L', w.asAdmin())).toEqual([]);
    expect(await search('q=', w.asAdmin())).toEqual([]);
    expect(await search('', w.asAdmin())).toEqual([]);
    expect(await search(`name=${encodeURIComponent('%%')}`, w.asAdmin())).toEqual([]);
    expect(await search('name=__', w.asAdmin())).toEqual([]);
  });

  it('answers at most 20', async () => {
    const w = await setup();
    await createGaneshes(w);
    expect(await search('name=ganesh', w.asAdmin())).toHaveLength(20);
  });

  it("never finds another company's customers", async () => {
    const w = await setup();
    await seedCustomers(w);
    await createGaneshes(w);
    expect(await search('name=ganesh', w.clerk)).toEqual([]);
    expect((await search('name=meena', w.clerk)).map((c) => c.name)).toEqual(['Meena Sundaram']);
  });
});

describe('GET /api/customers/{id}', () => {
  it('answers a customer with the pledge screens’ fields', async () => {
    const w = await setup();
    await seedCustomers(w);
    const [first] = (await get('/api/customers/?search=C000001', w.asAdmin())).json() as Customer[];
    const res = await get(`/api/customers/${first!.id}`, w.asAdmin());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      acc_code: 'C000001',
      name: murugan.customer_name,
      phone: murugan.mobile_number,
    });
  });

  it("answers another company's customer with 404, never its data", async () => {
    const w = await setup();
    await seedCustomers(w);
    const [other] = (await get('/api/customers/', w.clerk)).json() as Customer[];
    const res = await get(`/api/customers/${other!.id}`, w.asAdmin());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Customer not found.', code: 'NOT_FOUND' });
  });

  it('lets a staff user read when staff handle pledges', async () => {
    const w = await setup();
    await seedCustomers(w);
    const [own] = (await get('/api/customers/', w.clerk)).json() as Customer[];
    expect((await get(`/api/customers/${own!.id}`, w.clerk)).statusCode).toBe(200);
  });
});

describe('PUT /api/customers/{id}', () => {
  it('updates the details and keeps the code', async () => {
    const w = await setup();
    const c = await create({ ...lakshmi, customer_name: 'Ravi Shankar' }, w.asAdmin());
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${c.id}/`,
      headers: w.asAdmin(),
      payload: { ...lakshmi, customer_name: 'Ravi Shankar K', district: 'Coimbatore', status: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.id,
      acc_code: c.acc_code,
      customer_name: 'Ravi Shankar K',
      city: 'Coimbatore',
      status: false,
    });
  });

  it('lets a staff user save customer details (the pledge edit screen does)', async () => {
    const w = await setup();
    await seedCustomers(w);
    const [own] = (await get('/api/customers/', w.clerk)).json() as Customer[];
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${own!.id}`,
      headers: w.clerk,
      payload: { ...lakshmi, customer_name: 'Meena S', mobile_number: '9840011122' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone).toBe('9840011122');
  });

  it('refuses a blank required field with its message', async () => {
    const w = await setup();
    const c = await create(lakshmi, w.asAdmin());
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${c.id}`,
      headers: w.asAdmin(),
      payload: { ...lakshmi, guardian_name: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      expect.objectContaining({ loc: ['body', 'guardian_name'], msg: 'Guardian name is required' }),
    ]);
  });

  it("answers another company's customer with 404 and leaves it alone", async () => {
    const w = await setup();
    await seedCustomers(w);
    const [other] = (await get('/api/customers/', w.clerk)).json() as Customer[];
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${other!.id}`,
      headers: w.asAdmin(),
      payload: { ...lakshmi, customer_name: 'Changed' },
    });
    expect(res.statusCode).toBe(404);
    expect(((await get('/api/customers/', w.clerk)).json() as Customer[])[0]!.customer_name).toBe(
      'Meena Sundaram',
    );
  });
});

describe('POST /api/customers/{id}/upload-id-proof', () => {
  const upload = (id: number, file: Buffer, headers: Record<string, string>, field = 'file') => {
    const { payload, headers: formHeaders } = multipart(field, 'aadhaar.png', 'image/png', file);
    return t.app.inject({
      method: 'POST',
      url: `/api/customers/${id}/upload-id-proof/`,
      headers: { ...headers, ...formHeaders },
      payload,
    });
  };
  const fileCount = async () => (await t.database.db.select({ id: files.id }).from(files)).length;

  it('stores the image and answers the customer with a signed link that serves it', async () => {
    const w = await setup();
    const c = await create(lakshmi, w.asAdmin());
    const res = await upload(c.id, PNG_1PX, w.asAdmin());
    expect(res.statusCode).toBe(200);
    const link = res.json().id_proof as string;
    expect(link).toMatch(/^\/api\/files\/\d+\?exp=\d+&sig=[\w-]+$/);
    const served = await t.app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    expect((await get(`/api/customers/${c.id}`, w.asAdmin())).json().id_proof).toMatch(
      /^\/api\/files\/\d+\?/,
    );
  });

  it('replaces an earlier proof and removes the old file', async () => {
    const w = await setup();
    const c = await create(lakshmi, w.asAdmin());
    const first = (await upload(c.id, PNG_1PX, w.asAdmin())).json().id_proof as string;
    const before = await fileCount();
    const second = await upload(c.id, JPEG_HEADER, w.asAdmin());
    expect(second.statusCode).toBe(200);
    expect(await fileCount()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const served = await t.app.inject({ method: 'GET', url: second.json().id_proof });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a file that is not an image, whatever its name, and keeps the old proof', async () => {
    const w = await setup();
    const c = await create(lakshmi, w.asAdmin());
    const first = (await upload(c.id, PNG_1PX, w.asAdmin())).json().id_proof as string;
    const res = await upload(c.id, Buffer.from('<html><script>alert(1)</script></html>'), w.asAdmin());
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Only PNG, JPEG or WebP images are accepted.');
    const after = (await get(`/api/customers/${c.id}`, w.asAdmin())).json().id_proof as string;
    expect(after.split('?')[0]).toBe(first.split('?')[0]);
  });

  it('refuses a file above UPLOAD_MAX_MB with 413', async () => {
    const w = await setup();
    const c = await create(lakshmi, w.asAdmin());
    const res = await upload(
      c.id,
      Buffer.concat([PNG_1PX, Buffer.alloc(t.config.uploadMaxBytes + 10)]),
      w.asAdmin(),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('The file is larger than 1 MB.');
    expect((await get(`/api/customers/${c.id}`, w.asAdmin())).json().id_proof).toBeNull();
  });

  it('asks for a file when the form has none', async () => {
    const w = await setup();
    const c = await create(lakshmi, w.asAdmin());
    const res = await upload(c.id, PNG_1PX, w.asAdmin(), 'other');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'file'],
      msg: 'Please choose an image file.',
    });
  });

  it("answers another company's customer with 404 and stores nothing", async () => {
    const w = await setup();
    await seedCustomers(w);
    const [other] = (await get('/api/customers/', w.clerk)).json() as Customer[];
    const before = await fileCount();
    const res = await upload(other!.id, PNG_1PX, w.asAdmin());
    expect(res.statusCode).toBe(404);
    expect(await fileCount()).toBe(before);
  });

  it('lets a staff user upload when staff handle pledges', async () => {
    const w = await setup();
    await seedCustomers(w);
    const [own] = (await get('/api/customers/', w.clerk)).json() as Customer[];
    expect((await upload(own!.id, PNG_1PX, w.clerk)).statusCode).toBe(200);
  });

  it('removes the proof when the customer is saved with id_proof null', async () => {
    const w = await setup();
    const c = await create(lakshmi, w.asAdmin());
    const link = (await upload(c.id, PNG_1PX, w.asAdmin())).json().id_proof as string;
    const keep = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${c.id}`,
      headers: w.asAdmin(),
      payload: { ...lakshmi, id_proof: link },
    });
    expect(keep.json().id_proof).not.toBeNull();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${c.id}`,
      headers: w.asAdmin(),
      payload: { ...lakshmi, id_proof: null },
    });
    expect(res.json().id_proof).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });
});

describe('DELETE /api/customers/{id}', () => {
  it('deletes a customer and their ID proof file', async () => {
    const w = await setup();
    const c = await create(lakshmi, w.asAdmin());
    const { payload, headers } = multipart('file', 'id.png', 'image/png', PNG_1PX);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${c.id}/upload-id-proof`,
      headers: { ...w.asAdmin(), ...headers },
      payload,
    });
    const fileId = Number(/files\/(\d+)/.exec(up.json().id_proof)?.[1]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${c.id}/`,
      headers: w.asAdmin(),
    });
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/customers/${c.id}`, w.asAdmin())).statusCode).toBe(404);
    expect(await t.database.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
  });

  it("answers another company's customer with 404", async () => {
    const w = await setup();
    await seedCustomers(w);
    const [other] = (await get('/api/customers/', w.clerk)).json() as Customer[];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${other!.id}`,
      headers: w.asAdmin(),
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a staff user with 403 even when staff handle pledges', async () => {
    const w = await setup();
    await seedCustomers(w);
    const [own] = (await get('/api/customers/', w.clerk)).json() as Customer[];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${own!.id}`,
      headers: w.clerk,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('customers when staff do not handle pledges (the default)', () => {
  it('refuses a user every customer route with 403', async () => {
    const plain = await createTestApp();
    try {
      await seedCompanyWithUser(plain, { username: 'clerk', password: 'clerk-pass' });
      const token = await login(plain.app, 'clerk', 'clerk-pass');
      for (const [method, url] of [
        ['GET', '/api/customers/'],
        ['GET', '/api/customers/search?q=lakshmi'],
        ['GET', '/api/customers/1'],
        ['POST', '/api/customers/'],
        ['PUT', '/api/customers/1'],
        ['DELETE', '/api/customers/1'],
      ] as const) {
        const res = await plain.app.inject({
          method,
          url,
          headers: bearer(token),
          payload: method === 'GET' ? undefined : lakshmi,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    } finally {
      await plain.close();
    }
  });
});

describe('the audit trail of customers', () => {
  const trail = async (w: World, id: number) => {
    const res = await get(`/api/audit?entity=customer&entity_id=${id}`, w.asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    return auditListSchema.parse(res.json());
  };

  it('records the registration, the ID proof, the change and the deletion of a customer', async () => {
    const w = await setup();
    const c = await create(lakshmi, w.asAdmin());
    const { payload, headers } = multipart('file', 'aadhaar.png', 'image/png', PNG_1PX);
    const proof = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${c.id}/upload-id-proof`,
      headers: { ...w.asAdmin(), ...headers },
      payload,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${c.id}`,
      headers: w.asAdmin(),
      payload: { ...lakshmi, street: 'Pondy Bazaar' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${c.id}`,
      headers: w.asAdmin(),
    });
    expect(gone.statusCode).toBe(204);

    const rows = await trail(w, c.id);
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'upload_id_proof', 'create']);
    const [del, upd, idProof, cre] = rows as [
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
    ];
    expect(cre).toMatchObject({ company_id: w.mainId, entity: 'customer', before: null });
    expect(cre.after).toMatchObject({ id: c.id, acc_code: 'C000001', street: 'Usman Road' });
    expect(idProof.before).toMatchObject({ id_proof_file_id: null });
    expect(idProof.after).toMatchObject({ id_proof_file_id: expect.any(Number) });
    expect(upd.before).toMatchObject({ street: 'Usman Road' });
    expect(upd.after).toMatchObject({ street: 'Pondy Bazaar', acc_code: 'C000001' });
    // The deleted customer stays readable, whole.
    expect(del.before).toMatchObject({
      id: c.id,
      acc_code: 'C000001',
      customer_name: 'Lakshmi Narayanan',
      mobile_number: '9840098765',
      street: 'Pondy Bazaar',
    });
    expect(del.after).toBeNull();
  });

  it('records nothing for a registration answered with PROBABLE_DUPLICATE', async () => {
    const w = await setup();
    const c = await create(lakshmi, w.asAdmin());
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: w.asAdmin(),
      payload: lakshmi,
    });
    expect(again.statusCode).toBe(409);
    const res = await get('/api/audit?entity=customer', w.asAdmin());
    expect(auditListSchema.parse(res.json()).map((r) => r.entity_id)).toEqual([String(c.id)]);
  });
});
