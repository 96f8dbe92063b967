import type { AuctionLotDetail, PledgeBalanceView } from '@pledge-desk/domain';
import { adminUser, mainBranch, renderApp, seedSession } from '@/test/helpers';

/** Signs in at the main branch and opens the given auction screen. */
export function open(path: string) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = `#${path}`;
  renderApp();
}

/** Lot AL/2026-27/0001 with pledge GL41 (a 25 g kasu mala owing 1,15,000) for sale. */
export const lot: AuctionLotDetail = {
  id: 7,
  lot_no: 'AL/2026-27/0001',
  auction_date: '2026-11-20',
  venue: 'Shop',
  auctioneer: 'K. Raman',
  remarks: null,
  status: 'open',
  pledges: 1,
  sold: 0,
  withdrawn: 0,
  created_at: '2026-11-20T04:00:00.000Z',
  entries: [
    {
      lot_pledge_id: 1,
      pledge_id: 41,
      pledge_no: 'GL41',
      pledge_date: '2026-01-01',
      due_date: '2027-01-01',
      customer_id: 5,
      customer_name: 'Meenakshi Sundaram',
      guardian_name: 'Sundaram K',
      address: '4, East Masi Street, Madurai',
      mobile: '9840098765',
      jewel_type: 'Gold 22K',
      notice_id: 3,
      notice_no: 'N/2026-27/0001',
      notice_sent_on: '2026-10-01',
      sale_after: '2026-10-31',
      articles: [{ item_id: 9, description: 'Kasu Mala', condition: null, gross_weight: 26, net_weight: 25 }],
      item_count: 1,
      gross_weight: 26,
      net_weight: 25,
      outstanding_as_of: '2026-11-20',
      principal: 100000,
      interest: 15000,
      outstanding: 115000,
      state: 'in_lot',
      withdrawn_at: null,
      withdrawn_reason: null,
      sale: null,
    },
  ],
  totals: { items: 1, gross_weight: 26, net_weight: 25, outstanding: 115000 },
};

/** What pledge GL41 owes on the auction day. */
export const balance: PledgeBalanceView = {
  pledge_id: 41,
  pledge_no: 'GL41',
  as_of: '2026-11-20',
  days_elapsed: 323,
  months_elapsed: 11,
  interest_due: 16500,
  interest_paid: 1500,
  remaining_interest: 15000,
  remaining_principal: 100000,
  total_outstanding: 115000,
  paid_principal: 0,
  paid_interest: 0,
  last_payment_date: null,
  is_payable: true,
  closed_date: null,
};
