import type { AuditEventView } from '@pledge-desk/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { RecordHistory } from '../components/record-history';
import { AuditTrailPage } from '../pages/audit-trail-page';
import { event, trailAnswer } from './audit-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The English test's event, changing Ravi's name and status. */
const tamilEvent = (overrides: Partial<AuditEventView>): AuditEventView =>
  event({
    before: { customer_name: 'Ravi', district: 'Madurai', status: true },
    after: { customer_name: 'Ravi Kumar', district: 'Madurai', status: false },
    ...overrides,
  });
const created = tamilEvent({
  id: 2,
  action: 'create',
  entity: 'cash_drawer',
  entity_id: '41',
  username: null,
  user_id: null,
  before: null,
  after: { opening_cash: 5000 },
  reason: 'Morning',
});

function inTamil() {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  seedSession({ user: adminUser, company: mainBranch });
}

describe('audit trail in Tamil', () => {
  it('shows the filters, the rows and a change in Tamil', async () => {
    stubApi({
      'GET /api/audit': () => trailAnswer([tamilEvent({ id: 3 }), created], 120),
      'GET /api/users/': () => jsonResponse([]),
    });
    const user = userEvent.setup();
    inTamil();
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/audit']}>
          <AuditTrailPage />
        </MemoryRouter>
      </AppProviders>,
    );
    const table = await screen.findByRole('table', { name: 'தணிக்கைத் தடம்' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['25/11/2026 14:05', 'admin', 'திருத்தம்', 'வாடிக்கையாளர் 7', '', 'விவரங்கள்'],
      ['25/11/2026 14:05', 'கணினி', 'உருவாக்கம்', 'பணப்பெட்டி 41', 'Morning', 'விவரங்கள்'],
    ]);
    expect(screen.getByText('மொத்தம் 120 இல் 1–50 காட்டப்படுகிறது')).toBeInTheDocument();
    const filters = screen.getByRole('form', { name: 'தணிக்கைத் தட வடிகட்டிகள்' });
    expect(within(filters).getByRole('option', { name: 'வங்கி மறு அடகு' })).toBeInTheDocument();
    expect(within(filters).getByLabelText('அறியப்படாத பெயர்களில் உள்நுழைவு முயற்சிகள்')).toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: /வாடிக்கையாளர் 7 — திருத்தம்: விவரங்கள்$/ }));
    const change = screen.getByTestId('audit-change');
    expect(within(change).getByText('2 புலங்கள் மாறின')).toBeInTheDocument();
    expect(within(change).getByRole('row', { name: /status/ })).toHaveTextContent('status (மாறியது)ஆம்இல்லை');
    expect(within(change).getByRole('button', { name: 'மாறாத 1 புலத்தைக் காட்டு' })).toBeInTheDocument();
    expect(within(change).getByText('கோரிக்கை req-1 · PUT /api/customers/7')).toBeInTheDocument();
  });

  it('says an empty trail and a reversed date range in Tamil', async () => {
    stubApi({ 'GET /api/audit': () => trailAnswer([]), 'GET /api/users/': () => jsonResponse([]) });
    inTamil();
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/audit?from=2026-11-20&to=2026-11-01']}>
          <AuditTrailPage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(
      await screen.findByText('இறுதித் தேதிக்கு முன்போ அதே நாளோ உள்ள தொடக்கத் தேதியைத் தேர்ந்தெடுக்கவும்.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('இறுதி')).toHaveAccessibleDescription(
      expect.stringContaining('தொடக்கத் தேதி இறுதித் தேதிக்கு முன்போ அதே நாளோ இருக்க வேண்டும்'),
    );
  });

  it("shows a record's own history in Tamil", async () => {
    stubApi({ 'GET /api/audit': () => trailAnswer([created], 25) });
    const user = userEvent.setup();
    inTamil();
    render(
      <AppProviders>
        <MemoryRouter>
          <RecordHistory entity="cash_drawer" entityId={41} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: 'மாற்றங்கள்' })).toBeInTheDocument();
    expect(await screen.findByText('கணினி')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /உருவாக்கம்: விவரங்கள்$/ }));
    expect(screen.getByText('உருவாக்கிய விவரம்')).toBeInTheDocument();
    expect(screen.getByText('காரணம்:')).toBeInTheDocument();
    expect(screen.getByText(/மொத்தம் 25 இல் சமீபத்திய 1\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'தணிக்கைத் தடத்தில் திற' })).toBeInTheDocument();
  });
});
