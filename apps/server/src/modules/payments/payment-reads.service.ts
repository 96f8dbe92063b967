import {
  type PendingPledges,
  type PledgeBalanceView,
  type PledgePaymentView,
  paiseToRupees,
} from '@pledge-desk/domain';
import type { DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import { toPaymentView } from './payment-view.ts';
import {
  customerExists,
  findPayablePledges,
  findPledgeRow,
  listPledgePaymentViews,
  loadStoredPayments,
} from './payments.repository.ts';
import { balanceOf, storedPaymentsOf, toBalanceView } from './pledge-balance.ts';

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
