import {
  financialYear,
  formatReceiptNumber,
  multiplePaymentPostings,
  type PaymentParts,
  type PaymentType,
  type PledgeBalance,
  paiseToRupees,
  percentToBp,
  pledgeBalance,
  RENEWAL_METHOD,
  rupeesToPaise,
  type SystemAccountCode,
  type VoucherLine,
} from '@pledge-desk/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { paymentReceipts, pledgePayments, pledges } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { childRowsSnapshot, rowSnapshot, withChildren } from '../../plugins/audit.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';
import { numericFromPaise } from '../vouchers/vouchers.repository.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';

// The shared core of every payment (docs/domain-rules.md §3–§6): lock the pledges, read their
// payments, take the balance, and write one receipt with its rows, its number and its Receipt voucher.
// Single payments, multiple payments, renewals and auction sales all go through here;
// the callers check the rules (validatePayment / validateMultiplePayment) between the lock and the write.

export const PAYMENT_SERVER_MESSAGES = {
  receiptNoTaken: (receiptNo: string) => `Receipt number ${receiptNo} is already used.`,
  pledgeClosed: 'This pledge is closed and takes no further payment.',
  pledgeInactive: 'This pledge is inactive and takes no payment.',
  pledgeAtBank: 'This pledge is moved to bank and takes no payment until it is back.',
} as const;

/**
 * The pledges locked FOR UPDATE in id order (ARCHITECTURE §5: two multiple payments over overlapping
 * pledges then queue instead of deadlocking). Pledges of another company are simply absent.
 */
export async function lockPledgesForPayment(
  tx: Tx,
  companyId: number,
  pledgeIds: readonly number[],
): Promise<Map<number, PledgeRow>> {
  const ids = [...new Set(pledgeIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), inArray(pledges.id, ids)))
    .orderBy(asc(pledges.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** 409 unless the pledge takes payments: active, not moved to bank, not closed (docs/domain-rules.md §4.2). */
export function assertPayable(pledge: PledgeRow): void {
  if (pledge.closedDate !== null)
    throw AppError.conflict('PLEDGE_CLOSED', PAYMENT_SERVER_MESSAGES.pledgeClosed);
  if (pledge.status !== 'active')
    throw AppError.conflict('PLEDGE_INACTIVE', PAYMENT_SERVER_MESSAGES.pledgeInactive);
  if (pledge.isMoveToBank) throw AppError.conflict('PLEDGE_AT_BANK', PAYMENT_SERVER_MESSAGES.pledgeAtBank);
}

export function isPayable(pledge: Pick<PledgeRow, 'closedDate' | 'status' | 'isMoveToBank'>): boolean {
  return pledge.closedDate === null && pledge.status === 'active' && !pledge.isMoveToBank;
}

/** A pledge's payments that count (not reversed), in date and id order. */
export interface StoredPayments {
  parts: PaymentParts[];
  lastPaymentDate: string | null;
  paidPrincipalPaise: number;
  paidInterestPaise: number;
}

const NO_PAYMENTS: StoredPayments = {
  parts: [],
  lastPaymentDate: null,
  paidPrincipalPaise: 0,
  paidInterestPaise: 0,
};

/** The counted (not reversed) payments of each pledge, one query (pledge_payments_pledge_idx). */
export async function loadStoredPayments(
  db: DbOrTx,
  companyId: number,
  pledgeIds: readonly number[],
): Promise<Map<number, StoredPayments>> {
  const out = new Map<number, StoredPayments>();
  const ids = [...new Set(pledgeIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      pledgeId: pledgePayments.pledgeId,
      date: pledgePayments.paymentDate,
      interest: pledgePayments.interestAmount,
      principal: pledgePayments.principalAmount,
    })
    .from(pledgePayments)
    .where(
      and(
        eq(pledgePayments.companyId, companyId),
        inArray(pledgePayments.pledgeId, ids),
        isNull(pledgePayments.reversedAt),
      ),
    )
    .orderBy(asc(pledgePayments.pledgeId), asc(pledgePayments.paymentDate), asc(pledgePayments.id));
  for (const r of rows) {
    let s = out.get(r.pledgeId);
    if (!s) {
      s = { parts: [], lastPaymentDate: null, paidPrincipalPaise: 0, paidInterestPaise: 0 };
      out.set(r.pledgeId, s);
    }
    const interestPaise = rupeesToPaise(r.interest);
    const principalPaise = rupeesToPaise(r.principal);
    s.parts.push({ date: r.date, interestPaise, principalPaise });
    s.paidInterestPaise += interestPaise;
    s.paidPrincipalPaise += principalPaise;
    if (s.lastPaymentDate === null || r.date > s.lastPaymentDate) s.lastPaymentDate = r.date;
  }
  return out;
}

export function storedPaymentsOf(map: Map<number, StoredPayments>, pledgeId: number): StoredPayments {
  return map.get(pledgeId) ?? NO_PAYMENTS;
}

/** The domain balance (docs/domain-rules.md §3.3) of a stored pledge with its counted payments, as of a date. */
export function balanceOf(pledge: PledgeRow, stored: StoredPayments, asOf: string): PledgeBalance {
  return pledgeBalance(
    {
      loanPaise: rupeesToPaise(pledge.totalLoanAmount),
      rateBp: percentToBp(pledge.interestRate),
      pledgeDate: pledge.pledgeDate,
      firstMonthInterestPaise: rupeesToPaise(pledge.firstMonthInterest),
      payments: stored.parts,
    },
    asOf,
  );
}

/** The answer of GET /pledges/{id}/balance (pledgeBalanceSchema). */
export function toBalanceView(pledge: PledgeRow, stored: StoredPayments, asOf: string) {
  const b = balanceOf(pledge, stored, asOf);
  return {
    pledge_id: pledge.id,
    pledge_no: pledge.pledgeNo,
    as_of: asOf,
    days_elapsed: b.daysElapsed,
    months_elapsed: b.monthsElapsed,
    interest_due: paiseToRupees(b.interestDuePaise),
    interest_paid: paiseToRupees(b.interestPaidPaise),
    remaining_interest: paiseToRupees(b.remainingInterestPaise),
    remaining_principal: paiseToRupees(b.remainingPrincipalPaise),
    total_outstanding: paiseToRupees(b.totalOutstandingPaise),
    paid_principal: paiseToRupees(stored.paidPrincipalPaise),
    paid_interest: paiseToRupees(stored.paidInterestPaise),
    last_payment_date: stored.lastPaymentDate,
    is_payable: isPayable(pledge),
    closed_date: pledge.closedDate,
  };
}

/** One pledge's part of a receipt, already checked by the caller. */
export interface ReceiptPart {
  pledge: PledgeRow;
  paymentType: PaymentType;
  interestPaise: number;
  principalPaise: number;
  penaltyPaise: number;
  discountPaise: number;
  discountReason?: string | null;
  penaltyReason?: string | null;
  remarks?: string | null;
  /** Remaining principal + remaining interest right after the part (docs/domain-rules.md §4.4). */
  balanceAfterPaise: number;
  /** The part settles the pledge: it closes (closed_date, inactive). */
  closes: boolean;
}

export interface ReceiptInput {
  companyId: number;
  /** The clerk confirmed a cash receipt at or over the company's cash limit. */
  cashLimitConfirmed?: boolean;
  userId: number | null;
  customerId: number;
  kind: 'single' | 'multiple';
  paymentDate: string;
  paymentMethod: string;
  bankReference?: string | null;
  /** Typed by the user (used as is, unique in the company); generated when empty. */
  receiptNo?: string | null;
  remarks?: string | null;
  discountReason?: string | null;
  penaltyReason?: string | null;
  approveDiscount?: boolean;
  approvePenalty?: boolean;
  /** The admin who approved the discount or penalty. */
  approvedBy?: number | null;
  parts: readonly ReceiptPart[];
}

export interface RecordedReceipt {
  receiptId: number;
  receiptNo: string;
  voucherId: number;
  voucherNumber: string;
  /** The payment row ids, in the order of `parts`. */
  paymentIds: number[];
  /** The Receipt voucher's lines (for `accounting_entries`). */
  lines: VoucherLine<SystemAccountCode>[];
  totalPaise: number;
  netPaise: number;
}

async function receiptNumberFor(tx: Tx, companyId: number, typed: string | null | undefined, date: string) {
  const wanted = typed?.trim();
  if (wanted) {
    const [taken] = await tx
      .select({ id: paymentReceipts.id })
      .from(paymentReceipts)
      .where(
        and(
          eq(paymentReceipts.companyId, companyId),
          sql`lower(${paymentReceipts.receiptNo}) = lower(${wanted})`,
        ),
      )
      .limit(1);
    if (taken) throw AppError.conflict('RECEIPT_NO_TAKEN', PAYMENT_SERVER_MESSAGES.receiptNoTaken(wanted));
    return wanted;
  }
  const fy = financialYear(date);
  const [running] = await takeNumbers(tx, companyId, 'receipt', fy, 1);
  return formatReceiptNumber(fy, running!);
}

/**
 * A receipt with its payment rows (one per pledge) as the audit trail keeps it (money in rupees).
 * recordReceipt records no audit event: the use case that calls it does (a payment, a renewal).
 */
export async function receiptSnapshot(db: DbOrTx, companyId: number, receiptId: number) {
  return withChildren(
    await rowSnapshot(db, 'payment_receipts', companyId, receiptId),
    'payments',
    await childRowsSnapshot(db, 'pledge_payments', companyId, 'receipt_id', receiptId),
  );
}

/**
 * Writes one receipt in the caller's transaction: its number (typed and unique, or the next of the
 * company's financial year, gapless), the Receipt voucher (docs/domain-rules.md §6.2, one master voucher for all
 * parts), the receipt, a payment row per part, and the close of every pledge a part settles. The caller
 * has locked the pledges and checked every rule.
 */
export async function recordReceipt(tx: Tx, input: ReceiptInput): Promise<RecordedReceipt> {
  if (input.parts.length === 0) throw new Error('recordReceipt: a receipt needs at least one part');
  const receiptNo = await receiptNumberFor(tx, input.companyId, input.receiptNo, input.paymentDate);
  const lines = multiplePaymentPostings(
    input.parts.map((p) => ({
      interestPaise: p.interestPaise,
      principalPaise: p.principalPaise,
      penaltyPaise: p.penaltyPaise,
      discountPaise: p.discountPaise,
    })),
    input.paymentMethod,
  );
  const totalPaise = input.parts.reduce((s, p) => s + p.interestPaise + p.principalPaise, 0);
  const penaltyPaise = input.parts.reduce((s, p) => s + p.penaltyPaise, 0);
  const discountPaise = input.parts.reduce((s, p) => s + p.discountPaise, 0);
  const netPaise = totalPaise + penaltyPaise - discountPaise;
  const pledgeNos = input.parts.map((p) => p.pledge.pledgeNo).join(', ');
  const voucher = await postVoucher(tx, {
    companyId: input.companyId,
    voucherType: 'Receipt',
    entryDate: input.paymentDate,
    narration: `Receipt ${receiptNo}: payment on pledge ${pledgeNos}`.slice(0, 500),
    referenceNumber: receiptNo,
    lines: lines.map((l) => ({
      accountCode: l.accountCode,
      debitPaise: l.debitPaise,
      creditPaise: l.creditPaise,
    })),
    source: { kind: 'payment' },
    createdBy: input.userId,
  });
  const [receipt] = await tx
    .insert(paymentReceipts)
    .values({
      companyId: input.companyId,
      receiptNo,
      kind: input.kind,
      customerId: input.customerId,
      paymentDate: input.paymentDate,
      paymentMethod: input.paymentMethod,
      bankReference: input.bankReference?.trim() || null,
      totalAmount: numericFromPaise(totalPaise),
      totalPenalty: numericFromPaise(penaltyPaise),
      totalDiscount: numericFromPaise(discountPaise),
      netAmount: numericFromPaise(netPaise),
      discountReason: input.discountReason ?? null,
      penaltyReason: input.penaltyReason ?? null,
      // True to what happened (the audit trail shows it): ticked on the multiple payment, or approved
      // by an admin.
      approveDiscount: (input.approveDiscount ?? false) || (discountPaise > 0 && input.approvedBy != null),
      approvePenalty: (input.approvePenalty ?? false) || (penaltyPaise > 0 && input.approvedBy != null),
      approvedBy: input.approvedBy ?? null,
      cashLimitConfirmed: input.cashLimitConfirmed ?? false,
      remarks: input.remarks ?? null,
      voucherId: voucher.id,
      createdBy: input.userId,
    })
    .returning({ id: paymentReceipts.id });
  if (!receipt) throw new Error('receipt insert returned no row');
  // The voucher names its source once the receipt has an id.
  await tx.execute(
    sql`update vouchers set source_id = ${receipt.id} where company_id = ${input.companyId} and id = ${voucher.id}`,
  );
  const inserted = await tx
    .insert(pledgePayments)
    .values(
      input.parts.map((p) => ({
        companyId: input.companyId,
        receiptId: receipt.id,
        pledgeId: p.pledge.id,
        paymentDate: input.paymentDate,
        paymentMethod: input.paymentMethod,
        paymentType: p.paymentType,
        amount: numericFromPaise(p.interestPaise + p.principalPaise),
        interestAmount: numericFromPaise(p.interestPaise),
        principalAmount: numericFromPaise(p.principalPaise),
        penaltyAmount: numericFromPaise(p.penaltyPaise),
        discountAmount: numericFromPaise(p.discountPaise),
        discountReason: p.discountReason ?? null,
        penaltyReason: p.penaltyReason ?? null,
        remarks: p.remarks ?? null,
        balanceAmount: numericFromPaise(p.balanceAfterPaise),
        closedPledge: p.closes,
        createdBy: input.userId,
      })),
    )
    .returning({ id: pledgePayments.id, pledgeId: pledgePayments.pledgeId });
  const idByPledge = new Map(inserted.map((r) => [r.pledgeId, r.id]));
  const closing = input.parts.filter((p) => p.closes).map((p) => p.pledge.id);
  if (closing.length > 0) {
    await tx
      .update(pledges)
      .set({
        closedDate: input.paymentDate,
        // A renewal's closing payment closes the old pledge by the renewal.
        closedBy: input.paymentMethod === RENEWAL_METHOD ? 'renewal' : 'payment',
        status: 'inactive',
        updatedBy: input.userId,
        updatedAt: sql`now()`,
      })
      .where(and(eq(pledges.companyId, input.companyId), inArray(pledges.id, closing)));
  }
  return {
    receiptId: receipt.id,
    receiptNo,
    voucherId: voucher.id,
    voucherNumber: voucher.voucherNumber,
    paymentIds: input.parts.map((p) => idByPledge.get(p.pledge.id)!),
    lines,
    totalPaise,
    netPaise,
  };
}
