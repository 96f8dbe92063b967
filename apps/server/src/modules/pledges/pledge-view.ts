import {
  PLEDGE_PAYOUT_METHODS,
  type PledgeItemView,
  type PledgeSummary,
  type PledgeView,
} from '@pledge-desk/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { customers, jewelDesigns, pledgeItems, pledges, schemes, vouchers } from '../../db/schema/index.ts';
import { isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import type { FileLinks } from '../files/file-links.ts';

/**
 * How a pledge is read for every answer (PledgeSummary, PledgeView, PledgeSaved): the pledge's row, the
 * customer's name, code and mobile, the scheme's name and the number of the voucher that paid the loan
 * out. Lists add their own `where`, `orderBy` and paging to `selectPledgeSummaries(db)`; the joins are on
 * the composite keys (company, id), so they use the primary and unique indexes.
 */
export const pledgeSummaryColumns = {
  pledge: pledges,
  customerName: customers.customerName,
  customerAccCode: customers.accCode,
  customerMobile: customers.mobileNumber,
  schemeName: schemes.schemeName,
  voucherNumber: vouchers.voucherNumber,
};

export function selectPledgeSummaries(db: DbOrTx) {
  return db
    .select(pledgeSummaryColumns)
    .from(pledges)
    .innerJoin(
      customers,
      and(eq(customers.companyId, pledges.companyId), eq(customers.id, pledges.customerId)),
    )
    .innerJoin(schemes, and(eq(schemes.companyId, pledges.companyId), eq(schemes.id, pledges.schemeId)))
    .leftJoin(vouchers, and(eq(vouchers.companyId, pledges.companyId), eq(vouchers.id, pledges.voucherId)));
}

export type PledgeRow = typeof pledges.$inferSelect;

export interface PledgeSummaryRow {
  pledge: PledgeRow;
  customerName: string;
  customerAccCode: string;
  customerMobile: string;
  schemeName: string;
  voucherNumber: string | null;
}

/** Items with their design's name, oldest first (the order they were entered). */
export const pledgeItemColumns = { item: pledgeItems, designName: jewelDesigns.designName };

export function selectPledgeItems(db: DbOrTx) {
  return db
    .select(pledgeItemColumns)
    .from(pledgeItems)
    .innerJoin(
      jewelDesigns,
      and(eq(jewelDesigns.companyId, pledgeItems.companyId), eq(jewelDesigns.id, pledgeItems.jewellDesignId)),
    );
}

export interface PledgeItemRow {
  item: typeof pledgeItems.$inferSelect;
  designName: string;
}

const grams = (numeric: string) => Number(numeric);

/** A stored row as the answers spell it (rupees, grams and percents as numbers, instants as ISO). */
export function toPledgeSummary(row: PledgeSummaryRow): PledgeSummary {
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
    status: p.status === 'inactive' ? 'inactive' : 'active',
    is_move_to_bank: p.isMoveToBank,
    remarks: p.remarks,
    packet_no: p.packetNo ?? null,
    item_count: p.itemCount,
    gross_weight: grams(p.grossWeight),
    net_weight: grams(p.netWeight),
    rate_per_gram: rupeesFromNumeric(p.ratePerGram),
    interest_rate: rupeesFromNumeric(p.interestRate),
    loan_allowed_percent: rupeesFromNumeric(p.loanAllowedPercent),
    slippage_percent: rupeesFromNumeric(p.slippagePercent),
    duration: p.duration,
    principal_amount: rupeesFromNumeric(p.totalLoanAmount),
    start_date: p.pledgeDate,
    voucher_number: row.voucherNumber,
    ticket_prints: p.ticketPrints,
    created_at: isoInstant(p.createdAt),
    updated_at: isoInstant(p.updatedAt),
  };
}

/** An item; its photo is a short-lived signed link (an <img> cannot send the bearer token). */
export function toPledgeItemView(row: PledgeItemRow, links: FileLinks): PledgeItemView {
  const i = row.item;
  return {
    pledge_item_id: i.id,
    pledge_id: i.pledgeId,
    jewell_design_id: i.jewellDesignId,
    design_name: row.designName,
    jewell_condition: i.jewellCondition,
    gross_weight: grams(i.grossWeight),
    net_weight: grams(i.netWeight),
    net_value: rupeesFromNumeric(i.netValue),
    remarks: i.remarks,
    image: i.imageFileId ? links.url(i.imageFileId) : null,
    created_at: isoInstant(i.createdAt),
  };
}

export function toPledgeView(
  row: PledgeSummaryRow,
  items: readonly PledgeItemRow[],
  links: FileLinks,
): PledgeView {
  const p = row.pledge;
  return {
    ...toPledgeSummary(row),
    items: items.map((i) => toPledgeItemView(i, links)),
    payout_method: PLEDGE_PAYOUT_METHODS.find((m) => m === p.payoutMethod) ?? 'cash',
    payout_reference: p.payoutReference,
    cash_limit_confirmed: p.cashLimitConfirmed,
  };
}
