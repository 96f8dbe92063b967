import type { AuditEventView } from '@pledge-desk/domain';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { adminUser, jsonResponse, mainBranch, seedSession } from '@/test/helpers';
import { AuditTrailPage } from '../pages/audit-trail-page';

/** An instant whose local time is 25/11/2026 14:05 wherever the test runs. */
export const at = new Date(2026, 10, 25, 14, 5).toISOString();

/** An update of customer 7 by admin at `at`, with the given fields. */
export const event = (overrides: Partial<AuditEventView>): AuditEventView => ({
  id: 1,
  at,
  company_id: 1,
  user_id: 1,
  username: 'admin',
  action: 'update',
  entity: 'customer',
  entity_id: '7',
  record: null,
  user_names: {},
  before: null,
  after: null,
  reason: null,
  request_id: 'req-1',
  route: 'PUT /api/customers/7',
  ...overrides,
});

/** GET /audit's answer: the events with the X-Total-Count header. */
export function trailAnswer(events: AuditEventView[], total = events.length) {
  const response = jsonResponse(events);
  response.headers.set('X-Total-Count', String(total));
  return response;
}

/** Signs in at the main branch and renders the audit trail at `address`. */
export function renderTrail(address = '/audit') {
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[address]}>
        <AuditTrailPage />
      </MemoryRouter>
    </AppProviders>,
  );
}
