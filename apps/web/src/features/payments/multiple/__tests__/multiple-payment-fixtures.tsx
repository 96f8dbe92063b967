import type { CustomerView, MultiplePaymentResult, PendingPledge, PendingPledges } from '@pledge-desk/domain';
import { multiplePaymentResultSchema, pendingPledgesSchema } from '@pledge-desk/domain';
import { render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import type { User as SessionUser } from '@/lib/session-types';
import { adminUser, jsonResponse, mainBranch, seedSession } from '@/test/helpers';
import { MultiplePledgePaymentPage } from '../pages/multiple-pledge-payment-page';
import { MultiplePledgeSinglePaymentPage } from '../pages/multiple-pledge-single-payment-page';

export type User = ReturnType<typeof userEvent.setup>;

export const customer: CustomerView = {
  id: 5,
  acc_code: 'C000123',
  customer_name: 'Lakshmi Narayanan',
  guardian_name: 'Narayanan',
  mobile_number: '9876543210',
  alt_mobile_number: null,
  door_no: '12',
  street: 'North Car Street',
  location: 'Town Hall',
  district: 'Madurai',
  pincode: '625001',
  id_proof: null,
  status: true,
  needs_completion: false,
  created_at: '2026-01-10T05:00:00Z',
  name: 'Lakshmi Narayanan',
  phone: '9876543210',
  address: '12, North Car Street, Town Hall',
  city: 'Madurai',
  kyc_gaps: [],
  photo: null,
};

const base = {
  due_date: '2027-01-10',
  scheme_name: 'Gold Regular',
  monthly_interest_rate: 1.5,
  days_elapsed: 45,
  paid_principal: 0,
  paid_interest: 0,
  last_payment_date: null,
};

/** Three payable pledges: 10,300 (300 interest), 20,600 (600 interest), 4,000 (no interest, part paid). */
export const pledgeA: PendingPledge = {
  ...base,
  pledge_id: 11,
  pledge_no: 'GL-0001',
  pledge_amount: 10000,
  pledge_date: '2026-10-08',
  remaining_interest: 300,
  remaining_principal: 10000,
  total_outstanding: 10300,
};
export const pledgeB: PendingPledge = {
  ...base,
  pledge_id: 12,
  pledge_no: 'GL-0002',
  pledge_amount: 20000,
  pledge_date: '2026-10-09',
  remaining_interest: 600,
  remaining_principal: 20000,
  total_outstanding: 20600,
};
export const pledgeC: PendingPledge = {
  ...base,
  pledge_id: 13,
  pledge_no: 'GL-0003',
  pledge_amount: 5000,
  pledge_date: '2026-09-01',
  days_elapsed: 82,
  remaining_interest: 0,
  remaining_principal: 4000,
  total_outstanding: 4000,
  paid_principal: 1000,
  paid_interest: 75,
  last_payment_date: '2026-11-01',
};

export const pending: PendingPledges = pendingPledgesSchema.parse({
  customer_id: 5,
  as_of: '2026-11-22',
  total_pledges: 3,
  total_outstanding: 34900,
  pledges: [pledgeA, pledgeB, pledgeC],
});

export function resultOf(body: {
  payment_date: string;
  payment_method: string;
  total_payment_amount: number;
  total_discount_amount?: number;
  total_penalty_amount?: number;
  pledge_payments: {
    pledge_id: number;
    payment_amount: number;
    interest_amount: number;
    principal_amount: number;
  }[];
}): MultiplePaymentResult {
  const pledges = [pledgeA, pledgeB, pledgeC];
  const discount = body.total_discount_amount ?? 0;
  const penalty = body.total_penalty_amount ?? 0;
  return multiplePaymentResultSchema.parse({
    receipt_no: 'R/2026-27/000042',
    receipt_id: 42,
    payment_id: 42,
    master_voucher_no: 'RV/2026-27/000017',
    payment_date: body.payment_date,
    total_amount_paid: body.total_payment_amount,
    net_amount: body.total_payment_amount - discount + penalty,
    total_discount: discount,
    total_penalty: penalty,
    payment_method: body.payment_method,
    pledge_results: body.pledge_payments.map((part, i) => {
      const p = pledges.find((x) => x.pledge_id === part.pledge_id)!;
      const left = p.total_outstanding - part.payment_amount;
      return {
        pledge_id: p.pledge_id,
        pledge_no: p.pledge_no,
        payment_id: 100 + i,
        payment_type:
          left <= 0 ? 'full_payment' : part.principal_amount > 0 ? 'partial_principal' : 'interest',
        payment_amount: part.payment_amount,
        interest_paid: part.interest_amount,
        principal_paid: part.principal_amount,
        discount_amount: 0,
        penalty_amount: 0,
        remaining_balance: left,
        payment_status: left <= 0 ? 'completed' : 'partial',
      };
    }),
    accounting_entries: [`Dr Cash in Hand Rs. ${body.total_payment_amount}`, 'Cr Pledge Loans'],
    message: 'Payment processed successfully',
  });
}

export function handlers(overrides: Record<string, Parameters<typeof jsonResponse>[0]> = {}) {
  return {
    'GET /api/customers/search': () =>
      jsonResponse([{ id: 5, name: 'Lakshmi Narayanan', phone: '9876543210' }]),
    'GET /api/customers/5': () => jsonResponse(customer),
    'GET /api/customers/5/pending-pledges': () => jsonResponse(overrides.pending ?? pending),
  };
}

export function renderPage(
  screen: 'multiple-pledge-single-payment' | 'multiple-pledge-payment',
  sessionUser: SessionUser = adminUser,
) {
  seedSession({ user: sessionUser, company: mainBranch });
  const router = createMemoryRouter(
    [
      { path: '/pledge/multiple-payment', element: <MultiplePledgeSinglePaymentPage /> },
      { path: '/pledge/multiple-payment-new', element: <MultiplePledgePaymentPage /> },
      { path: '/pledge/receipt/:receiptId', element: <p>Receipt screen</p> },
    ],
    {
      initialEntries: [
        screen === 'multiple-pledge-single-payment'
          ? '/pledge/multiple-payment'
          : '/pledge/multiple-payment-new',
      ],
    },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Picks Lakshmi through the search dropdown and waits for her pledges. */
export async function pickCustomer(user: User) {
  await user.type(screen.getByRole('combobox', { name: 'Search Customer' }), 'Lak');
  await user.click(await screen.findByRole('option', { name: /Lakshmi Narayanan/ }));
  await screen.findByText('GL-0001');
}

/** The JSON body of the one POST the screen sent. */
export function sentBody(fetchMock: { mock: { calls: unknown[][] } }) {
  const posts = fetchMock.mock.calls.filter(
    ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
  );
  return posts.map(([url, init]) => ({
    url: String(url),
    body: JSON.parse(String((init as RequestInit).body)),
    key: ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'],
  }));
}
