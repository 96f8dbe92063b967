import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

/** The shop's current account at State Bank of India, Madurai Main. */
export const sbi = {
  id: 3,
  bank_name: 'State Bank of India',
  account_holder_name: 'Sri Murugan Jewel Loans',
  account_number: '30123456789',
  ifsc_code: 'SBIN0000901',
  branch_name: 'Madurai Main',
  account_type: 'Current',
  status: true,
  created_at: '2026-11-20T05:00:00Z',
};

/** Signs in at the main branch and opens Banks with the given API answers. */
export function openBanks(handlers: Parameters<typeof stubApi>[0]) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = '#/admin/banks';
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
  return fetchMock;
}
