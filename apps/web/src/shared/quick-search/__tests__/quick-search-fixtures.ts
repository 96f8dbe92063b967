import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

/** GET /search's answer for 'முரு': two of Murugan's pledges (one closed) and Murugan himself. */
export const answer = {
  pledges: [
    {
      pledge_id: 7,
      pledge_no: 'GL/2026-27/0007',
      customer_name: 'முருகன்',
      status: 'active',
      closed_date: null,
    },
    {
      pledge_id: 9,
      pledge_no: 'GL/2026-27/0009',
      customer_name: 'முருகன்',
      status: 'active',
      closed_date: '2026-11-21',
    },
  ],
  customers: [{ id: 41, acc_code: 'C000041', customer_name: 'முருகன்', mobile_number: '9842012345' }],
};

/** Signs `user` in at the main branch and opens the profile under the shell, its search answered with `answer`. */
export function openShell(handlers: Parameters<typeof stubApi>[0] = {}, user = adminUser) {
  seedSession({ user, company: mainBranch });
  window.location.hash = '#/profile';
  const fetchMock = stubApi({
    'GET /api/users/me': () => jsonResponse(user),
    'GET /api/search': () => jsonResponse(answer),
    'GET /api/pledges/': () => jsonResponse([]),
    'GET /api/pledges/count': () => jsonResponse({ count: 0 }),
    ...handlers,
  });
  renderApp();
  return fetchMock;
}
