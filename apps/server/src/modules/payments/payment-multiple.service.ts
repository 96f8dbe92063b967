import {
  describePostings,
  formatRupees,
  isSettled,
  type MultiplePaymentResult,
  type MultiplePledgePaymentInput,
  type PaymentType,
  type PledgeBalance,
  paiseToRupees,
  paymentTypeForAmount,
  rupeesToPaise,
  schemaFields,
  splitInterestFirst,
  validateMultiplePayment,
} from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { markIdempotentCommit } from '../../plugins/idempotency.ts';
import { RefusedApproval, unlessRefused } from '../auth/approver.service.ts';
import { assertCashLimit } from '../companies/cash-settings.ts';
import { lockPledges } from '../pledges/pledges.repository.ts';
import { approvedByOf } from './payment-approval.service.ts';
import { loadStoredPayments, receiptSnapshotQuery } from './payments.repository.ts';
import {
  balanceAfter,
  fromDomain,
  PAYMENT_WRITE_MESSAGES,
  type PaymentWriter,
  paymentDateProblem,
  receiptNoErrors,
  sentSplit,
  unique,
  validation,
} from './payments-shared.ts';
import { assertPayable, balanceOf, storedPaymentsOf } from './pledge-balance.ts';
import { type ReceiptPart, recordReceipt } from './receipt.service.ts';

// A payment over several pledges of one customer (docs/domain-rules.md §4): one transaction, every
// pledge paid or none, one receipt and one master voucher for them all.

/** The largest sum a receipt's money columns (numeric(14,2)) hold, with room: the schema's bound. */
const MAX_RECEIPT_PAISE = rupeesToPaise(schemaFields.MAX_RUPEES);

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
        companyId,
        afterQuery: receiptSnapshotQuery(companyId, recorded.receiptId),
        reason: approvalReasons(input, receiptParts),
      });
      const rupees = paiseToRupees;
      const answer = {
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
      // The committed mark and the answer a retry replays commit with the receipt, never without.
      await markIdempotentCommit(tx, writer.idempotency, { statusCode: 201, body: answer });
      return answer;
    })
    .catch(receiptNoErrors(input.receipt_no))
    .then(unlessRefused);
}
