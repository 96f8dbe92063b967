import type {
  KycRegister,
  KycRegisterRow,
  PledgeBook,
  PledgeBookRow,
  VaultRegister,
} from '@pledge-desk/domain';
import { adminUser, mainBranch, renderApp, seedSession } from '@/test/helpers';

/** One pledge book entry: a 1,25,000 loan on a 22K chain of 10 g. */
export const entry = (serial: number, over: Partial<PledgeBookRow> = {}): PledgeBookRow => ({
  serial,
  page: Math.ceil(serial / 10),
  pledge_id: 100 + serial,
  pledge_no: `GL${serial}`,
  pledge_date: '2026-11-02',
  customer_id: 5,
  customer_code: 'C000005',
  customer_name: 'Meenakshi Sundaram',
  customer_name_ta: null,
  guardian_name: 'Sundaram K',
  address: '7A, Usman Road, T. Nagar, Chennai, 600017',
  amount_lent: 125000,
  interest_rate: 1.5,
  first_month_interest: 1875,
  duration_months: 12,
  due_date: '2027-11-02',
  item_count: 1,
  gross_weight: 10.5,
  net_weight: 10,
  value: 170000,
  articles: [
    {
      item_id: 900 + serial,
      jewel_type: 'Gold 22K',
      description: 'Chain',
      condition: null,
      count: 1,
      gross_weight: 10.5,
      net_weight: 10,
      value: 170000,
    },
  ],
  payments: [],
  closed_date: null,
  closed_by: null,
  released_on: null,
  auction_date: null,
  redeemer: null,
  status: 'active',
  ...over,
});

export const book = (rows: PledgeBookRow[], total = rows.length, page = 1): PledgeBook => ({
  from: '2026-11-01',
  to: '2026-11-23',
  page,
  page_size: 50,
  entries_per_page: 10,
  rows,
  totals: {
    pledges: total,
    amount_lent: 125000 * total,
    gross_weight: 10.5,
    net_weight: 10,
    value: 170000,
    paid: 0,
  },
});

/** The vault on 23/11/2026: one dented 22K bangle of pledge GL7. */
export const vault: VaultRegister = {
  as_of: '2026-11-23',
  page: 1,
  page_size: 50,
  rows: [
    {
      pledge_id: 7,
      pledge_no: 'GL7',
      packet_no: 'GL7',
      pledge_date: '2026-10-01',
      customer_name: 'Meenakshi Sundaram',
      item_id: 70,
      jewel_type: 'Gold 22K',
      description: 'Bangle',
      condition: 'Dented',
      count: 1,
      gross_weight: 24.25,
      net_weight: 23.5,
    },
  ],
  totals: {
    by_jewel_type: [{ jewel_type: 'Gold 22K', pledges: 1, items: 1, gross_weight: 24.25, net_weight: 23.5 }],
    overall: { pledges: 1, items: 1, gross_weight: 24.25, net_weight: 23.5 },
  },
};

/** An API answer with its X-Total-Count header. */
export const withTotal = (body: unknown, total: number) =>
  new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });

/** Signs in at the main branch and opens the given register path. */
export function open(path: string) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = `#${path}`;
  renderApp();
}

/** A customer of the incomplete-KYC register: no photograph and no PAN or Form 60, two open pledges. */
export const kycRow = (id: number, over: Partial<KycRegisterRow> = {}): KycRegisterRow => ({
  customer_id: id,
  customer_code: `C${String(id).padStart(6, '0')}`,
  customer_name: 'Meenakshi Sundaram',
  mobile_number: '9842012345',
  gaps: ['photo', 'pan_or_form60'],
  open_pledges: 2,
  open_loans: 125000.5,
  created_at: '2026-11-02T10:00:00Z',
  ...over,
});

/** One page of the register, with its counts by gap. */
export const kycRegister = (rows: KycRegisterRow[], total = rows.length, page = 1): KycRegister => ({
  page,
  page_size: 50,
  total_count: total,
  by_gap: { id_document: 3, photo: total, pan_or_form60: 1240, id_proof_review: 0 },
  rows,
});
