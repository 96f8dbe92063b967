import {
  daysOverdue,
  lastOverdueDueDate,
  type Notice,
  type NoticeCandidates,
  type NoticeList,
  noticeStatus,
  paiseToRupees,
} from '@pledge-desk/domain';
import type { DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { isoInstant } from '../../lib/http-schemas.ts';
import { gramsFromNumeric, rupeesFromNumeric } from '../../lib/numeric.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { storedPaymentsOf } from '../payments/pledge-balance.ts';
import {
  type ArticleRowDb,
  countNotices,
  countOpenDueBy,
  findArticles,
  findCandidates,
  findNoticeSettings,
  findNotices,
  type NoticeFilter,
  type NoticeRowDb,
} from './notices.repository.ts';
import { address, balanceOfColumns } from './notices-shared.ts';

// The reads of notices before sale (docs/domain-rules.md §8.5; the law: §10.4): the overdue pledges a
// batch may name, with their balances and latest notice, and the notices as the screens and the
// printed letter show them.

// ------------------------------------------------------------------ candidates

export async function noticeCandidates(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  page: { skip: number; limit: number },
): Promise<NoticeCandidates> {
  const settings = await findNoticeSettings(db, companyId);
  const lastDue = lastOverdueDueDate(asOf, settings.overdue_grace_days);
  const [rows, total] = await Promise.all([
    findCandidates(db, companyId, lastDue, page),
    countOpenDueBy(db, companyId, lastDue),
  ]);
  const stored = await loadStoredPayments(
    db,
    companyId,
    rows.map((r) => Number(r.id)),
  );
  return {
    as_of: asOf,
    grace_days: settings.overdue_grace_days,
    notice_wait_days: settings.notice_wait_days,
    total_count: total,
    rows: rows.map((r) => {
      const b = balanceOfColumns(r, storedPaymentsOf(stored, Number(r.id)), asOf);
      return {
        pledge_id: Number(r.id),
        pledge_no: r.pledge_no,
        pledge_date: r.pledge_date,
        due_date: r.due_date,
        days_overdue: daysOverdue(r.due_date, asOf),
        customer_id: Number(r.customer_id),
        customer_name: r.customer_name,
        address: address(r),
        mobile_number: r.mobile_number,
        loan_amount: rupeesFromNumeric(r.total_loan_amount),
        remaining_principal: paiseToRupees(b.remainingPrincipalPaise),
        remaining_interest: paiseToRupees(b.remainingInterestPaise),
        outstanding: paiseToRupees(b.totalOutstandingPaise),
        at_bank: Boolean(r.is_move_to_bank),
        latest_notice:
          r.notice_id === null || r.notice_id === undefined
            ? null
            : {
                notice_id: Number(r.notice_id),
                notice_no: r.notice_no!,
                notice_date: r.notice_date!,
                sale_after: r.sale_after!,
                sent_on: r.sent_on,
                status: noticeStatus({ sentOn: r.sent_on, deliveredOn: r.delivered_on }),
              },
      };
    }),
  };
}

// ------------------------------------------------------------------ notice views

function toNotice(r: NoticeRowDb, articles: readonly ArticleRowDb[]): Notice {
  return {
    id: Number(r.id),
    notice_no: r.notice_no,
    batch_id: Number(r.batch_id),
    notice_date: r.notice_date,
    pledge_id: Number(r.pledge_id),
    pledge_no: r.pledge_no,
    pledge_date: r.pledge_date,
    due_date: r.due_date,
    loan_amount: rupeesFromNumeric(r.total_loan_amount),
    customer_id: Number(r.customer_id),
    customer_name: r.customer_name,
    guardian_name: r.guardian_name,
    address: address(r),
    mobile_number: r.mobile_number,
    principal_due: rupeesFromNumeric(r.principal_due),
    interest_due: rupeesFromNumeric(r.interest_due),
    amount_due: rupeesFromNumeric(r.amount_due),
    sale_after: r.sale_after,
    sent_on: r.sent_on,
    tracking_no: r.tracking_no,
    delivered_on: r.delivered_on,
    status: noticeStatus({ sentOn: r.sent_on, deliveredOn: r.delivered_on }),
    prints: Number(r.prints),
    superseded_at: r.superseded_at ?? null,
    superseded_by_no: r.superseded_by_no ?? null,
    // Weights are grams to the milligram (numeric(10,3)), never money: 43.081 g is a weight.
    gross_weight: gramsFromNumeric(r.gross_weight),
    net_weight: gramsFromNumeric(r.net_weight),
    item_count: Number(r.item_count),
    articles: articles.map((a) => ({
      item_id: Number(a.id),
      design_name: a.design_name,
      condition: a.jewell_condition,
      gross_weight: gramsFromNumeric(a.gross_weight),
      net_weight: gramsFromNumeric(a.net_weight),
    })),
    created_at: isoInstant(r.created_at),
  };
}

/** The notices the filter finds, each with its pledge's articles. */
export async function noticeViews(
  db: DbOrTx,
  companyId: number,
  filter: NoticeFilter,
  page: { skip: number; limit: number },
): Promise<Notice[]> {
  const rows = await findNotices(db, companyId, filter, page);
  const articles = await findArticles(
    db,
    companyId,
    rows.map((r) => Number(r.pledge_id)),
  );
  const byPledge = new Map<number, ArticleRowDb[]>();
  for (const a of articles) {
    const list = byPledge.get(Number(a.pledge_id)) ?? [];
    list.push(a);
    byPledge.set(Number(a.pledge_id), list);
  }
  return rows.map((r) => toNotice(r, byPledge.get(Number(r.pledge_id)) ?? []));
}

export async function listNotices(
  db: DbOrTx,
  companyId: number,
  filter: NoticeFilter,
  page: { skip: number; limit: number },
): Promise<NoticeList> {
  const [rows, total] = await Promise.all([
    noticeViews(db, companyId, filter, page),
    countNotices(db, companyId, filter),
  ]);
  return { total_count: total, rows };
}

export async function readNotice(db: DbOrTx, companyId: number, id: number): Promise<Notice> {
  const [notice] = await noticeViews(db, companyId, { noticeId: id }, { skip: 0, limit: 1 });
  if (!notice) throw AppError.notFound('Notice');
  return notice;
}
