import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

/** Murugan of Madurai (C000041), complete, with an ID proof on file. */
export const murugan = {
  id: 41,
  acc_code: 'C000041',
  customer_name: 'முருகன்',
  guardian_name: 'சுப்பிரமணியன்',
  mobile_number: '9842012345',
  alt_mobile_number: null,
  door_no: '12',
  street: 'தெற்கு மாசி வீதி',
  location: 'மதுரை',
  district: 'Madurai',
  pincode: '625001',
  id_proof: '/api/files/7?exp=1&sig=abc',
  status: true,
  needs_completion: false,
  created_at: '2026-11-20T20:00:00Z',
};

/** Signs in at the main branch and opens Customers with the given API answers. */
export function openCustomers(handlers: Parameters<typeof stubApi>[0]) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = '#/admin/customers';
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
  return fetchMock;
}

/** GET /customers/'s answer: the rows with the X-Total-Count header. */
export function listAnswer(rows: unknown[], total: number) {
  const response = jsonResponse(rows);
  response.headers.set('X-Total-Count', String(total));
  return response;
}

/** Murugan's KYC: an Aadhaar (masked) with its front, no photo, nothing else; PAN not needed yet. */
export function muruganKyc(patch: Record<string, unknown> = {}) {
  return {
    customer_id: 41,
    documents: [
      {
        id: 5,
        kind: 'aadhaar',
        number: 'XXXX XXXX 2346',
        issued_on: null,
        expires_on: null,
        expired: false,
        front: '/api/files/21?exp=1&sig=front',
        back: null,
        created_at: '2026-11-20T10:00:00Z',
      },
    ],
    photo: null,
    nominee: null,
    form60_declared_on: null,
    id_proof_needs_review: false,
    pan_rule: { applies: true, threshold: 50000 },
    open_loans: 12000,
    pan_needed: false,
    gaps: ['photo'],
    status: 'incomplete',
    incomplete_mode: 'warn',
    ...patch,
  };
}

/** A passport whose expiry has passed. */
export const expiredPassport = {
  id: 6,
  kind: 'passport',
  number: 'J8369854',
  issued_on: '2015-01-01',
  expires_on: '2025-01-01',
  expired: true,
  front: null,
  back: null,
  created_at: '2026-11-20T10:00:00Z',
};
