import {
  approvalMessage,
  approvalsNeeded,
  type FieldError as DomainFieldError,
  describePostings,
  financialYear,
  formatReceiptNumber,
  formatRupees,
  isSettled,
  type MultiplePaymentResult,
  type MultiplePledgePaymentInput,
  PAYMENT_MESSAGES,
  type PaymentType,
  type PendingPledges,
  type PledgeBalance,
  type PledgeBalanceView,
  type PledgePaymentInput,
  type PledgePaymentSaved,
  type PledgePaymentView,
  paiseToRupees,
  paymentSplit,
  paymentTypeForAmount,
  RENEWAL_METHOD,
  receiptPostings,
  rupeesToPaise,
  type SystemAccountCode,
  schemaFields,
  splitInterestFirst,
  type VoucherLine,
  validateMultiplePayment,
  validatePayment,
} from '@pledge-desk/domain';
import type { Db, DbOrTx, Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { numericFromPaise, rupeesFromNumeric } from '../../lib/numeric.ts';
import type { AuthUser } from '../../plugins/access.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { RefusedApproval, unlessRefused, verifyApprover } from '../branch-day/branch-day.service.ts';
import { assertCashLimit } from '../companies/cash-settings.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';
import { lockPledges } from '../pledges/pledges.repository.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';
import { toPaymentView } from './payment-view.ts';
import {
  closeSettledPledges,
  customerExists,
  findPayablePledges,
  findPaymentView,
  findPledgeRow,
  insertPayments,
  insertReceipt,
  listPledgePaymentViews,
  loadStoredPayments,
  receiptNoTaken,
  receiptSnapshot,
  setVoucherSource,
} from './payments.repository.ts';
import {
  assertPayable,
  balanceOf,
  PAYMENT_SERVER_MESSAGES,
  type StoredPayments,
  storedPaymentsOf,
  toBalanceView,
} from './pledge-balance.ts';

// Payments (docs/domain-rules.md §4): a single payment and a multiple payment, each one transaction
// that locks its pledges, checks every rule (the approval of a discount or penalty among them) against
// their balances on the payment date, and writes one receipt through recordReceipt, which a renewal's
// closing payment writes through too; and the reads that compute a balance.

/** Sentences of the payment rules only the server can check (it needs the database). */
export const PAYMENT_WRITE_MESSAGES = {
  notCustomersPledge: 'This pledge is not pending for this customer',
  customerMismatch: 'The customer of the payment must be the customer in the address',
  tooLarge: 'The amounts are too large for one receipt',
} as const;

/** Who pays, on which business day, and the request's Idempotency-Key (POST only). */
export interface PaymentWriter {
  companyId: number;
  userId: number;
  /** The business day in the company's time zone (docs/domain-rules.md §1.3). */
  today: string;
  idempotency?: IdempotencyRef | null;
  /**
   * The request's approval of a discount or penalty (docs/domain-rules.md §4.7). The seed and the test
   * fixtures send none: they write as the system and need no approval.
   */
  approval?: ApprovalRequest;
}

/** Who takes the payment, from where, and the approving admin's name and password the screen sent. */
export interface ApprovalRequest {
  user: Pick<AuthUser, 'id' | 'role'> | null;
  ip: string;
  approver: { username: string; password: string } | null | undefined;
}

const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

/** `pledge_payments.0.amount` -> ['body', 'pledge_payments', 0, 'amount']. */
function locOf(field: string): (string | number)[] {
  return ['body', ...field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
}

const fromDomain = (errors: readonly DomainFieldError[]): FieldError[] =>
  errors.map((e) => ({ loc: locOf(e.field), msg: e.message, type: 'value_error' }));

/** One complaint per field, the first. */
function unique(errors: readonly FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = JSON.stringify(e.loc);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The largest sum a receipt's money columns (numeric(14,2)) hold, with room: the schema's bound. */
const MAX_RECEIPT_PAISE = rupeesToPaise(schemaFields.MAX_RUPEES);

/** A typed receipt number taken by a request that committed between the check and the insert. */
const receiptNoErrors = (receiptNo: string | null | undefined) =>
  rethrowConstraint({
    payment_receipts_company_no_key: AppError.conflict(
      'RECEIPT_NO_TAKEN',
      PAYMENT_SERVER_MESSAGES.receiptNoTaken(receiptNo?.trim() ?? ''),
    ),
  });

/**
 * The payment date's bounds (docs/domain-rules.md §4.4): not after today, not before the pledge date, not before
 * the pledge's latest counted payment. Undefined when the date is fine.
 */
function paymentDateProblem(
  date: string,
  today: string,
  pledge: Pick<PledgeRow, 'pledgeDate'>,
  stored: StoredPayments,
): string | undefined {
  if (date > today) return PAYMENT_MESSAGES.inFuture;
  if (date < pledge.pledgeDate) return PAYMENT_MESSAGES.beforePledge;
  if (stored.lastPaymentDate !== null && date < stored.lastPaymentDate) {
    return PAYMENT_MESSAGES.beforeLastPayment(stored.lastPaymentDate);
  }
  return undefined;
}

/** The balance right after a part on `date` (the payment counted on its own date). */
function balanceAfter(
  pledge: PledgeRow,
  stored: StoredPayments,
  date: string,
  split: { interestPaise: number; principalPaise: number },
): PledgeBalance {
  return balanceOf(pledge, { ...stored, parts: [...stored.parts, { date, ...split }] }, date);
}

/** A sent split: both 0 means "not sent" (an amount above 0 never splits into 0 + 0). */
function sentSplit(interest: number, principal: number) {
  const interestPaise = rupeesToPaise(interest);
  const principalPaise = rupeesToPaise(principal);
  return interestPaise === 0 && principalPaise === 0 ? null : { interestPaise, principalPaise };
}

/** The answer of a single payment: the payment as the list shows it and the pledge's balance after. */
async function readSaved(tx: DbOrTx, companyId: number, paymentId: number): Promise<PledgePaymentSaved> {
  const row = await findPaymentView(tx, companyId, paymentId);
  if (!row) throw new Error(`payment ${paymentId} was not found after it was saved`);
  const pledge = await findPledgeRow(tx, companyId, row.payment.pledgeId);
  if (!pledge) throw new Error(`pledge ${row.payment.pledgeId} of payment ${paymentId} was not found`);
  const stored = storedPaymentsOf(await loadStoredPayments(tx, companyId, [pledge.id]), pledge.id);
  return { ...toPaymentView(row), balance: toBalanceView(pledge, stored, row.payment.paymentDate) };
}

/** The discount and penalty of a receipt, in rupees, which the approval threshold is compared with. */
interface ApprovedAmounts {
  discount: number;
  penalty: number;
}

/** Which approvals the amounts need at the branch's threshold (docs/domain-rules.md §4.7), and the threshold. */
async function approvalsOf(db: DbOrTx, companyId: number, amounts: ApprovedAmounts) {
  const compliance = await findCompliance(db, companyId);
  const thresholdPaise = compliance?.approvalThresholdPaise ?? 0;
  const kinds = approvalsNeeded({
    discountPaise: rupeesToPaise(amounts.discount),
    penaltyPaise: rupeesToPaise(amounts.penalty),
    thresholdPaise,
  });
  return { kinds, thresholdPaise };
}

/**
 * Who approves the receipt's discount or penalty, checked inside the money transaction once the
 * pledges are locked, so the approval and the receipt it allows are one (docs/domain-rules.md §4.7):
 * nobody needed at or under the branch's threshold; the caller when an admin; otherwise the admin the
 * clerk's screen named, whose name and password are checked as a sign-in is (argon2id and the sign-in
 * throttle). 422 under `approver` when none is given; a wrong one is a RefusedApproval.
 */
async function approvedByOf(
  tx: Tx,
  writer: PaymentWriter,
  amounts: ApprovedAmounts,
): Promise<number | null | RefusedApproval> {
  const approval = writer.approval;
  if (!approval) return null;
  const { kinds, thresholdPaise } = await approvalsOf(tx, writer.companyId, amounts);
  if (kinds.length === 0) return null;
  if (approval.user?.role === 'admin') return approval.user.id;
  if (approval.approver) {
    try {
      return await verifyApprover(tx, approval.approver, approval.ip);
    } catch (err) {
      if (err instanceof AppError) return new RefusedApproval(err);
      throw err;
    }
  }
  const msg = approvalMessage(kinds, thresholdPaise);
  throw new AppError('VALIDATION', 422, msg, [{ loc: ['body', 'approver'], msg, type: 'approval_required' }]);
}

/**
 * A single payment (POST /pledge-payments/): locks the pledge, checks its date and the docs/domain-rules.md §4.3
 * table against the balance on the payment date, decides the split from the type, and writes the
 * receipt (number, Receipt voucher, payment row; a full settle closes the pledge), all in one
 * transaction with the Idempotency-Key's committed mark.
 */
export async function takeSinglePayment(
  db: Db,
  writer: PaymentWriter,
  input: PledgePaymentInput,
): Promise<PledgePaymentSaved> {
  const { companyId } = writer;
  const amounts = { discount: input.discount_amount, penalty: input.penalty_amount };
  return db
    .transaction(async (tx) => {
      const locked = await lockPledges(tx, companyId, [input.pledge_id]);
      const pledge = locked.get(input.pledge_id);
      if (!pledge) throw AppError.notFound('Pledge');
      assertPayable(pledge);
      const approvedBy = await approvedByOf(tx, writer, amounts);
      if (approvedBy instanceof RefusedApproval) return approvedBy;
      const stored = storedPaymentsOf(await loadStoredPayments(tx, companyId, [pledge.id]), pledge.id);
      const date = input.payment_date;
      const dateProblem = paymentDateProblem(date, writer.today, pledge, stored);
      if (dateProblem) throw AppError.field('payment_date', dateProblem);

      const balance = balanceOf(pledge, stored, date);
      const amountPaise = rupeesToPaise(input.amount);
      const penaltyPaise = rupeesToPaise(input.penalty_amount);
      const discountPaise = rupeesToPaise(input.discount_amount);
      const sent = sentSplit(input.interest_amount, input.principal_amount);
      const errors = validatePayment(
        {
          pledgeId: input.pledge_id,
          paymentType: input.payment_type,
          paymentDate: date,
          paymentMethod: input.payment_method,
          amountPaise,
          interestPaise: sent?.interestPaise ?? null,
          principalPaise: sent?.principalPaise ?? null,
          penaltyPaise,
          discountPaise,
          bankReference: input.bank_reference ?? null,
        },
        {
          remainingInterestPaise: balance.remainingInterestPaise,
          remainingPrincipalPaise: balance.remainingPrincipalPaise,
          pledgeDate: pledge.pledgeDate,
          lastPaymentDate: stored.lastPaymentDate,
          today: writer.today,
        },
      );
      if (errors.length > 0) throw validation(unique(fromDomain(errors)));

      // The cash limit on the cash received: amount + penalty − discount.
      const overLimit = await assertCashLimit(tx, companyId, {
        amountPaise: amountPaise + penaltyPaise - discountPaise,
        method: input.payment_method,
        confirmed: input.cash_limit_confirmed,
        what: 'receipt',
        methodField: 'payment_method',
      });
      const split = paymentSplit(input.payment_type, amountPaise, balance);
      const after = balanceAfter(pledge, stored, date, split);
      const part: ReceiptPart = {
        pledge,
        paymentType: input.payment_type,
        ...split,
        penaltyPaise,
        discountPaise,
        remarks: input.remarks ?? null,
        balanceAfterPaise: after.totalOutstandingPaise,
        closes: isSettled(after),
      };
      const recorded = await recordReceipt(tx, {
        companyId,
        userId: writer.userId,
        customerId: pledge.customerId,
        kind: 'single',
        cashLimitConfirmed: overLimit && input.cash_limit_confirmed,
        paymentDate: date,
        paymentMethod: input.payment_method,
        bankReference: input.bank_reference ?? null,
        receiptNo: input.receipt_no ?? null,
        remarks: input.remarks ?? null,
        approvedBy,
        parts: [part],
      });
      await recordAudit(tx, {
        action: 'create',
        entity: 'receipt',
        entityId: recorded.receiptId,
        after: await receiptSnapshot(tx, companyId, recorded.receiptId),
      });
      // The Idempotency-Key's committed mark commits with the receipt and its voucher, never without.
      await markIdempotentCommit(tx, writer.idempotency);
      return readSaved(tx, companyId, recorded.paymentIds[0]!);
    })
    .catch(receiptNoErrors(input.receipt_no))
    .then(unlessRefused);
}

/**
 * The reasons given for the discounts and penalties a receipt was approved with (the trail's reason),
 * each once; null when it has neither.
 */
function approvalReasons(input: MultiplePledgePaymentInput, parts: readonly ReceiptPart[]): string | null {
  const discounts = [input.total_discount_amount > 0 ? input.discount_reason : null];
  const penalties = [input.total_penalty_amount > 0 ? input.penalty_reason : null];
  for (const p of parts) {
    if (p.discountPaise > 0) discounts.push(p.discountReason);
    if (p.penaltyPaise > 0) penalties.push(p.penaltyReason);
  }
  const said = (label: string, reasons: readonly (string | null | undefined)[]) =>
    [...new Set(reasons.map((r) => r?.trim()).filter((r): r is string => !!r))].map((r) => `${label}: ${r}`);
  const all = [...said('Discount', discounts), ...said('Penalty', penalties)];
  return all.length > 0 ? all.join('; ') : null;
}

/**
 * A payment over several pledges of one customer (POST /customers/{id}/multiple-pledge-payment): one
 * transaction, every pledge paid or none. The pledges are locked in id order; each part must be a
 * payable pledge of the customer, within its outstanding on the payment date and split interest first;
 * one receipt and one master voucher carry them all.
 */
export async function takeMultiplePayment(
  db: Db,
  writer: PaymentWriter,
  customerId: number,
  input: MultiplePledgePaymentInput,
): Promise<MultiplePaymentResult> {
  const { companyId } = writer;
  if (input.customer_id !== customerId) {
    throw AppError.field('customer_id', PAYMENT_WRITE_MESSAGES.customerMismatch);
  }
  const parts = input.pledge_payments;
  const amounts = { discount: input.total_discount_amount, penalty: input.total_penalty_amount };
  return db
    .transaction(async (tx) => {
      const locked = await lockPledges(
        tx,
        companyId,
        parts.map((p) => p.pledge_id),
      );
      const notMine = parts.flatMap((p, i): FieldError[] => {
        const pledge = locked.get(p.pledge_id);
        return pledge && pledge.customerId === customerId
          ? []
          : [
              {
                loc: ['body', 'pledge_payments', i, 'pledge_id'],
                msg: PAYMENT_WRITE_MESSAGES.notCustomersPledge,
                type: 'value_error',
              },
            ];
      });
      if (notMine.length > 0) throw validation(notMine);
      const pledgeOf = (i: number) => locked.get(parts[i]!.pledge_id)!;
      for (let i = 0; i < parts.length; i++) assertPayable(pledgeOf(i));
      const approvedBy = await approvedByOf(tx, writer, amounts);
      if (approvedBy instanceof RefusedApproval) return approvedBy;

      const storedMap = await loadStoredPayments(
        tx,
        companyId,
        parts.map((p) => p.pledge_id),
      );
      const date = input.payment_date;
      for (const p of parts) {
        const pledge = locked.get(p.pledge_id)!;
        const problem = paymentDateProblem(
          date,
          writer.today,
          pledge,
          storedPaymentsOf(storedMap, pledge.id),
        );
        if (problem) throw AppError.field('payment_date', problem);
      }

      const balances = new Map<number, PledgeBalance>();
      for (const p of parts) {
        const pledge = locked.get(p.pledge_id)!;
        balances.set(pledge.id, balanceOf(pledge, storedPaymentsOf(storedMap, pledge.id), date));
      }
      // The split each part must have: interest first (a part sent without one takes the server's).
      const drafts = parts.map((p) => {
        const paymentPaise = rupeesToPaise(p.payment_amount);
        const b = balances.get(p.pledge_id)!;
        const server = splitInterestFirst(Math.min(paymentPaise, b.totalOutstandingPaise), b);
        const sent = sentSplit(p.interest_amount, p.principal_amount);
        return {
          pledgeId: p.pledge_id,
          paymentPaise,
          interestPaise: sent?.interestPaise ?? server.interestPaise,
          principalPaise: sent?.principalPaise ?? server.principalPaise,
          discountPaise: rupeesToPaise(p.discount_amount),
          penaltyPaise: rupeesToPaise(p.penalty_amount),
        };
      });
      const totalDiscountPaise = rupeesToPaise(input.total_discount_amount);
      const totalPenaltyPaise = rupeesToPaise(input.total_penalty_amount);
      const errors = validateMultiplePayment(
        {
          customerId,
          paymentMethod: input.payment_method,
          paymentDate: date,
          bankReference: input.bank_reference ?? null,
          totalPaymentPaise: rupeesToPaise(input.total_payment_amount),
          totalDiscountPaise,
          totalPenaltyPaise,
          approveDiscount: input.approve_discount,
          approvePenalty: input.approve_penalty,
          parts: drafts,
        },
        balances,
      );
      if (errors.length > 0) throw validation(unique(fromDomain(errors)));
      const totalPaise = drafts.reduce((s, d) => s + d.paymentPaise, 0);
      if (totalPaise + totalPenaltyPaise > MAX_RECEIPT_PAISE) {
        throw AppError.field('total_payment_amount', PAYMENT_WRITE_MESSAGES.tooLarge);
      }

      // The cash limit on the receipt's net total.
      const overLimit = await assertCashLimit(tx, companyId, {
        amountPaise: totalPaise + totalPenaltyPaise - totalDiscountPaise,
        method: input.payment_method,
        confirmed: input.cash_limit_confirmed,
        what: 'receipt',
        methodField: 'payment_method',
      });
      const receiptParts: ReceiptPart[] = drafts.map((d, i) => {
        const pledge = pledgeOf(i);
        const b = balances.get(pledge.id)!;
        const split = { interestPaise: d.interestPaise, principalPaise: d.principalPaise };
        const after = balanceAfter(pledge, storedPaymentsOf(storedMap, pledge.id), date, split);
        const paymentType: PaymentType = paymentTypeForAmount(
          d.paymentPaise,
          b.remainingInterestPaise,
          b.remainingPrincipalPaise,
        );
        return {
          pledge,
          paymentType,
          ...split,
          penaltyPaise: d.penaltyPaise,
          discountPaise: d.discountPaise,
          discountReason: parts[i]!.discount_reason ?? input.discount_reason ?? null,
          penaltyReason: parts[i]!.penalty_reason ?? input.penalty_reason ?? null,
          remarks: parts[i]!.remarks ?? null,
          balanceAfterPaise: after.totalOutstandingPaise,
          closes: isSettled(after),
        };
      });
      const recorded = await recordReceipt(tx, {
        companyId,
        userId: writer.userId,
        customerId,
        kind: 'multiple',
        cashLimitConfirmed: overLimit && input.cash_limit_confirmed,
        paymentDate: date,
        paymentMethod: input.payment_method,
        bankReference: input.bank_reference ?? null,
        receiptNo: input.receipt_no ?? null,
        remarks: input.general_remarks ?? null,
        discountReason: input.discount_reason ?? null,
        penaltyReason: input.penalty_reason ?? null,
        approveDiscount: input.approve_discount,
        approvePenalty: input.approve_penalty,
        approvedBy,
        parts: receiptParts,
      });
      await recordAudit(tx, {
        action: 'create',
        entity: 'receipt',
        entityId: recorded.receiptId,
        after: await receiptSnapshot(tx, companyId, recorded.receiptId),
        reason: approvalReasons(input, receiptParts),
      });
      await markIdempotentCommit(tx, writer.idempotency);
      const rupees = paiseToRupees;
      return {
        receipt_no: recorded.receiptNo,
        receipt_id: recorded.receiptId,
        payment_id: recorded.receiptId,
        master_voucher_no: recorded.voucherNumber,
        payment_date: date,
        total_amount_paid: rupees(recorded.totalPaise),
        net_amount: rupees(recorded.netPaise),
        total_discount: rupees(totalDiscountPaise),
        total_penalty: rupees(totalPenaltyPaise),
        payment_method: input.payment_method,
        pledge_results: receiptParts.map((p, i) => ({
          pledge_id: p.pledge.id,
          pledge_no: p.pledge.pledgeNo,
          payment_id: recorded.paymentIds[i]!,
          payment_type: p.paymentType,
          payment_amount: rupees(p.interestPaise + p.principalPaise),
          interest_paid: rupees(p.interestPaise),
          principal_paid: rupees(p.principalPaise),
          discount_amount: rupees(p.discountPaise),
          penalty_amount: rupees(p.penaltyPaise),
          remaining_balance: rupees(p.balanceAfterPaise),
          payment_status: p.closes ? ('completed' as const) : ('partial' as const),
        })),
        accounting_entries: describePostings(recorded.lines, undefined, (paise) => formatRupees(paise, '₹')),
        message: `Payment processed for ${parts.length} pledge(s)`,
      };
    })
    .catch(receiptNoErrors(input.receipt_no))
    .then(unlessRefused);
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
    if (await receiptNoTaken(tx, companyId, wanted)) {
      throw AppError.conflict('RECEIPT_NO_TAKEN', PAYMENT_SERVER_MESSAGES.receiptNoTaken(wanted));
    }
    return wanted;
  }
  const fy = financialYear(date);
  const [running] = await takeNumbers(tx, companyId, 'receipt', fy, 1);
  return formatReceiptNumber(fy, running!);
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
  const lines = receiptPostings(
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
  const receiptId = await insertReceipt(tx, {
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
  });
  await setVoucherSource(tx, input.companyId, voucher.id, receiptId);
  const inserted = await insertPayments(
    tx,
    input.parts.map((p) => ({
      companyId: input.companyId,
      receiptId,
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
  );
  const idByPledge = new Map(inserted.map((r) => [r.pledgeId, r.id]));
  const closing = input.parts.filter((p) => p.closes).map((p) => p.pledge.id);
  await closeSettledPledges(tx, input.companyId, closing, {
    closedDate: input.paymentDate,
    // A renewal's closing payment closes the old pledge by the renewal.
    closedBy: input.paymentMethod === RENEWAL_METHOD ? 'renewal' : 'payment',
    userId: input.userId,
  });
  return {
    receiptId,
    receiptNo,
    voucherId: voucher.id,
    voucherNumber: voucher.voucherNumber,
    paymentIds: input.parts.map((p) => idByPledge.get(p.pledge.id)!),
    lines,
    totalPaise,
    netPaise,
  };
}

// The reads that compute: a pledge's balance and history, and a customer's pending pledges with the
// server's balances.

/** GET /pledges/{id}/balance: the balance as of `asOf` from the counted payments; 404 for another company's. */
export async function readPledgeBalance(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
  asOf: string,
): Promise<PledgeBalanceView> {
  const pledge = await findPledgeRow(db, companyId, pledgeId);
  if (!pledge) throw AppError.notFound('Pledge');
  const stored = storedPaymentsOf(await loadStoredPayments(db, companyId, [pledgeId]), pledgeId);
  return toBalanceView(pledge, stored, asOf);
}

/** GET /pledges/{id}/payments: every payment of the pledge, reversed ones too, oldest first. */
export async function readPledgePayments(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<PledgePaymentView[]> {
  if (!(await findPledgeRow(db, companyId, pledgeId))) throw AppError.notFound('Pledge');
  return (await listPledgePaymentViews(db, companyId, pledgeId)).map(toPaymentView);
}

/**
 * GET /customers/{id}/pending-pledges: the customer's payable pledges (active, not moved to bank, not
 * closed), oldest pledge first, from one query for the pledges and one for their payments.
 */
export async function readPendingPledges(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  asOf: string,
): Promise<PendingPledges> {
  if (!(await customerExists(db, companyId, customerId))) throw AppError.notFound('Customer');
  const rows = await findPayablePledges(db, companyId, customerId);
  const stored = await loadStoredPayments(
    db,
    companyId,
    rows.map((r) => r.pledge.id),
  );
  let totalPaise = 0;
  const list = rows.map(({ pledge, schemeName }) => {
    const s = storedPaymentsOf(stored, pledge.id);
    const b = balanceOf(pledge, s, asOf);
    totalPaise += b.totalOutstandingPaise;
    return {
      pledge_id: pledge.id,
      pledge_no: pledge.pledgeNo,
      pledge_amount: rupeesFromNumeric(pledge.totalLoanAmount),
      pledge_date: pledge.pledgeDate,
      due_date: pledge.dueDate,
      scheme_name: schemeName,
      monthly_interest_rate: rupeesFromNumeric(pledge.interestRate),
      days_elapsed: b.daysElapsed,
      remaining_interest: paiseToRupees(b.remainingInterestPaise),
      remaining_principal: paiseToRupees(b.remainingPrincipalPaise),
      total_outstanding: paiseToRupees(b.totalOutstandingPaise),
      paid_principal: paiseToRupees(s.paidPrincipalPaise),
      paid_interest: paiseToRupees(s.paidInterestPaise),
      last_payment_date: s.lastPaymentDate,
    };
  });
  return {
    customer_id: customerId,
    as_of: asOf,
    total_pledges: list.length,
    total_outstanding: paiseToRupees(totalPaise),
    pledges: list,
  };
}
