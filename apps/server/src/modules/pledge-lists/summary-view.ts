import { gramsToMg, mgToGrams, type PledgeSummary } from '@pledge-desk/domain';
import { isoInstant } from '../../lib/http-schemas.ts';
import { numberFromNumeric, rupeesFromNumeric } from '../../lib/numeric.ts';
import type { PledgeSummaryRow } from './pledge-lists.repository.ts';

const grams = (value: string) => mgToGrams(gramsToMg(value));

/** A pledge as the lists answer it (pledgeSummarySchema). */
export function summaryView(row: PledgeSummaryRow): PledgeSummary {
  const p = row.pledge;
  return {
    pledge_id: p.id,
    id: p.id,
    pledge_no: p.pledgeNo,
    customer_id: p.customerId,
    customer_name: row.customerName,
    customer_acc_code: row.customerAccCode,
    customer_mobile: row.customerMobile,
    scheme_id: p.schemeId,
    scheme_name: row.schemeName,
    pledge_date: p.pledgeDate,
    due_date: p.dueDate,
    closed_date: p.closedDate,
    document_charges: rupeesFromNumeric(p.documentCharges),
    first_month_interest: rupeesFromNumeric(p.firstMonthInterest),
    total_loan_amount: rupeesFromNumeric(p.totalLoanAmount),
    final_amount: rupeesFromNumeric(p.finalAmount),
    total_valuation: rupeesFromNumeric(p.totalValuation),
    eligible_loan: rupeesFromNumeric(p.eligibleLoan),
    status: p.status as 'active' | 'inactive',
    is_move_to_bank: p.isMoveToBank,
    remarks: p.remarks,
    item_count: p.itemCount,
    gross_weight: grams(p.grossWeight),
    net_weight: grams(p.netWeight),
    rate_per_gram: rupeesFromNumeric(p.ratePerGram),
    interest_rate: numberFromNumeric(p.interestRate),
    loan_allowed_percent: numberFromNumeric(p.loanAllowedPercent),
    slippage_percent: numberFromNumeric(p.slippagePercent),
    duration: p.duration,
    principal_amount: rupeesFromNumeric(p.totalLoanAmount),
    start_date: p.pledgeDate,
    voucher_number: row.voucherNumber,
    ticket_prints: p.ticketPrints,
    created_at: isoInstant(p.createdAt),
    updated_at: isoInstant(p.updatedAt),
  };
}
