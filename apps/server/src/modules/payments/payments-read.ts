import {
  type PendingPledges,
  type PledgeBalanceView,
  type PledgePaymentView,
  paiseToRupees,
} from '@pledge-desk/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { customers, pledgePayments, pledges, schemes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { numberFromNumeric, rupeesFromNumeric } from '../../lib/numeric.ts';
import { balanceOf, loadStoredPayments, storedPaymentsOf, toBalanceView } from './payment-core.ts';
import { selectPaymentViews, toPaymentView } from './payment-view.ts';

// The read side of payments this module answers: a pledge's balance and history, and a
// customer's pending pledges with the server's balances.

async function findPledge(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, id)))
    .limit(1);
  return row;
}

/** GET /pledges/{id}/balance: the balance as of `asOf` from the counted payments; 404 for another company's. */
export async function readPledgeBalance(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
  asOf: string,
): Promise<PledgeBalanceView> {
  const pledge = await findPledge(db, companyId, pledgeId);
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
  if (!(await findPledge(db, companyId, pledgeId))) throw AppError.notFound('Pledge');
  const rows = await selectPaymentViews(db)
    .where(and(eq(pledgePayments.companyId, companyId), eq(pledgePayments.pledgeId, pledgeId)))
    .orderBy(asc(pledgePayments.paymentDate), asc(pledgePayments.id));
  return rows.map(toPaymentView);
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
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)))
    .limit(1);
  if (!customer) throw AppError.notFound('Customer');
  const rows = await db
    .select({ pledge: pledges, schemeName: schemes.schemeName })
    .from(pledges)
    .innerJoin(schemes, and(eq(schemes.companyId, pledges.companyId), eq(schemes.id, pledges.schemeId)))
    .where(
      and(
        eq(pledges.companyId, companyId),
        eq(pledges.customerId, customerId),
        isNull(pledges.closedDate),
        eq(pledges.status, 'active'),
        eq(pledges.isMoveToBank, false),
      ),
    )
    .orderBy(asc(pledges.pledgeDate), asc(pledges.id));
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
      monthly_interest_rate: numberFromNumeric(pledge.interestRate),
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
