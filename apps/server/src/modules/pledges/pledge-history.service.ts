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
import type { DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import {
  findHistoryPledge,
  type HistoryRow,
  readHistoryLots,
  readHistoryNotices,
  readHistoryPayments,
  readHistoryReleases,
  readHistoryRenewals,
  readHistoryRepledges,
  readHistorySales,
} from './pledge-history.repository.ts';

// A pledge's history (GET /pledges/{id}/history), computed on read from the tables that record each
// step (pledge-history.repository.ts): the pledge, its payments and their reversals, its renewal either
// way, its re-pledges with a bank, its notices, its auction lots and sale, and its release. Each step
// becomes one or two events with a sentence, and the events are put in the order they happened.

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

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A boolean column as either driver answers it. */
const yes = (v: unknown) => v === true || v === 't';

/** An event, not reversed unless it says so. */
const event = (e: Omit<PledgeEvent, 'reversed'> & { reversed?: boolean }): PledgeEvent => ({
  reversed: false,
  ...e,
});

/** The business day of an instant, for the steps that record only a time. */
type DayOf = (iso: string) => string;

function createdEvent(p: HistoryRow): PledgeEvent {
  return event({
    kind: 'created',
    date: String(p.pledge_date),
    at: str(p.at),
    text: `Pledge ${p.pledge_no} made: loan of ${money(String(p.loan))}`,
    amount: rupeesFromNumeric(String(p.loan)),
    reference: str(p.voucher_number),
    user: str(p.username),
  });
}

/** Each payment, marked when reversed, and its reversal as an event of its own day. */
function paymentEvents(payments: readonly HistoryRow[], dayOf: DayOf): PledgeEvent[] {
  return payments.flatMap((r) => {
    const what =
      r.payment_method === 'renewal'
        ? 'Settled by its renewal'
        : r.payment_type === 'interest'
          ? 'Interest paid'
          : r.payment_type === 'full_payment'
            ? 'Paid in full'
            : 'Part of the principal paid';
    const reversed = yes(r.reversed);
    const events = [
      event({
        kind: 'paid',
        date: String(r.payment_date),
        at: str(r.at),
        text: `${what}: ${money(String(r.amount))}, receipt ${r.receipt_no}${
          yes(r.closed_pledge) ? '; the pledge closed' : ''
        }${reversed ? ' (reversed)' : ''}`,
        amount: rupeesFromNumeric(String(r.amount)),
        reference: str(r.receipt_no),
        user: str(r.username),
        reversed,
      }),
    ];
    if (reversed && r.reversed_at) {
      events.push(
        event({
          kind: 'payment_reversed',
          date: str(r.reversal_date) ?? dayOf(String(r.reversed_at)),
          at: str(r.reversed_at),
          text: `Receipt ${r.receipt_no} of ${money(String(r.amount))} reversed${r.reversal_reason ? `: ${r.reversal_reason}` : ''}`,
          amount: rupeesFromNumeric(String(r.amount)),
          reference: str(r.receipt_no),
          user: str(r.reversed_by),
        }),
      );
    }
    return events;
  });
}

/** A renewal seen from the old pledge (renewed into) or from the new one (renewed from). */
function renewalEvents(renewals: readonly HistoryRow[], pledgeId: number): PledgeEvent[] {
  return renewals.map((r) => {
    const isOld = Number(r.old_pledge_id) === pledgeId;
    return event({
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
  });
}

/** Each re-pledge with a bank, and the articles' return from it. */
function bankEvents(repledges: readonly HistoryRow[]): PledgeEvent[] {
  return repledges.flatMap((r) => {
    const events = [
      event({
        kind: 'moved_to_bank',
        date: String(r.pledged_on),
        at: str(r.at),
        text: `Articles re-pledged with ${r.bank_name}: ${money(String(r.borrowed))} borrowed (ref. ${r.bank_reference})`,
        amount: rupeesFromNumeric(String(r.borrowed)),
        reference: str(r.bank_reference),
        user: str(r.username),
      }),
    ];
    if (r.returned_on) {
      events.push(
        event({
          kind: 'returned_from_bank',
          date: String(r.returned_on),
          at: str(r.returned_at),
          text: `Articles back from ${r.bank_name}: bank interest ${money(String(r.bank_interest ?? '0'))}`,
          amount: rupeesFromNumeric(String(r.bank_interest ?? '0')),
          reference: str(r.return_reference) ?? str(r.bank_reference),
          user: str(r.returned_by),
        }),
      );
    }
    return events;
  });
}

/** Each notice before sale: made, sent by registered post, delivered. */
function noticeEvents(notices: readonly HistoryRow[]): PledgeEvent[] {
  return notices.flatMap((r) => {
    const events = [
      event({
        kind: 'notice_created',
        date: String(r.notice_date),
        at: str(r.at),
        text: `Notice ${r.notice_no} made: ${money(String(r.amount_due))} due, sale after ${formatIndianDate(String(r.sale_after))}`,
        amount: rupeesFromNumeric(String(r.amount_due)),
        reference: str(r.notice_no),
        user: str(r.username),
      }),
    ];
    if (r.sent_on) {
      events.push(
        event({
          kind: 'notice_sent',
          date: String(r.sent_on),
          at: str(r.sent_at),
          text: `Notice ${r.notice_no} sent by registered post${r.tracking_no ? ` (tracking no. ${r.tracking_no})` : ''}`,
          amount: null,
          reference: str(r.tracking_no) ?? str(r.notice_no),
          user: null,
        }),
      );
    }
    if (r.delivered_on) {
      events.push(
        event({
          kind: 'notice_delivered',
          date: String(r.delivered_on),
          at: str(r.delivered_at),
          text: `Notice ${r.notice_no} delivered`,
          amount: null,
          reference: str(r.notice_no),
          user: null,
        }),
      );
    }
    return events;
  });
}

/** Each auction lot the pledge was put in, and its withdrawal from it. */
function lotEvents(lots: readonly HistoryRow[], dayOf: DayOf): PledgeEvent[] {
  return lots.flatMap((r) => {
    const events = [
      event({
        kind: 'put_in_lot',
        date: dayOf(String(r.at)),
        at: str(r.at),
        text: `Put in auction lot ${r.lot_no} (auction on ${formatIndianDate(String(r.auction_date))})`,
        amount: null,
        reference: str(r.lot_no),
        user: str(r.username),
      }),
    ];
    if (r.withdrawn_at) {
      events.push(
        event({
          kind: 'withdrawn_from_lot',
          date: dayOf(String(r.withdrawn_at)),
          at: str(r.withdrawn_at),
          text: `Withdrawn from auction lot ${r.lot_no}${r.withdrawn_reason ? `: ${r.withdrawn_reason}` : ''}`,
          amount: null,
          reference: str(r.lot_no),
          user: null,
        }),
      );
    }
    return events;
  });
}

/** The sale at auction, with its surplus or shortfall. */
function saleEvents(sales: readonly HistoryRow[]): PledgeEvent[] {
  return sales.map((r) => {
    const surplus = rupeesToPaise(String(r.surplus));
    const shortfall = rupeesToPaise(String(r.shortfall));
    return event({
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
  });
}

/** The release of the articles, naming who received them. */
function releaseEvents(releases: readonly HistoryRow[]): PledgeEvent[] {
  return releases.map((r) => {
    const kind = String(r.receiver_kind);
    return event({
      kind: 'released',
      date: String(r.released_on),
      at: str(r.at),
      text: `Articles released to ${r.receiver_name}${kind === 'pawner' ? ' (the pawner)' : ` (${RECEIVERS[kind] ?? kind})`}`,
      amount: null,
      reference: str(r.proof_reference),
      user: str(r.username),
    });
  });
}

/** The events in the order they happened (RANK), the order read breaking the last tie. */
function inTimeOrder(events: readonly PledgeEvent[]): PledgeEvent[] {
  const read = new Map(events.map((e, i) => [e, i]));
  return [...events].sort((a, b) => {
    if (a.date !== b.date) return a.date < b.date ? -1 : 1;
    if (a.at !== b.at) {
      // Every event carries its time; one without (a row older than its time column) goes last.
      if (a.at === null) return 1;
      if (b.at === null) return -1;
      return a.at < b.at ? -1 : 1;
    }
    return RANK[a.kind] - RANK[b.kind] || read.get(a)! - read.get(b)!;
  });
}

/** Every event of a pledge of the company in time order, with its end state; 404 for another company's. */
export async function readPledgeHistory(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
  timeZone: string,
): Promise<PledgeHistory> {
  const p = await findHistoryPledge(db, companyId, pledgeId);
  if (!p) throw AppError.notFound('Pledge');
  const dayOf: DayOf = (iso) => businessToday(timeZone, new Date(iso));
  const payments = await readHistoryPayments(db, companyId, pledgeId);
  const renewals = await readHistoryRenewals(db, companyId, pledgeId);
  const repledges = await readHistoryRepledges(db, companyId, pledgeId);
  const notices = await readHistoryNotices(db, companyId, pledgeId);
  const lots = await readHistoryLots(db, companyId, pledgeId);
  const sales = await readHistorySales(db, companyId, pledgeId);
  const releases = await readHistoryReleases(db, companyId, pledgeId);
  const events = inTimeOrder([
    createdEvent(p),
    ...paymentEvents(payments, dayOf),
    ...renewalEvents(renewals, pledgeId),
    ...bankEvents(repledges),
    ...noticeEvents(notices),
    ...lotEvents(lots, dayOf),
    ...saleEvents(sales),
    ...releaseEvents(releases),
  ]);
  const state = {
    closedDate: str(p.closed_date),
    closedBy: str(p.closed_by),
    releasedOn: str(p.released_on),
    isMoveToBank: yes(p.is_move_to_bank),
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
