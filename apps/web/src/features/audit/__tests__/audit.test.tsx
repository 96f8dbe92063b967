import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { User } from '@/lib/session-types';
import { adminUser, clerkUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { RecordHistory } from '../components/record-history';
import { at, event, renderTrail, trailAnswer } from './audit-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const update = event({
  id: 3,
  before: { customer_name: 'Ravi', mobile_number: '9840012345', district: 'Madurai', status: true },
  after: { customer_name: 'Ravi Kumar', mobile_number: '9840012345', district: 'Madurai', status: false },
});
const created = event({
  id: 2,
  action: 'create',
  entity: 'pledge',
  entity_id: '41',
  username: null,
  user_id: null,
  after: { pledge_no: 'P-0041', total_loan_amount: 125000 },
  route: 'POST /api/pledges/with-items',
});
const deleted = event({
  id: 1,
  action: 'delete',
  entity: 'bank',
  entity_id: '4',
  before: { bank_name: 'Indian Bank', branch: 'Madurai' },
  reason: 'Opened twice',
  route: 'DELETE /api/banks/4',
});

const users = [
  { id: 1, username: 'admin', role: 'admin', email: null, company_id: 1, created_at: at, permissions: [] },
  { id: 3, username: 'meena', role: 'user', email: null, company_id: 1, created_at: at, permissions: [] },
];

const auditCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/audit'))
    .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));

describe('audit trail', () => {
  it('lists the events newest first: when, who (System for none), action, record and reason', async () => {
    stubApi({
      'GET /api/audit': () => trailAnswer([update, created, deleted], 120),
      'GET /api/users/': () => jsonResponse(users),
    });
    renderTrail();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the audit trail...');
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['25/11/2026 14:05', 'admin', 'update', 'customer 7', '', 'Details'],
      ['25/11/2026 14:05', 'System', 'create', 'pledge 41', '', 'Details'],
      ['25/11/2026 14:05', 'admin', 'delete', 'bank 4', 'Opened twice', 'Details'],
    ]);
    expect(screen.getByText('Showing 1–50 of 120')).toBeInTheDocument();
  });

  it('puts the filters of the address, and each one chosen, into the query', async () => {
    const fetchMock = stubApi({
      'GET /api/audit': () => trailAnswer([]),
      'GET /api/users/': () => jsonResponse(users),
    });
    const user = userEvent.setup();
    renderTrail('/audit?from=2026-11-01&to=2026-11-25&entity=pledge&record=41&page=2');
    expect(await screen.findByText('No changes recorded for these filters')).toBeInTheDocument();
    expect(auditCalls(fetchMock)[0]).toEqual({
      from: '2026-11-01',
      to: '2026-11-25',
      entity: 'pledge',
      record: '41',
      skip: '50',
      limit: '50',
    });
    expect(screen.getByLabelText('Entity')).toHaveValue('pledge');
    expect(screen.getByLabelText('Record')).toHaveValue('41');

    await user.selectOptions(
      screen.getByLabelText('User'),
      await screen.findByRole('option', { name: 'meena' }),
    );
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).toMatchObject({ user_id: '3', skip: '0' }));
    await user.selectOptions(screen.getByLabelText('Entity'), 'All');
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).not.toHaveProperty('entity'));
    await user.click(screen.getByLabelText('Sign-ins with unknown names'));
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).toMatchObject({ company: 'none' }));
    await user.clear(screen.getByLabelText('Record'));
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).not.toHaveProperty('record'));
  });

  it('asks for a From date on or before the To date, without asking the server', async () => {
    const fetchMock = stubApi({ 'GET /api/users/': () => jsonResponse(users) });
    renderTrail('/audit?from=2026-11-20&to=2026-11-01');
    expect(await screen.findByText('Choose a From date on or before the To date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveValue('01/11/2026');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('From date must be on or before To date');
    expect(auditCalls(fetchMock)).toHaveLength(0);
  });

  it("says so when the trail can't be read", async () => {
    stubApi({
      'GET /api/audit': () => jsonResponse({ detail: 'Not allowed' }, 403),
      'GET /api/users/': () => jsonResponse(users),
    });
    renderTrail();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Not allowed');
  });

  it('shows an update field by field, the changed ones marked and the others behind a toggle', async () => {
    stubApi({
      'GET /api/audit': () => trailAnswer([update]),
      'GET /api/users/': () => jsonResponse(users),
    });
    const user = userEvent.setup();
    renderTrail();
    const details = await screen.findByRole('button', { name: /^Details of update customer 7/ });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const change = screen.getByTestId('audit-change');
    expect(within(change).getByText('2 fields changed')).toBeInTheDocument();
    const rows = () =>
      within(change)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [r.textContent, r.getAttribute('data-changed')]);
    expect(rows()).toEqual([
      ['customer_name (changed)RaviRavi Kumar', 'true'],
      ['status (changed)YesNo', 'true'],
    ]);
    await user.click(within(change).getByRole('button', { name: 'Show 2 unchanged fields' }));
    expect(rows()).toEqual([
      ['customer_name (changed)RaviRavi Kumar', 'true'],
      ['mobile_number98400123459840012345', null],
      ['districtMaduraiMadurai', null],
      ['status (changed)YesNo', 'true'],
    ]);
    expect(within(change).getByText('Request req-1 · PUT /api/customers/7')).toBeInTheDocument();
  });

  it('shows only the record made for a create, and the deleted record whole for a delete', async () => {
    stubApi({
      'GET /api/audit': () => trailAnswer([created, deleted]),
      'GET /api/users/': () => jsonResponse(users),
    });
    const user = userEvent.setup();
    renderTrail();
    await user.click(await screen.findByRole('button', { name: /^Details of create pledge 41/ }));
    await user.click(screen.getByRole('button', { name: /^Details of delete bank 4/ }));
    const [made, gone] = screen.getAllByTestId('audit-change');
    expect(within(made!).getByText('Created with')).toBeInTheDocument();
    expect(within(made!).queryByText('Before')).not.toBeInTheDocument();
    expect(within(made!).getByRole('row', { name: /total_loan_amount/ })).toHaveTextContent(
      'Rs. 1,25,000.00',
    );
    expect(within(gone!).getByText('Deleted record')).toBeInTheDocument();
    expect(within(gone!).getByText('Reason:')).toBeInTheDocument();
    expect(
      within(gone!)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['bank_nameIndian Bank', 'branchMadurai']);
  });
});

// Records by their numbers, users by name, flags as recorded, amounts in one format.
const receipt = event({
  id: 9,
  action: 'create',
  entity: 'receipt',
  entity_id: '603',
  record: 'R/2026-27/000017',
  user_names: { '2': 'meena', '1': 'admin' },
  after: {
    receipt_no: 'R/2026-27/000017',
    created_by: 2,
    approved_by: 1,
    approve_discount: true,
    total_discount: 150,
    net_amount: 225,
    payments: [{ pledge_id: 301, amount: 375, discount_amount: 150, created_by: 2 }],
  },
  route: 'POST /api/pledge-payments/',
});

describe('the trail names what staff know', () => {
  it('names a record by its number and users by name, and shows every amount as Rs., child rows included', async () => {
    const fetchMock = stubApi({
      'GET /api/audit': () => trailAnswer([receipt]),
      'GET /api/users/': () => jsonResponse(users),
    });
    const user = userEvent.setup();
    renderTrail('/audit?record=GL95');
    expect(auditCalls(fetchMock)[0]).toMatchObject({ record: 'GL95' });
    expect(await screen.findByRole('cell', { name: 'receipt R/2026-27/000017' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Details of create receipt R\/2026-27\/000017/ }));
    const change = screen.getByTestId('audit-change');
    const row = (field: string) => within(change).getByRole('row', { name: new RegExp(`^${field}`) });
    expect(row('created_by')).toHaveTextContent(/^created_bymeena$/);
    expect(row('approved_by')).toHaveTextContent(/^approved_byadmin$/);
    expect(row('approve_discount')).toHaveTextContent(/^approve_discountYes$/);
    expect(row('total_discount')).toHaveTextContent(/^total_discountRs\. 150\.00$/);
    expect(row('net_amount')).toHaveTextContent(/^net_amountRs\. 225\.00$/);
    const payments = within(change).getByTestId('child-rows-payments');
    expect(within(payments).getAllByRole('row')[1]).toHaveTextContent('301Rs. 375.00Rs. 150.00meena');
  });
});

function renderHistory(user: User) {
  seedSession({ user, company: mainBranch });
  return render(
    <AppProviders>
      <MemoryRouter>
        <RecordHistory entity="pledge" entityId={41} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('record history', () => {
  it("lists the record's own events with their details, for those who may read the trail", async () => {
    const fetchMock = stubApi({ 'GET /api/audit': () => trailAnswer([created], 25) });
    const user = userEvent.setup();
    renderHistory(adminUser);
    expect(await screen.findByText('System')).toBeInTheDocument();
    expect(auditCalls(fetchMock)[0]).toEqual({ entity: 'pledge', entity_id: '41', skip: '0', limit: '20' });
    await user.click(screen.getByRole('button', { name: /^Details of create/ }));
    expect(screen.getByText('Created with')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in the Audit Trail' })).toHaveAttribute(
      'href',
      '/audit?entity=pledge&record=41',
    );
  });

  it('renders nothing, and asks nothing, for a user without audit.read', async () => {
    const fetchMock = stubApi({});
    renderHistory({ ...clerkUser, permissions: ['pledges.handle'] });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Changes' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
