import {
  isSettled,
  type PledgePaymentInput,
  type PledgePaymentSaved,
  paymentSplit,
  rupeesToPaise,
  validatePayment,
} from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { markIdempotentCommit } from '../../plugins/idempotency.ts';
import { RefusedApproval, unlessRefused } from '../auth/approver.service.ts';
import { checkCashLimit } from '../companies/cash-settings.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';
import { approvedByOf } from './payment-approval.service.ts';
import { type PaymentRecord, toPaymentView } from './payment-view.ts';
import {
  findUsername,
  loadStoredPayments,
  lockPledgeForPayment,
  receiptSnapshotQuery,
} from './payments.repository.ts';
import {
  balanceAfter,
  fromDomain,
  type PaymentWriter,
  paymentDateProblem,
  receiptNoErrors,
  sentSplit,
  unique,
  validation,
} from './payments-shared.ts';
import {
  assertPayable,
  balanceOf,
  type StoredPayments,
  storedPaymentsOf,
  toBalanceView,
  withPayment,
} from './pledge-balance.ts';
import { type ReceiptPart, type RecordedReceipt, recordReceipt } from './receipt.service.ts';

// A single payment on one pledge (docs/domain-rules.md §4.3): one transaction that locks the pledge,
// checks every rule against its balance on the payment date and writes one receipt.

/**
 * The answer of a single payment (the payment as the list shows it and the pledge's balance after),
 * built from what the transaction holds: the stored payment row, the receipt it wrote, the locked
 * pledge as the payment leaves it, and the counted payments with this one; only the customer's name is
 * read. What `findPaymentView` and `GET /pledges/{id}/balance` read once it commits (payments.test.ts
 * compares them).
 */
function savedAnswer(a: {
  payment: PaymentRecord;
  recorded: RecordedReceipt;
  pledge: PledgeRow;
  stored: StoredPayments;
  customerName: string;
  username: string | null;
}): PledgePaymentSaved {
  const p = a.payment;
  const after = withPayment(a.stored, {
    date: p.paymentDate,
    interestPaise: rupeesToPaise(p.interestAmount),
    principalPaise: rupeesToPaise(p.principalAmount),
  });
  const pledge: PledgeRow = p.closedPledge
    ? { ...a.pledge, closedDate: p.paymentDate, status: 'inactive' }
    : a.pledge;
  const view = toPaymentView({
    payment: p,
    receiptNo: a.recorded.receiptNo,
    receiptKind: 'single',
    customerId: pledge.customerId,
    bankReference: a.recorded.bankReference,
    reversedBy: null,
    reversalReason: null,
    pledgeNo: pledge.pledgeNo,
    customerName: a.customerName,
    voucherNumber: a.recorded.voucherNumber,
    reversalVoucherNumber: null,
    createdByUsername: a.username,
    reversedByUsername: null,
  });
  return { ...view, balance: toBalanceView(pledge, after, p.paymentDate) };
}

/** The writer's username when the request that writes is the writer's own (it always is). */
function usernameOf(writer: PaymentWriter): string | undefined {
  const user = writer.approval?.user;
  return user && user.id === writer.userId ? user.username : undefined;
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
      // The pledge locked, with its customer's name and the company's cash limit (one statement).
      const locked = await lockPledgeForPayment(tx, companyId, input.pledge_id);
      if (!locked) throw AppError.notFound('Pledge');
      const { pledge, customerName, cashLimit } = locked;
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
      const overLimit = checkCashLimit(cashLimit, {
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
        companyId,
        afterQuery: receiptSnapshotQuery(companyId, recorded.receiptId),
      });
      if (customerName === null)
        throw new Error(`customer ${pledge.customerId} of pledge ${pledge.id} was not found`);
      const saved = savedAnswer({
        payment: recorded.payments[0]!,
        recorded,
        pledge,
        stored,
        customerName,
        // The request's user wrote it; a writer without one (the seed, a fixture) is read.
        username: usernameOf(writer) ?? (await findUsername(tx, writer.userId)),
      });
      // The Idempotency-Key's committed mark, and the answer a retry gets, commit with the receipt and
      // its voucher, never without.
      await markIdempotentCommit(tx, writer.idempotency, { statusCode: 201, body: saved });
      return saved;
    })
    .catch(receiptNoErrors(input.receipt_no))
    .then(unlessRefused);
}
