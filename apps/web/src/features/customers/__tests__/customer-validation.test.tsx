import { CUSTOMER_MESSAGES } from '@pledge-desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

/** Indian formats under the fields, a probable duplicate asked about, customers to complete. */
afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const ravi = {
  id: 12,
  acc_code: 'C000012',
  customer_name: 'Ravi Kumar',
  guardian_name: 'Murugesan',
  mobile_number: '9840012345',
  alt_mobile_number: null,
  door_no: '14',
  street: 'Car Street',
  location: 'Mylapore',
  district: 'Chennai',
  pincode: '600004',
  id_proof: null,
  status: true,
  needs_completion: false,
  created_at: '2026-11-20T20:00:00Z',
};

function openCustomers(handlers: Parameters<typeof stubApi>[0]) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = '#/admin/customers';
  const fetchMock = stubApi({
    'GET /api/users/me': () => jsonResponse(adminUser),
    'GET /api/customers/': () => jsonResponse([]),
    ...handlers,
  });
  renderApp();
  return fetchMock;
}

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await screen.findAllByRole('button', { name: 'Add Customer' }))[0]!);
  return screen.getByRole('dialog', { name: 'Add Customer' });
}

async function fill(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>, mobile: string) {
  await user.type(within(dialog).getByLabelText('Customer Name'), 'Ravi Kumar');
  await user.type(within(dialog).getByLabelText('Guardian Name'), 'Murugesan');
  await user.type(within(dialog).getByLabelText('Mobile Number'), mobile);
  await user.type(within(dialog).getByLabelText('Door No'), '14');
  await user.type(within(dialog).getByLabelText('Street'), 'Car Street');
  await user.type(within(dialog).getByLabelText('Location'), 'Mylapore');
  await user.type(within(dialog).getByLabelText('District'), 'Chennai');
}

const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('customer form formats', () => {
  it('says what is wrong with mobile 12345, alternate abcd and pincode 6000, and sends nothing', async () => {
    const fetchMock = openCustomers({});
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await fill(dialog, user, '12345');
    await user.type(within(dialog).getByLabelText('Alternate Mobile (optional)'), 'abcd');
    await user.type(within(dialog).getByLabelText('Pincode'), '6000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Customer' }));
    expect(await within(dialog).findByText(CUSTOMER_MESSAGES.mobile)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MESSAGES.altPhone)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MESSAGES.pincode)).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('sends +91 98400 12345 as 9840012345', async () => {
    let sent: { mobile_number?: string } = {};
    const fetchMock = openCustomers({
      'POST /api/customers/': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(ravi, 201);
      },
    });
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await fill(dialog, user, '+91 98400 12345');
    await user.type(within(dialog).getByLabelText('Pincode'), '600 004');
    await user.click(within(dialog).getByRole('button', { name: 'Save Customer' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(sent).toMatchObject({ mobile_number: '9840012345', pincode: '600004' });
  });
});

describe('probable duplicate', () => {
  it('asks, naming the existing customer, and saves with confirm_duplicate=true when told to', async () => {
    const fetchMock = openCustomers({
      'POST /api/customers/': ({ url }) =>
        url.includes('confirm_duplicate=true')
          ? jsonResponse({ ...ravi, id: 13, acc_code: 'C000013' }, 201)
          : jsonResponse(
              {
                detail: 'Customer C000012 Ravi Kumar has the same mobile number. Save anyway?',
                code: 'PROBABLE_DUPLICATE',
                existing: { id: 12, customer_code: 'C000012', customer_name: 'Ravi Kumar' },
              },
              409,
            ),
    });
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await fill(dialog, user, '9840012345');
    await user.type(within(dialog).getByLabelText('Pincode'), '600004');
    await user.click(within(dialog).getByRole('button', { name: 'Save Customer' }));
    const ask = await screen.findByRole('dialog', { name: 'Possible Duplicate Customer' });
    expect(ask).toHaveTextContent('Customer C000012 Ravi Kumar has the same mobile number. Save anyway?');
    await user.click(within(ask).getByRole('button', { name: 'Save Anyway' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(2));
    expect(String(posts(fetchMock)[1]![0])).toContain('confirm_duplicate=true');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Customer' })).toBeNull());
  });
});

describe('customers to complete', () => {
  it("lists only them with 'Only to complete', each marked 'To complete'", async () => {
    const fetchMock = openCustomers({
      'GET /api/customers/': ({ url }) =>
        jsonResponse(
          url.includes('needs_completion=true')
            ? [{ ...ravi, id: 20, customer_name: 'RAJESH', pincode: '', needs_completion: true }]
            : [ravi],
        ),
    });
    const user = userEvent.setup();
    await screen.findByText('Ravi Kumar');
    await user.click(screen.getByLabelText('Only to complete'));
    const row = (await screen.findByText('RAJESH')).closest('tr')!;
    expect(row).toHaveTextContent('To complete');
    expect(screen.queryByText('Ravi Kumar')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('needs_completion=true'))).toBe(true);
  });
});
