import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

/** Signs in at the main branch, answers the given API calls and opens the app at `hash`. */
export function openAt(hash: string, handlers: Parameters<typeof stubApi>[0]) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = hash;
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
  return fetchMock;
}

/** Notice N/2026-27/0001 of batch 3 for Murugan's pledge GL7, never printed. */
export const notice = {
  id: 5,
  notice_no: 'N/2026-27/0001',
  batch_id: 3,
  notice_date: '2026-11-20',
  pledge_id: 7,
  pledge_no: 'GL7',
  pledge_date: '2025-11-01',
  due_date: '2026-11-01',
  loan_amount: 40000,
  customer_id: 41,
  customer_name: 'Murugan',
  guardian_name: 'Ramasamy',
  address: '12, South Masi Street, Madurai - 625001',
  mobile_number: '9840012345',
  principal_due: 40000,
  interest_due: 7200,
  amount_due: 47200,
  sale_after: '2026-12-20',
  sent_on: null,
  tracking_no: null,
  delivered_on: null,
  status: 'unsent',
  prints: 0,
  superseded_at: null,
  superseded_by_no: null,
  gross_weight: 10.5,
  net_weight: 10,
  item_count: 1,
  articles: [{ item_id: 9, design_name: 'Kasu Mala', condition: null, gross_weight: 10.5, net_weight: 10 }],
  created_at: '2026-11-20T05:00:00.000Z',
};

/** Murugan's pledge GL7, 25 days overdue, as a candidate for a notice. */
export const candidate = {
  pledge_id: 7,
  pledge_no: 'GL7',
  pledge_date: '2025-11-01',
  due_date: '2026-11-01',
  days_overdue: 25,
  customer_id: 41,
  customer_name: 'Murugan',
  address: 'Madurai',
  mobile_number: '9840012345',
  loan_amount: 40000,
  remaining_principal: 40000,
  remaining_interest: 7200,
  outstanding: 47200,
  at_bank: false,
  latest_notice: null,
};
