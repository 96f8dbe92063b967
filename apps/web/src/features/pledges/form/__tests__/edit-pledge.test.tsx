import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import {
  customer,
  lookupHandlers,
  pickDesign,
  renderAt,
  savedOf,
  storedPledge,
} from './pledge-form-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function editHandlers(extra: Parameters<typeof stubApi>[0] = {}) {
  return { ...lookupHandlers(), 'GET /api/pledges/40': () => jsonResponse(storedPledge), ...extra };
}

async function openEdit() {
  const router = renderAt('/pledge/edit/40');
  await screen.findByTestId('edit-pledge-no');
  return router;
}

describe('edit pledge: loading', () => {
  it('shows a spinner, then the pledge number, its items, status and Move to Bank', async () => {
    stubApi(editHandlers());
    renderAt('/pledge/edit/40');
    expect(screen.getByRole('status')).toHaveTextContent('Loading pledge...');
    expect(await screen.findByTestId('edit-pledge-no')).toHaveTextContent('GL7');
    expect(screen.getByLabelText('Gross weight in grams, row 2')).toHaveValue('8.5');
    expect(screen.getByLabelText('Net weight in grams, row 2')).toHaveValue('8.25');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    // A read-only indicator: Move to Bank is its own step on the pledge's details.
    expect(screen.getByLabelText('Move to Bank')).not.toBeChecked();
    expect(screen.getByLabelText('Move to Bank')).toBeDisabled();
    expect(screen.getByLabelText('Final Loan Amount')).toHaveValue('48000');
    // The pledge's own terms: 6,000 a gram kept from the day it was made.
    expect(screen.getByTestId('rate-line')).toHaveTextContent(
      'Rate Rs. 6,000.00 per gram (kept from the pledge)',
    );
    expect(screen.getByTestId('summary-final')).toHaveTextContent('Rs. 47,180.00');
    expect(screen.getByRole('link', { name: /Back to Pledges/ })).toHaveAttribute('href', '/pledges');
  });

  it.each([
    ['/pledge/edit/abc', 'No pledge ID provided', {}],
    [
      '/pledge/edit/40',
      'Pledge not found',
      { 'GET /api/pledges/40': () => jsonResponse({ detail: 'Pledge not found' }, 404) },
    ],
    [
      '/pledge/edit/40',
      'Failed to fetch initial data',
      { 'GET /api/pledges/40': () => jsonResponse({ detail: 'boom' }, 500) },
    ],
  ] as const)('%s: says %s and goes back to /pledges', async (path, message, extra) => {
    stubApi(editHandlers(extra));
    const router = renderAt(path);
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pledges'));
  });
});

describe('edit pledge: saving', () => {
  it('sends keep, update and add per item, the removed ids, and returns to /pledges', async () => {
    let sent: Record<string, unknown> | null = null;
    stubApi(
      editHandlers({
        'PUT /api/pledges/40/with-items': ({ init }) => {
          sent = JSON.parse(String(init?.body));
          return jsonResponse(savedOf({ ...storedPledge, items: storedPledge.items.slice(0, 1) }));
        },
      }),
    );
    const user = userEvent.setup();
    const router = await openEdit();
    await user.type(screen.getByLabelText('Remarks, row 1'), 'Stone missing');
    await user.click(screen.getByRole('button', { name: 'Remove item 2' }));
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await pickDesign(user, 2, 'Chain');
    await user.type(screen.getByLabelText('Gross weight in grams, row 2'), '5');
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await user.click(screen.getByRole('button', { name: 'Update Pledge' }));

    expect(await screen.findByText('Pledge Updated!')).toBeInTheDocument();
    expect(screen.getByText('Pledge updated with 1 item')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pledges'));
    expect(sent).toMatchObject({
      status: 'inactive',
      delete_item_ids: [102],
      items: [
        { pledge_item_id: 101, action: 'update', remarks: 'Stone missing', net_value: 63000 },
        { action: 'add', jewell_design_id: 22, gross_weight: 5, net_weight: 5, net_value: 30000 },
      ],
    });
    expect((sent!.items as Record<string, unknown>[])[1]).not.toHaveProperty('pledge_item_id');
    expect(sent).not.toHaveProperty('is_move_to_bank');
  });

  it('keeps an unchanged item as keep', async () => {
    let sent: { items: { action: string }[] } | null = null;
    stubApi(
      editHandlers({
        'PUT /api/pledges/40/with-items': ({ init }) => {
          sent = JSON.parse(String(init?.body));
          return jsonResponse(savedOf(storedPledge));
        },
      }),
    );
    const user = userEvent.setup();
    await openEdit();
    await user.click(screen.getByRole('button', { name: 'Update Pledge' }));
    await screen.findByText('Pledge Updated!');
    expect(sent!.items.map((i) => i.action)).toEqual(['keep', 'keep']);
  });

  it("shows the server's sentence as 'Update Error' when the pledge has payments (409)", async () => {
    stubApi(
      editHandlers({
        'PUT /api/pledges/40/with-items': () =>
          jsonResponse(
            { detail: 'The amounts of a pledge with payments cannot change.', code: 'PLEDGE_HAS_PAYMENTS' },
            409,
          ),
      }),
    );
    const user = userEvent.setup();
    const router = await openEdit();
    await user.clear(screen.getByLabelText('Final Loan Amount'));
    await user.type(screen.getByLabelText('Final Loan Amount'), '40000');
    await user.click(screen.getByRole('button', { name: 'Update Pledge' }));
    expect(await screen.findByText('Update Error')).toBeInTheDocument();
    expect(screen.getByText('The amounts of a pledge with payments cannot change.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pledge/edit/40');
  });

  it('says the update message when an item or the loan is missing', async () => {
    const fetchMock = stubApi(editHandlers());
    const user = userEvent.setup();
    await openEdit();
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user.click(screen.getByRole('button', { name: 'Update Pledge' }));
    expect(
      await screen.findByText('Please ensure all required fields are filled and at least one item is added.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('saves changed customer details through PUT /customers/{id} with the whole record', async () => {
    let customerBody: Record<string, unknown> | null = null;
    stubApi(
      editHandlers({
        'PUT /api/customers/5': ({ init }) => {
          customerBody = JSON.parse(String(init?.body));
          return jsonResponse({ ...customer, mobile_number: '9123456780' });
        },
        'PUT /api/pledges/40/with-items': () => jsonResponse(savedOf(storedPledge)),
      }),
    );
    const user = userEvent.setup();
    await openEdit();
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '9123456780');
    await user.click(screen.getByRole('button', { name: 'Update Pledge' }));
    await screen.findByText('Pledge Updated!');
    expect(customerBody).toEqual({
      customer_name: 'Lakshmi Narayanan',
      guardian_name: 'Narayanan',
      mobile_number: '9123456780',
      alt_mobile_number: null,
      door_no: '12',
      street: 'North Car Street',
      location: 'Town Hall',
      district: 'Madurai',
      pincode: '625001',
      status: true,
    });
  });

  it('Cancel returns to /pledges without saving', async () => {
    const fetchMock = stubApi(editHandlers());
    const user = userEvent.setup();
    const router = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/pledges');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
