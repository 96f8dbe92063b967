import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, clerkUser, complianceView, jsonResponse, stubApi } from '@/test/helpers';
import { paymentHandlers, renderPayment, savedPayment } from './payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

type User = ReturnType<typeof userEvent.setup>;

const COMPLIANCE = 'GET /api/companies/1/compliance';
const submit = () => screen.getByRole('button', { name: /Submit Payment|Saving|Loading balance/ });
const section = () => screen.queryByRole('group', { name: 'Admin approval' });
const username = () => screen.getByLabelText('Admin username') as HTMLInputElement;
const password = () => screen.getByLabelText('Admin password') as HTMLInputElement;

function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function posts(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/pledge-payments/') && init?.method === 'POST')
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      key: new Headers(init?.headers).get('Idempotency-Key'),
    }));
}

/** Opens pledge GL7 as `who` and types an interest payment of 500 with the discount given. */
async function interestWithDiscount(user: User, discount: string, who = clerkUser) {
  renderPayment('/pledge/payment?pledge_id=40', who);
  await waitFor(() => expect(submit()).toHaveTextContent('Submit Payment'));
  await user.selectOptions(screen.getByLabelText('Payment Type'), 'interest');
  await user.type(screen.getByLabelText('Amount'), '500');
  await user.type(screen.getByLabelText('Discount Amount'), discount);
}

describe("single payment: an admin's approval of a clerk's discount or penalty", () => {
  it('asks above the threshold only, says why, and sends nothing without the name and password', async () => {
    const fetchMock = stubApi({
      ...paymentHandlers(),
      [COMPLIANCE]: () => jsonResponse(complianceView({ approval_threshold: 100 })),
    });
    const user = userEvent.setup();
    await interestWithDiscount(user, '100');
    // ₹100 is at the threshold, not above it.
    expect(section()).toBeNull();
    await user.type(screen.getByLabelText('Discount Amount'), '.50');
    expect(section()).toHaveTextContent(
      "A discount above ₹100.00 needs an admin's approval: an admin enters their username and password",
    );
    await user.type(screen.getByLabelText('Penalty Amount'), '150');
    expect(section()).toHaveTextContent(
      "A discount and a penalty above ₹100.00 need an admin's approval: an admin enters their username and password",
    );
    await user.click(submit());
    expect(await screen.findByText('Please fix the validation errors')).toBeInTheDocument();
    expect(errorOf(username())).toBe('Enter the approving admin’s username');
    expect(errorOf(password())).toBe('Enter the approving admin’s password');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("sends the admin's name and password as approver, then forgets them", async () => {
    const fetchMock = stubApi({
      ...paymentHandlers(),
      [COMPLIANCE]: () => jsonResponse(complianceView()),
      'POST /api/pledge-payments/': () => jsonResponse(savedPayment({ discount_amount: 20 }), 201),
    });
    const user = userEvent.setup();
    await interestWithDiscount(user, '20');
    await user.type(username(), ' admin ');
    await user.type(password(), 'Gold@2026');
    await user.click(submit());
    expect(await screen.findByText('Payment saved successfully')).toBeInTheDocument();
    expect(posts(fetchMock)[0]?.body).toMatchObject({
      discount_amount: 20,
      approver: { username: 'admin', password: 'Gold@2026' },
    });
    // The form reset: no discount, no approval step, nothing typed kept.
    expect(section()).toBeNull();
    await user.type(screen.getByLabelText('Discount Amount'), '5');
    expect(username()).toHaveValue('');
    expect(password()).toHaveValue('');
  });

  it("shows the server's refusal under the password, empties it, and the retry is sent afresh", async () => {
    let refuse = true;
    const fetchMock = stubApi({
      ...paymentHandlers(),
      [COMPLIANCE]: () => jsonResponse(complianceView()),
      'POST /api/pledge-payments/': () => {
        if (!refuse) return jsonResponse(savedPayment(), 201);
        refuse = false;
        return jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'approver', 'password'],
                msg: 'The approver’s username or password is wrong.',
                type: 'value_error',
              },
            ],
          },
          422,
        );
      },
    });
    const user = userEvent.setup();
    await interestWithDiscount(user, '20');
    await user.type(username(), 'admin');
    await user.type(password(), 'wrong');
    await user.click(submit());
    await waitFor(() => expect(errorOf(password())).toBe('The approver’s username or password is wrong.'));
    expect(password()).toHaveValue('');
    expect(username()).toHaveValue('admin');
    // The message stands under its field only, not again in a line above the form.
    expect(screen.getAllByText('The approver’s username or password is wrong.')).toHaveLength(1);

    await user.type(password(), 'Gold@2026');
    expect(errorOf(password())).toBeNull();
    await user.click(submit());
    expect(await screen.findByText('Payment saved successfully')).toBeInTheDocument();
    const [first, second] = posts(fetchMock);
    expect(second?.body.approver).toEqual({ username: 'admin', password: 'Gold@2026' });
    // The same payment by the same approver keeps its key (the first was refused, so nothing is replayed).
    expect(second?.key).toBe(first?.key);
  });

  it('opens the step when the server asks for an approval the screen did not expect', async () => {
    const message = "A discount needs an admin's approval: an admin enters their username and password";
    let threshold = 1000;
    const fetchMock = stubApi({
      ...paymentHandlers(),
      [COMPLIANCE]: () => jsonResponse(complianceView({ approval_threshold: threshold })),
      'POST /api/pledge-payments/': () => {
        threshold = 0;
        return jsonResponse(
          { detail: [{ loc: ['body', 'approver'], msg: message, type: 'approval_required' }] },
          422,
        );
      },
    });
    const user = userEvent.setup();
    await interestWithDiscount(user, '20');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/compliance'))).toBe(true),
    );
    expect(section()).toBeNull();
    await user.click(submit());
    await waitFor(() => expect(section()).not.toBeNull());
    expect(errorOf(username())).toBe(message);
    expect(posts(fetchMock)[0]?.body.approver).toBeUndefined();
  });

  it('asks an admin nothing: taking the payment is the approval', async () => {
    const fetchMock = stubApi({
      ...paymentHandlers(),
      [COMPLIANCE]: () => jsonResponse(complianceView()),
      'POST /api/pledge-payments/': () => jsonResponse(savedPayment(), 201),
    });
    const user = userEvent.setup();
    await interestWithDiscount(user, '20', adminUser);
    expect(section()).toBeNull();
    await user.click(submit());
    expect(await screen.findByText('Payment saved successfully')).toBeInTheDocument();
    expect(posts(fetchMock)[0]?.body.approver).toBeUndefined();
  });
});
