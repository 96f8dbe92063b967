import {
  businessToday,
  formatIndianDate,
  formatRupees,
  type PledgeEvent,
  type PledgeEventKind,
  type PledgeHistory,
  releaseRefusal,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import { rowsOf } from '../accounts/accounts.repository.ts';
import { isoText } from './releases.repository.ts';

// A pledge's history (GET /pledges/{id}/history), computed on read from the tables
// that record each step (no events table): the pledge, its payments and their reversals, its renewal
// either way, its re-pledges with a bank, its notices, its auction lots and sale, and its release.
// Each read goes through the table's (company, pledge) index.

/**
 * Events are ordered by their date, then the time they were recorded, then this rank (events written
 * in one transaction share a time: a renewal's payment and the renewal), then the order they were read.
 */
const RANK: Record<PledgeEventKind, number> = {
  created: 0,
  renewed_from: 1,
  paid: 2,
  payment_reversed: 3,
  moved_to_bank: 4,
  returned_from_bank: 5,
  notice_created: 6,
  notice_sent: 7,
  notice_delivered: 8,
  put_in_lot: 9,
  withdrawn_from_lot: 10,
  sold: 11,
  renewed: 12,
  released: 13,
};

// One currency style in every line, the default 'Rs. ' of the other screens (docs/domain-rules.md §1.4).
const money = (numeric: string) => formatRupees(rupeesToPaise(numeric));
const RECEIVERS: Record<string, string> = {
  pawner: 'the pawner',
  agent: 'an agent',
  legal_heir: 'a legal heir',
  transferee: 'a transferee',
  lost_ticket: 'on a lost-ticket declaration',
};

type Row = Record<string, string | number | boolean | null>;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function readPledgeHistory(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
  timeZone: string,
): Promise<PledgeHistory> {
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await db.execute(query));
  const [p] = await q(sql`
    select p.id, p.pledge_no, p.pledge_date::text as pledge_date, ${isoText(sql`p.created_at`)} as at,
           p.closed_date::text as closed_date, p.closed_by, p.released_on::text as released_on,
           p.is_move_to_bank, p.total_loan_amount::text as loan, v.voucher_number, u.username
      from pledges p
      left join vouchers v on v.company_id = p.company_id and v.id = p.voucher_id
      left join users u on u.id = p.created_by
     where p.company_id = ${companyId} and p.id = ${pledgeId}`);
  if (!p) throw AppError.notFound('Pledge');
  const events: PledgeEvent[] = [];
  const add = (e: Omit<PledgeEvent, 'reversed'> & { reversed?: boolean }) =>
    events.push({ reversed: false, ...e });
  const dayOf = (iso: string) => businessToday(timeZone, new Date(iso));

  add({
    kind: 'created',
    date: String(p.pledge_date),
    at: str(p.at),
    text: `Pledge ${p.pledge_no} made: loan of ${money(String(p.loan))}`,
    amount: rupeesFromNumeric(String(p.loan)),
    reference: str(p.voucher_number),
    user: str(p.username),
  });

  const payments = await q(sql`
    select pp.id, pp.payment_date::text as payment_date, ${isoText(sql`pp.created_at`)} as at,
           pp.payment_type, pp.payment_method, pp.amount::text as amount, pp.closed_pledge,
           r.receipt_no, u.username, r.reversed_at is not null as reversed,
           ${isoText(sql`r.reversed_at`)} as reversed_at, r.reversal_reason, rv.entry_date::text as reversal_date,
           ru.username as reversed_by
      from pledge_payments pp
      join payment_receipts r on r.company_id = pp.company_id and r.id = pp.receipt_id
      left join vouchers rv on rv.company_id = r.company_id and rv.id = r.reversal_voucher_id
      left join users u on u.id = pp.created_by
      left join users ru on ru.id = r.reversed_by
     where pp.company_id = ${companyId} and pp.pledge_id = ${pledgeId}
     order by pp.payment_date, pp.id`);
  for (const r of payments) {
    const what =
      r.payment_method === 'renewal'
        ? 'Settled by its renewal'
        : r.payment_type === 'interest'
          ? 'Interest paid'
          : r.payment_type === 'full_payment'
            ? 'Paid in full'
            : 'Part of the principal paid';
    const reversed = r.reversed === true || r.reversed === 't';
    add({
      kind: 'paid',
      date: String(r.payment_date),
      at: str(r.at),
      text: `${what}: ${money(String(r.amount))}, receipt ${r.receipt_no}${
        r.closed_pledge === true || r.closed_pledge === 't' ? '; the pledge closed' : ''
      }${reversed ? ' (reversed)' : ''}`,
      amount: rupeesFromNumeric(String(r.amount)),
      reference: str(r.receipt_no),
      user: str(r.username),
      reversed,
    });
    if (reversed && r.reversed_at) {
      add({
        kind: 'payment_reversed',
        date: str(r.reversal_date) ?? dayOf(String(r.reversed_at)),
        at: str(r.reversed_at),
        text: `Receipt ${r.receipt_no} of ${money(String(r.amount))} reversed${r.reversal_reason ? `: ${r.reversal_reason}` : ''}`,
        amount: rupeesFromNumeric(String(r.amount)),
        reference: str(r.receipt_no),
        user: str(r.reversed_by),
      });
    }
  }

  const renewals = await q(sql`
    select rn.old_pledge_id, rn.new_pledge_id, rn.renewal_date::text as renewal_date,
           ${isoText(sql`rn.created_at`)} as at, rn.old_outstanding::text as old_outstanding,
           rn.new_loan::text as new_loan, o.pledge_no as old_no, n.pledge_no as new_no, u.username
      from pledge_renewals rn
      join pledges o on o.company_id = rn.company_id and o.id = rn.old_pledge_id
      join pledges n on n.company_id = rn.company_id and n.id = rn.new_pledge_id
      left join users u on u.id = rn.created_by
     where rn.company_id = ${companyId} and (rn.old_pledge_id = ${pledgeId} or rn.new_pledge_id = ${pledgeId})`);
  for (const r of renewals) {
    const isOld = Number(r.old_pledge_id) === pledgeId;
    add({
      kind: isOld ? 'renewed' : 'renewed_from',
      date: String(r.renewal_date),
      at: str(r.at),
      text: isOld
        ? `Renewed into pledge ${r.new_no}: ${money(String(r.old_outstanding))} settled from the new loan`
        : `Renewed from pledge ${r.old_no}: new loan of ${money(String(r.new_loan))}`,
      amount: rupeesFromNumeric(String(isOld ? r.old_outstanding : r.new_loan)),
      reference: str(isOld ? r.new_no : r.old_no),
      user: str(r.username),
    });
  }

  const bank = await q(sql`
    select b.pledged_on::text as pledged_on, ${isoText(sql`b.created_at`)} as at,
           ${isoText(sql`b.returned_at`)} as returned_at,
           b.amount_borrowed::text as borrowed, b.bank_reference, b.returned_on::text as returned_on,
           b.bank_interest::text as bank_interest, b.return_reference, k.bank_name,
           u.username, ru.username as returned_by
      from bank_repledges b
      join banks k on k.company_id = b.company_id and k.id = b.bank_id
      left join users u on u.id = b.created_by
      left join users ru on ru.id = b.returned_by
     where b.company_id = ${companyId} and b.pledge_id = ${pledgeId}
     order by b.id`);
  for (const r of bank) {
    add({
      kind: 'moved_to_bank',
      date: String(r.pledged_on),
      at: str(r.at),
      text: `Articles re-pledged with ${r.bank_name}: ${money(String(r.borrowed))} borrowed (ref. ${r.bank_reference})`,
      amount: rupeesFromNumeric(String(r.borrowed)),
      reference: str(r.bank_reference),
      user: str(r.username),
    });
    if (r.returned_on) {
      add({
        kind: 'returned_from_bank',
        date: String(r.returned_on),
        at: str(r.returned_at),
        text: `Articles back from ${r.bank_name}: bank interest ${money(String(r.bank_interest ?? '0'))}`,
        amount: rupeesFromNumeric(String(r.bank_interest ?? '0')),
        reference: str(r.return_reference) ?? str(r.bank_reference),
        user: str(r.returned_by),
      });
    }
  }

  const notices = await q(sql`
    select n.notice_no, n.notice_date::text as notice_date, ${isoText(sql`n.created_at`)} as at,
           n.amount_due::text as amount_due, n.sale_after::text as sale_after, n.sent_on::text as sent_on,
           n.tracking_no, n.delivered_on::text as delivered_on, u.username,
           ${isoText(sql`n.sent_recorded_at`)} as sent_at, ${isoText(sql`n.delivered_recorded_at`)} as delivered_at
      from pledge_notices n
      left join users u on u.id = n.created_by
     where n.company_id = ${companyId} and n.pledge_id = ${pledgeId}
     order by n.id`);
  for (const r of notices) {
    add({
      kind: 'notice_created',
      date: String(r.notice_date),
      at: str(r.at),
      text: `Notice ${r.notice_no} made: ${money(String(r.amount_due))} due, sale after ${formatIndianDate(String(r.sale_after))}`,
      amount: rupeesFromNumeric(String(r.amount_due)),
      reference: str(r.notice_no),
      user: str(r.username),
    });
    if (r.sent_on) {
      add({
        kind: 'notice_sent',
        date: String(r.sent_on),
        at: str(r.sent_at),
        text: `Notice ${r.notice_no} sent by registered post${r.tracking_no ? ` (tracking no. ${r.tracking_no})` : ''}`,
        amount: null,
        reference: str(r.tracking_no) ?? str(r.notice_no),
        user: null,
      });
    }
    if (r.delivered_on) {
      add({
        kind: 'notice_delivered',
        date: String(r.delivered_on),
        at: str(r.delivered_at),
        text: `Notice ${r.notice_no} delivered`,
        amount: null,
        reference: str(r.notice_no),
        user: null,
      });
    }
  }

  const lots = await q(sql`
    select l.lot_no, ${isoText(sql`lp.created_at`)} as at, ${isoText(sql`lp.withdrawn_at`)} as withdrawn_at,
           lp.withdrawn_reason, l.auction_date::text as auction_date, u.username
      from auction_lot_pledges lp
      join auction_lots l on l.company_id = lp.company_id and l.id = lp.lot_id
      left join users u on u.id = lp.created_by
     where lp.company_id = ${companyId} and lp.pledge_id = ${pledgeId}
     order by lp.id`);
  for (const r of lots) {
    add({
      kind: 'put_in_lot',
      date: dayOf(String(r.at)),
      at: str(r.at),
      text: `Put in auction lot ${r.lot_no} (auction on ${formatIndianDate(String(r.auction_date))})`,
      amount: null,
      reference: str(r.lot_no),
      user: str(r.username),
    });
    if (r.withdrawn_at) {
      add({
        kind: 'withdrawn_from_lot',
        date: dayOf(String(r.withdrawn_at)),
        at: str(r.withdrawn_at),
        text: `Withdrawn from auction lot ${r.lot_no}${r.withdrawn_reason ? `: ${r.withdrawn_reason}` : ''}`,
        amount: null,
        reference: str(r.lot_no),
        user: null,
      });
    }
  }

  const sales = await q(sql`
    select s.sale_date::text as sale_date, ${isoText(sql`s.created_at`)} as at, s.sale_price::text as price,
           s.buyer_name, s.surplus::text as surplus, s.shortfall::text as shortfall, l.lot_no, u.username
      from auction_sales s
      join auction_lots l on l.company_id = s.company_id and l.id = s.lot_id
      left join users u on u.id = s.created_by
     where s.company_id = ${companyId} and s.pledge_id = ${pledgeId}`);
  for (const r of sales) {
    const surplus = rupeesToPaise(String(r.surplus));
    const shortfall = rupeesToPaise(String(r.shortfall));
    add({
      kind: 'sold',
      date: String(r.sale_date),
      at: str(r.at),
      text: `Sold at auction (lot ${r.lot_no}) to ${r.buyer_name} for ${money(String(r.price))}${
        surplus > 0
          ? `; surplus ${money(String(r.surplus))} owed to the pawner`
          : shortfall > 0
            ? `; shortfall ${money(String(r.shortfall))}`
            : ''
      }`,
      amount: rupeesFromNumeric(String(r.price)),
      reference: str(r.lot_no),
      user: str(r.username),
    });
  }

  const releases = await q(sql`
    select r.released_on::text as released_on, ${isoText(sql`r.released_at`)} as at, r.receiver_kind,
           r.receiver_name, r.proof_reference, u.username
      from pledge_releases r
      left join users u on u.id = r.handed_over_by
     where r.company_id = ${companyId} and r.pledge_id = ${pledgeId}`);
  for (const r of releases) {
    const kind = String(r.receiver_kind);
    add({
      kind: 'released',
      date: String(r.released_on),
      at: str(r.at),
      text: `Articles released to ${r.receiver_name}${kind === 'pawner' ? ' (the pawner)' : ` (${RECEIVERS[kind] ?? kind})`}`,
      amount: null,
      reference: str(r.proof_reference),
      user: str(r.username),
    });
  }

  const read = new Map(events.map((e, i) => [e, i]));
  events.sort((a, b) => {
    if (a.date !== b.date) return a.date < b.date ? -1 : 1;
    if (a.at !== b.at) {
      // Every event carries its time; one without (a row older than its time column) goes last.
      if (a.at === null) return 1;
      if (b.at === null) return -1;
      return a.at < b.at ? -1 : 1;
    }
    return RANK[a.kind] - RANK[b.kind] || read.get(a)! - read.get(b)!;
  });
  const state = {
    closedDate: str(p.closed_date),
    closedBy: str(p.closed_by),
    releasedOn: str(p.released_on),
    isMoveToBank: p.is_move_to_bank === true || p.is_move_to_bank === 't',
  };
  return {
    pledge_id: pledgeId,
    pledge_no: String(p.pledge_no),
    closed_date: state.closedDate,
    closed_by: state.closedBy,
    released_on: state.releasedOn,
    is_move_to_bank: state.isMoveToBank,
    releasable: releaseRefusal(state) === null,
    has_release: releases.length > 0,
    events,
  };
}
