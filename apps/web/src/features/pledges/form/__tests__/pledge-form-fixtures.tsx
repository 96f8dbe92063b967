import type { CustomerKyc, CustomerView, PledgeSaved, PledgeView } from '@pledge-desk/domain';
import { render, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { adminUser, jsonResponse, mainBranch, seedSession } from '@/test/helpers';
import { CreatePledgePage } from '../pages/create-pledge-page';
import { EditPledgePage } from '../pages/edit-pledge-page';

export type User = ReturnType<typeof userEvent.setup>;
type SignedIn = typeof adminUser;

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

const schemeBase = {
  jewel_name: 'Gold',
  prefix: 'GL',
  short_name: 'GL',
  slippage_percent: 2,
  created_at: '2026-01-01T00:00:00Z',
};
/** 1.5 % a month, 75 % of the valuation, 12 months, gold (type 1). */
export const goldScheme = {
  ...schemeBase,
  id: 3,
  jewel_type_id: 1,
  jewell_type_id: 1,
  scheme_name: 'Gold Regular',
  duration_in_months: 12,
  duration: 12,
  interest_rate_per_month: 1.5,
  interest_rate_monthly: 1.5,
  loan_eligibility_percentage: 75,
  loan_allowed_percent: 75,
  status: true,
};
/** A silver scheme whose jewel type has no rate. */
export const silverScheme = {
  ...goldScheme,
  id: 6,
  jewel_type_id: 2,
  jewell_type_id: 2,
  jewel_name: 'Silver',
  scheme_name: 'Silver Basic',
  prefix: 'SL',
};
export const closedScheme = { ...goldScheme, id: 4, scheme_name: 'Old Gold Scheme', status: false };

export const ring = { id: 21, design_name: 'Ring', created_at: '2026-02-01T00:00:00Z' };
export const chain = { id: 22, design_name: 'Chain', created_at: '2026-02-01T00:00:00Z' };

/** The rates of gold, latest first; the one in force today is 6,000 a gram. */
export const goldRates = [
  { date: '2026-11-01', rate: 6000 },
  { date: '2026-10-01', rate: 5800 },
];

/**
 * GET /pledges/valuation-rate as the server answers it without a regime: the gold type's rate in force on
 * the pledge date (goldRates), and for silver (no rate) the server's 422 under scheme_id.
 */
export function valuationAnswer({ url }: { url: string }) {
  const query = new URL(url, 'http://x').searchParams;
  const date = query.get('pledge_date') ?? '2026-11-20';
  const inForce = goldRates.find((r) => r.date <= date);
  if (query.get('scheme_id') !== String(goldScheme.id) || !inForce) {
    return jsonResponse(
      {
        detail: [
          {
            loc: ['body', 'scheme_id'],
            msg: "No rate found for the selected scheme's jewell type.",
            type: 'value_error',
          },
        ],
      },
      422,
    );
  }
  return jsonResponse({
    scheme_id: goldScheme.id,
    jewel_type_id: 1,
    jewel_type_name: 'Gold 22K',
    pledge_date: date,
    rate_per_gram: inForce.rate,
    basis: 'rate_in_force',
    rate_date: inForce.date,
    previous_day_rate: null,
    average_rate: null,
    average_days: null,
  });
}

export function lookupHandlers() {
  return {
    'GET /api/schemes/': () => jsonResponse([goldScheme, silverScheme, closedScheme]),
    'GET /api/pledges/valuation-rate': valuationAnswer,
    'GET /api/customers/': () => jsonResponse([customer]),
    'GET /api/customers/5': () => jsonResponse(customer),
    'GET /api/jewell_designs/': ({ url }: { url: string }) => {
      const term = new URL(url, 'http://x').searchParams.get('search')?.toLowerCase() ?? '';
      return jsonResponse([ring, chain].filter((d) => d.design_name.toLowerCase().includes(term)));
    },
  };
}

export const pledgeItems: PledgeView['items'] = [
  {
    pledge_item_id: 101,
    pledge_id: 40,
    jewell_design_id: 21,
    design_name: 'Ring',
    jewell_condition: 'Good',
    gross_weight: 10.5,
    net_weight: 10.5,
    net_value: 63000,
    remarks: null,
    image: null,
    created_at: '2026-11-20T05:00:00Z',
  },
  {
    pledge_item_id: 102,
    pledge_id: 40,
    jewell_design_id: 22,
    design_name: 'Chain',
    jewell_condition: null,
    gross_weight: 8.5,
    net_weight: 8.25,
    net_value: 49500,
    remarks: 'Clasp loose',
    image: null,
    created_at: '2026-11-20T05:00:00Z',
  },
];

export const storedPledge: PledgeView = {
  pledge_id: 40,
  id: 40,
  pledge_no: 'GL7',
  customer_id: 5,
  customer_name: 'Lakshmi Narayanan',
  customer_acc_code: 'C000123',
  customer_mobile: '9876543210',
  scheme_id: 3,
  scheme_name: 'Gold Regular',
  pledge_date: '2026-11-20',
  due_date: '2027-11-20',
  closed_date: null,
  document_charges: 100,
  first_month_interest: 720,
  total_loan_amount: 48000,
  final_amount: 47180,
  total_valuation: 112500,
  eligible_loan: 84375,
  status: 'active',
  is_move_to_bank: false,
  remarks: null,
  item_count: 2,
  gross_weight: 19,
  net_weight: 18.75,
  rate_per_gram: 6000,
  interest_rate: 1.5,
  loan_allowed_percent: 75,
  slippage_percent: 2,
  duration: 12,
  principal_amount: 48000,
  start_date: '2026-11-20',
  voucher_number: 'PMT/2026-27/0001',
  ticket_prints: 0,
  created_at: '2026-11-20T05:00:00Z',
  updated_at: '2026-11-20T05:00:00Z',
  items: pledgeItems,
};

export function savedOf(pledge: PledgeView, warnings: PledgeSaved['warnings'] = []): PledgeSaved {
  return { ...pledge, warnings };
}

export function renderAt(path: string, user: SignedIn = adminUser) {
  seedSession({ user, company: mainBranch });
  const router = createMemoryRouter(
    [
      { path: '/pledge/create', element: <CreatePledgePage /> },
      { path: '/pledge/edit/:pledgeId', element: <EditPledgePage /> },
      { path: '/pledge/edit', element: <EditPledgePage /> },
      { path: '/pledges', element: <p>Pledge list screen</p> },
      { path: '/pledge/print/:id', element: <p>Print screen</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Types the customer code and leaves the field, as a clerk does. */
export async function loadCustomer(user: User) {
  await user.type(screen.getByLabelText('Customer ID'), 'C000123');
  await user.tab();
  await screen.findByTestId('customer-card');
}

export async function chooseScheme(user: User, name = 'Gold Regular') {
  const select = screen.getByLabelText('Scheme');
  await within(select).findByRole('option', { name: new RegExp(name) });
  await user.selectOptions(select, within(select).getByRole('option', { name: new RegExp(name) }));
}

export async function pickDesign(user: User, row: number, name: string) {
  await user.type(screen.getByRole('combobox', { name: `Design, row ${row}` }), name.slice(0, 3));
  await user.click(await screen.findByRole('option', { name }));
}

/** GET /customers/5/kyc: complete (an Aadhaar and a photo), PAN from ₹50,000, warn mode. */
export function kycAnswer(patch: Partial<CustomerKyc> = {}): CustomerKyc {
  return {
    customer_id: customer.id,
    documents: [
      {
        id: 1,
        kind: 'aadhaar',
        number: 'XXXX XXXX 1234',
        issued_on: null,
        expires_on: null,
        expired: false,
        front: null,
        back: null,
        created_at: '2026-01-10T05:00:00Z',
      },
    ],
    photo: '/api/files/photo-5.jpg?sig=abc',
    nominee: null,
    form60_declared_on: null,
    id_proof_needs_review: false,
    pan_rule: { applies: true, threshold: 50000 },
    open_loans: 0,
    pan_needed: false,
    gaps: [],
    status: 'complete',
    incomplete_mode: 'warn',
    ...patch,
  };
}
