import {
  approvalMessage,
  approvalsNeeded,
  type FieldError as DomainFieldError,
  describePostings,
  formatRupees,
  isSettled,
  type MultiplePaymentResult,
  type MultiplePledgePaymentInput,
  PAYMENT_MESSAGES,
  type PaymentType,
  type PledgeBalance,
  type PledgePaymentInput,
  type PledgePaymentSaved,
  paiseToRupees,
  paymentSplit,
  paymentTypeForAmount,
  rupeesToPaise,
  schemaFields,
  splitInterestFirst,
  validateMultiplePayment,
  validatePayment,
} from '@pledge-desk/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/open-db.ts';
import { pledgePayments, pledges } from '../../db/schema/index.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import type { AuthUser } from '../../plugins/access.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { verifyApprover } from '../branch-day/branch-day.service.ts';
import { assertCashLimit } from '../companies/cash-settings.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';
import { lockPledges } from '../pledges/pledges.repository.ts';
import {
  assertPayable,
  balanceOf,
  loadStoredPayments,
  PAYMENT_SERVER_MESSAGES,
  type ReceiptPart,
  receiptSnapshot,
  recordReceipt,
  type StoredPayments,
  storedPaymentsOf,
  toBalanceView,
} from './payment-core.ts';
import { selectPaymentViews, toPaymentView } from './payment-view.ts';

// The write side of payments (docs/domain-rules.md §4): a single payment and a multiple payment,
// each one transaction that locks its pledges, checks every rule against their balances on the payment
// date, and writes one receipt through recordReceipt (payment-core.ts).

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
  /** The admin who approved the receipt's discount or penalty, checked before the transaction. */
  approvedBy?: number | null;
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
  const [row] = await selectPaymentViews(tx)
    .where(and(eq(pledgePayments.companyId, companyId), eq(pledgePayments.id, paymentId)))
    .limit(1);
  if (!row) throw new Error(`payment ${paymentId} was not found after it was saved`);
  const [pledge] = await tx
    .select()
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, row.payment.pledgeId)));
  if (!pledge) throw new Error(`pledge ${row.payment.pledgeId} of payment ${paymentId} was not found`);
  const stored = storedPaymentsOf(await loadStoredPayments(tx, companyId, [pledge.id]), pledge.id);
  return { ...toPaymentView(row), balance: toBalanceView(pledge, stored, row.payment.paymentDate) };
}

/**
 * Who approves the receipt's discount or penalty: nobody needed at or under the
 * branch's threshold; the caller when an admin; otherwise the admin whose name and password the clerk's
 * screen sends, checked as a sign-in is (argon2id and the sign-in throttle), before the transaction so
 * the pledges are not locked while the password is hashed. 422 under `approver` when none is given.
 */
export async function approvalOf(
  db: Db,
  request: { user: Pick<AuthUser, 'id' | 'role'> | null; companyId: number; ip: string },
  amounts: { discount: number; penalty: number },
  approver: { username: string; password: string } | null | undefined,
): Promise<number | null> {
  const compliance = await findCompliance(db, request.companyId);
  const thresholdPaise = compliance?.approvalThresholdPaise ?? 0;
  const kinds = approvalsNeeded({
    discountPaise: rupeesToPaise(amounts.discount),
    penaltyPaise: rupeesToPaise(amounts.penalty),
    thresholdPaise,
  });
  if (kinds.length === 0) return null;
  if (request.user?.role === 'admin') return request.user.id;
  if (!approver) {
    const msg = approvalMessage(kinds, thresholdPaise);
    throw new AppError('VALIDATION', 422, msg, [
      { loc: ['body', 'approver'], msg, type: 'approval_required' },
    ]);
  }
  return verifyApprover(db, approver, request.ip);
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
  return db
    .transaction(async (tx) => {
      const locked = await lockPledges(tx, companyId, [input.pledge_id]);
      const pledge = locked.get(input.pledge_id);
      if (!pledge) throw AppError.notFound('Pledge');
      assertPayable(pledge);
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
        approvedBy: writer.approvedBy ?? null,
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
    .catch(receiptNoErrors(input.receipt_no));
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
        approvedBy: writer.approvedBy ?? null,
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
    .catch(receiptNoErrors(input.receipt_no));
}
