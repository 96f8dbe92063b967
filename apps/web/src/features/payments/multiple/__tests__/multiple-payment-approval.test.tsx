import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clerkUser, complianceView, jsonResponse, stubApi } from '@/test/helpers';
import { handlers, pickCustomer, renderPage, resultOf, sentBody } from './multiple-payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const submitButton = () => screen.getByRole('button', { name: /^Submit Payment - / });
const section = () => screen.queryByRole('group', { name: 'Admin approval' });
const username = () => screen.getByLabelText('Admin username') as HTMLInputElement;
const password = () => screen.getByLabelText('Admin password') as HTMLInputElement;

function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function withPost(answer: (body: unknown) => Response, threshold = 0) {
  return stubApi({
    ...handlers(),
    'GET /api/companies/1/compliance': () => jsonResponse(complianceView({ approval_threshold: threshold })),
    'POST /api/customers/5/multiple-pledge-payment': ({ init }) => answer(JSON.parse(String(init?.body))),
  });
}

describe("Multiple Pledge Payment: a clerk's discount or penalty", () => {
  it('replaces the Approve ticks with an admin’s name and password above the threshold', async () => {
    const fetchMock = withPost((body) => jsonResponse(resultOf(body as never), 201), 40);
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment', clerkUser);
    await pickCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    await user.type(screen.getByLabelText('Discount, GL-0001'), '30');
    await user.type(screen.getByLabelText('Penalty, GL-0002'), '20');
    expect(await screen.findByTestId('adjustments')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Approve Discount/)).toBeNull();
    expect(screen.queryByLabelText(/Approve Penalty/)).toBeNull();
    // ₹30 of discount over two rows becomes ₹50: above the ₹40 threshold; the ₹20 penalty is not.
    expect(section()).toBeNull();
    await user.type(screen.getByLabelText('Discount, GL-0003'), '20');
    expect(section()).toHaveTextContent(
      "A discount above ₹40.00 needs an admin's approval: an admin enters their username and password",
    );
    await user.click(submitButton());
    expect(errorOf(username())).toBe('Enter the approving admin’s username');
    expect(errorOf(password())).toBe('Enter the approving admin’s password');
    expect(sentBody(fetchMock)).toHaveLength(0);

    await user.type(username(), 'admin');
    await user.type(password(), 'Gold@2026');
    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'Payment Successfully Processed' });
    const [sent] = sentBody(fetchMock);
    expect(sent!.body).toMatchObject({
      total_discount_amount: 50,
      total_penalty_amount: 20,
      // The clerk's screen has no ticks: the approval is the admin's password (or none at or under the threshold).
      approve_discount: true,
      approve_penalty: true,
      approver: { username: 'admin', password: 'Gold@2026' },
    });
    expect(section()).toBeNull();
  });

  it("shows the server's refusal under the password and empties it", async () => {
    const fetchMock = withPost(() =>
      jsonResponse(
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
      ),
    );
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment', clerkUser);
    await pickCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    await user.type(screen.getByLabelText('Discount, GL-0001'), '10');
    await user.type(username(), 'admin');
    await user.type(password(), 'wrong');
    await user.click(submitButton());
    await waitFor(() => expect(errorOf(password())).toBe('The approver’s username or password is wrong.'));
    expect(password()).toHaveValue('');
    expect(username()).toHaveValue('admin');
    expect(sentBody(fetchMock)).toHaveLength(1);
    expect(screen.getByText('Please fix the validation errors')).toBeInTheDocument();
  });
});
