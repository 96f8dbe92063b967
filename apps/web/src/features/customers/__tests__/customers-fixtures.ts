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
