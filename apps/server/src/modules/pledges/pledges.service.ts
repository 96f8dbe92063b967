import {
  BANK_REPLEDGE_MESSAGES,
  type CreatePledgeInput,
  type FieldError as DomainFieldError,
  formatIndianDate,
  formatRupees,
  gramsToMg,
  itemValuePaise,
  mgToGrams,
  type PledgeQuote,
  type PledgeWarning,
  percentToBp,
  pledgeFigureMismatches,
  pledgePostings,
  pledgeQuote,
  type RbiRules,
  reversePostings,
  rupeesToPaise,
  type UpdatePledgeInput,
  validatePledgeAmounts,
} from '@pledge-desk/domain';
import type { Db, DbOrTx, Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { childRowsSnapshot, recordAudit, rowSnapshot, withChildren } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { readLiveLots, readServedNotices } from '../auctions/auctions.repository.ts';
import { hasOpenRepledge } from '../bank-repledges/bank-repledges.repository.ts';
import { assertCashLimit } from '../companies/cash-settings.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import { assertLicenceAllowsPledge, assertWithinCeiling } from '../compliance/compliance.service.ts';
import { assertRbiNewLoan, assertRbiTerm, rbiRateFor } from '../compliance/rbi-checks.ts';
import { deleteFile } from '../files/files.repository.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';
import { assertDayOpen, isDayClosed, lockDayShared } from '../vouchers/day-guard.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';
import {
  deletePledgeItems,
  findCustomerForPledge,
  findDesignIds,
  findRateInForce,
  findSchemeForPledge,
  findSchemeWithType,
  findVoucherLines,
  hasPayments,
  insertPledge,
  insertPledgeItems,
  lockPledge,
  lockPledgeItems,
  type NewPledge,
  type PledgeItemRecord,
  type SchemeTerms,
  updatePledgeItem,
  updatePledgeRow,
} from './pledges.repository.ts';

/** The sentences of the pledge rules the schemas cannot check (they need the database). */
export const PLEDGE_SERVER_MESSAGES = {
  noRate: "No rate found for the selected scheme's jewell type.",
  unknownCustomer: 'Please select a customer of this company.',
  inactiveCustomer: 'This customer is inactive. Choose an active customer.',
  unknownScheme: 'Please select a scheme of this company.',
  inactiveScheme: 'This scheme is inactive. Choose an active scheme.',
  unknownDesign: 'Please select a design of this company.',
  futureDate: 'Pledge date cannot be after today.',
  hasPayments:
    'This pledge has payments: its customer, scheme, date, amounts and items can no longer change.',
  closed: 'This pledge is closed: its customer, scheme, date, amounts and items can no longer change.',
  renewed:
    'This pledge was opened by a renewal (its payout settled the old pledge): its customer, scheme, date, amounts and items can no longer change.',
  dayClosed: (date: string) =>
    `This pledge is dated ${formatIndianDate(date)}, a closed day: its customer, scheme, date, amounts and items can no longer change. An admin must reopen the day first.`,
  inAuction: (lotNo: string) =>
    `This pledge is in auction lot ${lotNo}: its customer, scheme, date, amounts and items can no longer change.`,
  noticeServed: (noticeNo: string) =>
    `Notice ${noticeNo}, stating the amount due, has been sent for this pledge: its customer, scheme, date, amounts and items can no longer change.`,
  atBank:
    "This pledge's articles are at a bank with money borrowed on them: its customer, scheme, date, amounts and items can no longer change. Return them from the bank first.",
  notThisPledge: 'This item is not part of this pledge.',
  repeatedItem: 'This item is listed more than once.',
  keptAndDeleted: 'This item is both kept and deleted.',
  tooLarge: 'The total weight or value of the items is too large for one pledge.',
  payoutReference: 'Enter the reference of the bank transfer, online payment or cheque.',
  numberTaken:
    "The scheme's next pledge number is already used by another pledge. Please contact the administrator.",
} as const;

/** The largest totals the pledge columns hold: numeric(10,3) grams and numeric(14,2) rupees. */
const MAX_TOTAL_MG = 9_999_999_999;
const MAX_TOTAL_PAISE = 99_999_999_999_999;

/** Warnings (docs/decisions.md, "Pledge save warnings"): the save goes through, the screen shows a toast. */
export const NET_WEIGHT_LOW_BP = 7500;
export const LOAN_NEAR_ELIGIBLE_BP = 9000;

/** Who saves, on which business day, and the request's Idempotency-Key (POST only). */
export interface PledgeWriter {
  companyId: number;
  userId: number;
  /** The business day in the company's time zone (docs/domain-rules.md §1.3). */
  today: string;
  idempotency?: IdempotencyRef | null;
}

export interface PledgeSaveOutcome {
  pledgeId: number;
  warnings: PledgeWarning[];
}

const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

/** `items.0.net_value` -> ['body', 'items', 0, 'net_value'] (the web maps loc to the form field). */
function locOf(field: string): (string | number)[] {
  return ['body', ...field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
}

const fieldError = (field: string, msg: string, type = 'value_error'): FieldError => ({
  loc: locOf(field),
  msg,
  type,
});

const fromDomain = (errors: readonly DomainFieldError[]): FieldError[] =>
  errors.map((e) => fieldError(e.field, e.message));

/** The last word when a check above lost a race (a customer or design deleted meanwhile). */
export const constraintErrors = rethrowConstraint({
  pledges_customer_fk: AppError.field('customer_id', PLEDGE_SERVER_MESSAGES.unknownCustomer),
  pledges_scheme_fk: AppError.field('scheme_id', PLEDGE_SERVER_MESSAGES.unknownScheme),
  pledge_items_design_fk: AppError.field('items', PLEDGE_SERVER_MESSAGES.unknownDesign),
  // Only a number typed into the table by hand (an import) can clash with the counter's next one.
  pledges_company_no_key: AppError.conflict('PLEDGE_NO_TAKEN', PLEDGE_SERVER_MESSAGES.numberTaken),
});

/** The scheme's terms and the rate per gram, as the domain functions take them. */
export interface Terms {
  ratePaise: number;
  loanAllowedBp: number;
  slippageBp: number;
  interestRateBp: number;
  durationMonths: number;
}

function schemeTerms(scheme: SchemeTerms, ratePerGram: string): Terms {
  return {
    ratePaise: rupeesToPaise(ratePerGram),
    loanAllowedBp: percentToBp(scheme.loanEligibilityPercentage),
    slippageBp: percentToBp(scheme.slippagePercent),
    interestRateBp: percentToBp(scheme.interestRatePerMonth),
    durationMonths: scheme.durationMonths,
  };
}

/** The terms a pledge keeps (docs/domain-rules.md §2.4). */
function storedTerms(p: {
  ratePerGram: string;
  loanAllowedPercent: string;
  slippagePercent: string;
  interestRate: string;
  duration: number;
}): Terms {
  return {
    ratePaise: rupeesToPaise(p.ratePerGram),
    loanAllowedBp: percentToBp(p.loanAllowedPercent),
    slippageBp: percentToBp(p.slippagePercent),
    interestRateBp: percentToBp(p.interestRate),
    durationMonths: p.duration,
  };
}

const bpNumeric = (bp: number) => numericFromPaise(bp);

/** The snapshot columns of a pledge from its terms (percents are numeric(5,2), like paise of a rupee). */
function termColumns(t: Terms) {
  return {
    ratePerGram: numericFromPaise(t.ratePaise),
    interestRate: bpNumeric(t.interestRateBp),
    loanAllowedPercent: bpNumeric(t.loanAllowedBp),
    slippagePercent: bpNumeric(t.slippageBp),
    duration: t.durationMonths,
  };
}

const gramsNumeric = (mg: number) => mgToGrams(mg).toFixed(3);

/** The figure columns of a pledge from the server's own quote. */
function figureColumns(q: PledgeQuote) {
  return {
    dueDate: q.dueDate,
    totalValuation: numericFromPaise(q.valuationPaise),
    eligibleLoan: numericFromPaise(q.eligibleLoanPaise),
    totalLoanAmount: numericFromPaise(q.loanPaise),
    firstMonthInterest: numericFromPaise(q.firstMonthInterestPaise),
    documentCharges: numericFromPaise(q.documentChargesPaise),
    finalAmount: numericFromPaise(q.finalAmountPaise),
    grossWeight: gramsNumeric(q.grossMg),
    netWeight: gramsNumeric(q.netMg),
    itemCount: q.itemCount,
  };
}

/** An item as the quote and the table take it. */
export interface ItemWeights {
  grossWeightMg: number;
  netWeightMg: number;
}

/**
 * The customer and the scheme of this company (each active when asked: a new pledge, or one moved to
 * another customer or scheme) and each design named, of this company; every problem named at once.
 */
async function checkParties(
  tx: Tx,
  companyId: number,
  input: { customer_id: number; scheme_id: number },
  designs: readonly { field: string; id: number }[],
  active: { customer: boolean; scheme: boolean },
): Promise<{ customerName: string; scheme: SchemeTerms }> {
  const fields: FieldError[] = [];
  const customer = await findCustomerForPledge(tx, companyId, input.customer_id);
  if (!customer) fields.push(fieldError('customer_id', PLEDGE_SERVER_MESSAGES.unknownCustomer));
  else if (active.customer && !customer.status) {
    fields.push(fieldError('customer_id', PLEDGE_SERVER_MESSAGES.inactiveCustomer));
  }
  const scheme = await findSchemeForPledge(tx, companyId, input.scheme_id);
  if (!scheme) fields.push(fieldError('scheme_id', PLEDGE_SERVER_MESSAGES.unknownScheme));
  else if (active.scheme && !scheme.status) {
    fields.push(fieldError('scheme_id', PLEDGE_SERVER_MESSAGES.inactiveScheme));
  }
  const known = await findDesignIds(
    tx,
    companyId,
    designs.map((d) => d.id),
  );
  for (const d of designs) {
    if (!known.has(d.id)) fields.push(fieldError(d.field, PLEDGE_SERVER_MESSAGES.unknownDesign));
  }
  if (fields.length > 0 || !customer || !scheme) throw validation(fields);
  return { customerName: customer.customerName, scheme };
}

/** How a pledge's rate per gram was chosen (docs/decisions.md). */
export type ValuationBasis = 'rate_in_force' | 'rbi_previous_day' | 'rbi_average';

/** The rate a pledge of a jewel type on a date is valued at, and how it was chosen. */
export interface ValuationRate {
  ratePerGram: string;
  basis: ValuationBasis;
  /** The Jewell Rates entry used: the one in force, or (RBI) the previous day's. */
  rateDate: string;
  /** Under the RBI regime: the previous day's rate and the average of its window, and that window. */
  rbi: { previousDayPaise: number; averagePaise: number; averageDays: number } | null;
}

/**
 * The one rule that values a pledge: the jewel type's rate in the Jewell Rates master in force on the
 * pledge date (docs/domain-rules.md §2.1), or under the RBI regime the lower of the previous day's and
 * the average of the days before (docs/domain-rules.md §9.5; RBI paras 17–18, §10.7). Create, edit and
 * the screens' quote (GET /pledges/valuation-rate) all ask this; 422 under scheme_id without a rate.
 */
export async function valuationRateOf(
  db: DbOrTx,
  companyId: number,
  jewelTypeId: number,
  date: string,
  rbi: RbiRules | null,
): Promise<ValuationRate> {
  if (rbi) {
    const rate = await rbiRateFor(db, companyId, jewelTypeId, date, rbi);
    return {
      ratePerGram: rate.ratePerGram,
      basis: rate.basis,
      rateDate: rate.previousDate,
      rbi: {
        previousDayPaise: rate.previousDayPaise,
        averagePaise: rate.averagePaise,
        averageDays: rbi.valuationAverageDays,
      },
    };
  }
  const rate = await findRateInForce(db, companyId, jewelTypeId, date);
  if (rate === undefined) throw AppError.field('scheme_id', PLEDGE_SERVER_MESSAGES.noRate);
  return { ratePerGram: rate.ratePerGram, basis: 'rate_in_force', rateDate: rate.effectiveDate, rbi: null };
}

/** The rate basis a pledge stores: null for the rate in force, the RBI basis otherwise. */
const storedBasis = (rate: ValuationRate): string | null =>
  rate.basis === 'rate_in_force' ? null : rate.basis;

/**
 * The valuation a screen shows before saving (GET /pledges/valuation-rate): the rate the server will
 * use for a scheme of the company on a pledge date, under the company's regime.
 */
export async function quoteValuationRate(
  db: DbOrTx,
  companyId: number,
  today: string,
  query: { scheme_id: number; pledge_date?: string | undefined },
): Promise<
  ValuationRate & { schemeId: number; jewelTypeId: number; jewelTypeName: string; pledgeDate: string }
> {
  const pledgeDate = pledgeDateOf(query.pledge_date, today);
  const found = await findSchemeWithType(db, companyId, query.scheme_id);
  if (!found) throw AppError.field('scheme_id', PLEDGE_SERVER_MESSAGES.unknownScheme);
  const compliance = await findCompliance(db, companyId);
  const rbi = compliance?.regime === 'rbi' ? compliance.rbiRules : null;
  const rate = await valuationRateOf(db, companyId, found.scheme.jewelTypeId, pledgeDate, rbi);
  return {
    ...rate,
    schemeId: found.scheme.id,
    jewelTypeId: found.scheme.jewelTypeId,
    jewelTypeName: found.jewelTypeName,
    pledgeDate,
  };
}

/** The date the pledge is made on: today by default, earlier allowed, never after today. */
function pledgeDateOf(sent: string | undefined, today: string): string {
  const date = sent ?? today;
  if (date > today) throw AppError.field('pledge_date', PLEDGE_SERVER_MESSAGES.futureDate);
  return date;
}

/**
 * Recomputes the pledge (docs/domain-rules.md §2.3) and refuses, naming each field, a figure sent that differs
 * from the server's, a loan above the eligible loan, or a final amount not above 0.
 */
function quoteOrRefuse(
  input: {
    total_loan_amount: number;
    document_charges: number;
    due_date?: string | undefined;
    first_month_interest?: number | undefined;
    final_amount?: number | undefined;
  },
  sentItems: readonly { net_weight: number; net_value?: number | undefined }[],
  items: readonly ItemWeights[],
  terms: Terms,
  pledgeDate: string,
): PledgeQuote {
  let quote: PledgeQuote;
  try {
    quote = pledgeQuote({
      items,
      terms,
      loanPaise: rupeesToPaise(input.total_loan_amount),
      documentChargesPaise: rupeesToPaise(input.document_charges),
      pledgeDate,
    });
  } catch {
    // Only numbers beyond any whole paisa or milligram get here (the schema bounds each one).
    throw AppError.field('items', PLEDGE_SERVER_MESSAGES.tooLarge);
  }
  // The totals must fit their columns: weights numeric(10,3), money numeric(14,2).
  if (quote.grossMg > MAX_TOTAL_MG || quote.valuationPaise > MAX_TOTAL_PAISE) {
    throw AppError.field('items', PLEDGE_SERVER_MESSAGES.tooLarge);
  }
  const errors = [
    ...pledgeFigureMismatches({ ...input, items: sentItems }, quote, terms.ratePaise),
    ...validatePledgeAmounts({
      loanPaise: quote.loanPaise,
      eligibleLoanPaise: quote.eligibleLoanPaise,
      firstMonthInterestPaise: quote.firstMonthInterestPaise,
      documentChargesPaise: quote.documentChargesPaise,
    }),
  ];
  // One complaint per field: a mismatched final amount and a final amount not above 0 say one thing.
  const seen = new Set<string>();
  const unique = errors.filter((e) => !seen.has(e.field) && seen.add(e.field));
  if (unique.length > 0) throw validation(fromDomain(unique));
  return quote;
}

/** The warnings of a saved pledge (docs/decisions.md, "Pledge save warnings"). */
function warningsOf(
  items: readonly ItemWeights[],
  quote: PledgeQuote,
  backdated: { pledgeDate: string } | null,
): PledgeWarning[] {
  const warnings: PledgeWarning[] = [];
  items.forEach((item, i) => {
    if (item.netWeightMg * 10000 < item.grossWeightMg * NET_WEIGHT_LOW_BP) {
      warnings.push({
        code: 'NET_WEIGHT_LOW',
        message: `Item ${i + 1}: the net weight is less than 75% of the gross weight. Please check the weights.`,
      });
    }
  });
  if (quote.loanPaise * 10000 > quote.eligibleLoanPaise * LOAN_NEAR_ELIGIBLE_BP) {
    warnings.push({
      code: 'LOAN_NEAR_ELIGIBLE',
      message: `The loan is above 90% of the eligible loan of ${formatRupees(quote.eligibleLoanPaise)}.`,
    });
  }
  if (backdated) {
    warnings.push({
      code: 'BACKDATED',
      message: `The pledge is dated ${formatIndianDate(backdated.pledgeDate)}, before today.`,
    });
  }
  return warnings;
}

const weightsOf = (item: { gross_weight: number; net_weight: number }): ItemWeights => ({
  grossWeightMg: gramsToMg(item.gross_weight),
  netWeightMg: gramsToMg(item.net_weight),
});

/**
 * The Payment voucher that pays the loan out (docs/domain-rules.md §6.2), dated `date`: the final amount from
 * 1000 Cash in Hand, or from 1190 Bank Clearing for a bank transfer, online payment or cheque.
 */
async function postPayout(
  tx: Tx,
  writer: PledgeWriter,
  pledge: { id: number; pledgeNo: string; customerName: string },
  quote: PledgeQuote,
  date: string,
  payoutMethod: string,
): Promise<number> {
  const lines = pledgePostings({
    loanPaise: quote.loanPaise,
    firstMonthInterestPaise: quote.firstMonthInterestPaise,
    documentChargesPaise: quote.documentChargesPaise,
    payoutMethod,
  });
  const voucher = await postVoucher(tx, {
    companyId: writer.companyId,
    voucherType: 'Payment',
    entryDate: date,
    narration: `Pledge ${pledge.pledgeNo} to ${pledge.customerName}: loan paid out`,
    referenceNumber: pledge.pledgeNo,
    lines,
    source: { kind: 'pledge', id: pledge.id },
    createdBy: writer.userId,
  });
  return voucher.id;
}

/**
 * How the final amount is paid out: a non-cash payout needs its reference (as a
 * non-cash payment does; docs/decisions.md), and a cash one must pass the company's cash limit. Answers
 * the columns to store; `cash_limit_confirmed` is kept only when the confirmation was needed.
 */
async function payoutOrRefuse(
  tx: Tx,
  companyId: number,
  input: {
    payout_method: string;
    payout_reference?: string | null | undefined;
    cash_limit_confirmed: boolean;
  },
  finalAmountPaise: number,
): Promise<{ payoutMethod: string; payoutReference: string | null; cashLimitConfirmed: boolean }> {
  const reference = input.payout_reference?.trim() || null;
  if (input.payout_method !== 'cash' && !reference) {
    throw AppError.field('payout_reference', PLEDGE_SERVER_MESSAGES.payoutReference);
  }
  const overLimit = await assertCashLimit(tx, companyId, {
    amountPaise: finalAmountPaise,
    method: input.payout_method,
    confirmed: input.cash_limit_confirmed,
    what: 'payout',
    methodField: 'payout_method',
  });
  return {
    payoutMethod: input.payout_method,
    payoutReference: input.payout_method === 'cash' ? null : reference,
    cashLimitConfirmed: overLimit && input.cash_limit_confirmed,
  };
}

/** Counter of a scheme prefix: one sequence per company and prefix, ignoring case (docs/domain-rules.md §5). */
export function pledgeCounter(prefix: string): `pledge:${string}` {
  return `pledge:${prefix.trim().toUpperCase()}`;
}

/** A new pledge checked and valued, nothing written yet (the create path's checks, docs/domain-rules.md §2.3). */
export interface PreparedPledge {
  pledgeDate: string;
  customerName: string;
  scheme: SchemeTerms;
  /** How the rate was chosen under the RBI regime; null for the rate in force. */
  rateBasis: string | null;
  terms: Terms;
  items: ItemWeights[];
  quote: PledgeQuote;
}

/** What a new pledge is made of, as POST /pledges/with-items (or a renewal's new pledge) sends it. */
export type NewPledgeInput = Omit<CreatePledgeInput, 'pledge_date'> & { pledge_date?: string | undefined };

/**
 * Checks a new pledge's parties (an active customer and scheme, designs of the company), takes the rate
 * in force on the pledge date and recomputes every figure, refusing what create refuses (422 naming
 * the field). Writes nothing: create and a renewal's preview share it.
 */
export async function prepareNewPledge(
  tx: Tx,
  companyId: number,
  today: string,
  input: Pick<
    NewPledgeInput,
    | 'customer_id'
    | 'scheme_id'
    | 'pledge_date'
    | 'total_loan_amount'
    | 'document_charges'
    | 'due_date'
    | 'first_month_interest'
    | 'final_amount'
  > & {
    items: readonly {
      jewell_design_id: number;
      gross_weight: number;
      net_weight: number;
      net_value?: number | undefined;
    }[];
  },
  /** A renewal's new pledge replaces this one: its loan and articles leave the borrower's holdings. */
  options: { replacingPledgeId?: number } = {},
): Promise<PreparedPledge> {
  // The branch's compliance settings: no new pledge once the licence has expired; no
  // scheme above the interest ceiling; under the RBI regime its valuation, ratio, term and weights.
  const compliance = await findCompliance(tx, companyId);
  assertLicenceAllowsPledge(compliance, today);
  const pledgeDate = pledgeDateOf(input.pledge_date, today);
  const designs = input.items.map((item, i) => ({
    field: `items.${i}.jewell_design_id`,
    id: item.jewell_design_id,
  }));
  const { customerName, scheme } = await checkParties(tx, companyId, input, designs, {
    customer: true,
    scheme: true,
  });
  assertWithinCeiling(compliance, percentToBp(scheme.interestRatePerMonth), 'scheme_id');
  const rbi = compliance?.regime === 'rbi' ? compliance.rbiRules : null;
  if (rbi) assertRbiTerm(scheme, rbi, 'scheme_id');
  const rate = await valuationRateOf(tx, companyId, scheme.jewelTypeId, pledgeDate, rbi);
  const terms = schemeTerms(scheme, rate.ratePerGram);
  const rateBasis = storedBasis(rate);
  const items = input.items.map(weightsOf);
  const quote = quoteOrRefuse(input, input.items, items, terms, pledgeDate);
  if (rbi) {
    await assertRbiNewLoan(tx, {
      companyId,
      customerId: input.customer_id,
      exceptPledgeId: options.replacingPledgeId ?? null,
      loanPaise: quote.loanPaise,
      valuationPaise: quote.valuationPaise,
      interestRateBp: terms.interestRateBp,
      durationMonths: terms.durationMonths,
      bulletRepayment: scheme.bulletRepayment,
      jewelTypeId: scheme.jewelTypeId,
      items: input.items.map((item, i) => ({
        jewellDesignId: item.jewell_design_id,
        grossWeightMg: items[i]!.grossWeightMg,
      })),
      rules: rbi,
    });
  }
  return { pledgeDate, customerName, scheme, rateBasis, terms, items, quote };
}

/** The save warnings of a prepared pledge (docs/decisions.md, "Pledge save warnings"). */
export function preparedWarnings(prepared: PreparedPledge, today: string): PledgeWarning[] {
  const backdated = prepared.pledgeDate < today ? { pledgeDate: prepared.pledgeDate } : null;
  return warningsOf(prepared.items, prepared.quote, backdated);
}

/**
 * Numbers and inserts a prepared pledge with its items (the payout columns given); the caller posts
 * its Payment voucher and stores its id. `renewal` links a renewal's new pledge to the old one and
 * each kept article to the one it was carried over from (null for an added article).
 */
export async function writeNewPledge(
  tx: Tx,
  writer: PledgeWriter,
  prepared: PreparedPledge,
  input: Pick<NewPledgeInput, 'customer_id' | 'scheme_id' | 'status' | 'is_move_to_bank'> & {
    remarks?: string | null | undefined;
    packet_no?: string | null | undefined;
    items: readonly {
      jewell_design_id: number;
      jewell_condition?: string | null | undefined;
      remarks?: string | null | undefined;
    }[];
  },
  payout: { payoutMethod: string; payoutReference: string | null; cashLimitConfirmed: boolean },
  renewal?: { fromPledgeId: number; itemsFrom: readonly (number | null)[] },
): Promise<{ pledgeId: number; pledgeNo: string }> {
  const { companyId } = writer;
  const { scheme, terms, quote, items } = prepared;
  const prefix = scheme.prefix.trim().toUpperCase();
  const [running] = await takeNumbers(tx, companyId, pledgeCounter(prefix), '', 1);
  const pledgeNo = `${prefix}${running}`;
  const values: NewPledge = {
    companyId,
    pledgeNo,
    customerId: input.customer_id,
    schemeId: input.scheme_id,
    pledgeDate: prepared.pledgeDate,
    ...termColumns(terms),
    rateBasis: prepared.rateBasis,
    ...figureColumns(quote),
    status: input.status,
    // Move to Bank is its own step after the pledge is saved.
    isMoveToBank: false,
    remarks: input.remarks ?? null,
    packetNo: input.packet_no || null,
    ...payout,
    ...(renewal ? { renewedFromPledgeId: renewal.fromPledgeId } : {}),
    createdBy: writer.userId,
    updatedBy: writer.userId,
  };
  const pledgeId = await insertPledge(tx, values);
  await insertPledgeItems(
    tx,
    input.items.map((item, i) => ({
      companyId,
      pledgeId,
      jewellDesignId: item.jewell_design_id,
      jewellCondition: item.jewell_condition ?? null,
      grossWeight: gramsNumeric(items[i]!.grossWeightMg),
      netWeight: gramsNumeric(items[i]!.netWeightMg),
      netValue: numericFromPaise(itemValuePaise(items[i]!.netWeightMg, terms.ratePaise)),
      remarks: item.remarks ?? null,
      ...(renewal ? { renewedFromItemId: renewal.itemsFrom[i] ?? null } : {}),
    })),
  );
  return { pledgeId, pledgeNo };
}

/** A pledge row with its items, as the audit trail keeps it (money in rupees). */
export async function pledgeSnapshot(db: DbOrTx, companyId: number, pledgeId: number) {
  return withChildren(
    await rowSnapshot(db, 'pledges', companyId, pledgeId),
    'items',
    await childRowsSnapshot(db, 'pledge_items', companyId, 'pledge_id', pledgeId),
  );
}

/**
 * Creates a pledge with its items (POST /pledges/with-items): checks the parties, takes the rate in force
 * on the pledge date, recomputes every figure, numbers it from the scheme prefix, and pays the loan out
 * with a Payment voucher, all in one transaction (with the Idempotency-Key's committed mark).
 */
export async function createPledge(
  db: Db,
  writer: PledgeWriter,
  input: NewPledgeInput,
): Promise<PledgeSaveOutcome> {
  const { companyId } = writer;
  // Move to Bank is its own step after the pledge is saved: its articles start in the vault.
  if (input.is_move_to_bank) throw AppError.field('is_move_to_bank', BANK_REPLEDGE_MESSAGES.createAtBank);
  return db
    .transaction(async (tx) => {
      const prepared = await prepareNewPledge(tx, companyId, writer.today, input);
      const payout = await payoutOrRefuse(tx, companyId, input, prepared.quote.finalAmountPaise);
      const { pledgeId, pledgeNo } = await writeNewPledge(tx, writer, prepared, input, payout);
      const voucherId = await postPayout(
        tx,
        writer,
        { id: pledgeId, pledgeNo, customerName: prepared.customerName },
        prepared.quote,
        prepared.pledgeDate,
        payout.payoutMethod,
      );
      await updatePledgeRow(tx, companyId, pledgeId, { voucherId });
      // The use case records (a renewal, which shares prepareNewPledge and writeNewPledge, records its own).
      const after = await pledgeSnapshot(tx, companyId, pledgeId);
      await recordAudit(tx, { action: 'create', entity: 'pledge', entityId: pledgeId, after });
      // The Idempotency-Key's committed mark commits with the pledge and its voucher, never without.
      await markIdempotentCommit(tx, writer.idempotency);
      return { pledgeId, warnings: preparedWarnings(prepared, writer.today) };
    })
    .catch(constraintErrors);
}

/** An item of the pledge after the edit: a stored one (kept or updated) or a new one. */
interface FinalItem extends ItemWeights {
  stored: PledgeItemRecord | null;
  jewellDesignId: number;
  jewellCondition: string | null;
  remarks: string | null;
}

const storedWeights = (item: PledgeItemRecord): ItemWeights => ({
  grossWeightMg: gramsToMg(item.grossWeight),
  netWeightMg: gramsToMg(item.netWeight),
});

/**
 * The item ids an edit names must be this pledge's, each named once, and not both kept and deleted
 * (422 under the field that names it).
 */
function checkItemIds(input: UpdatePledgeInput, stored: ReadonlyMap<number, PledgeItemRecord>): void {
  const fields: FieldError[] = [];
  const deleted = new Set<number>();
  input.delete_item_ids.forEach((id, k) => {
    if (!stored.has(id))
      fields.push(fieldError(`delete_item_ids.${k}`, PLEDGE_SERVER_MESSAGES.notThisPledge));
    deleted.add(id);
  });
  const listed = new Set<number>();
  input.items.forEach((item, i) => {
    if (item.action === 'add' || item.pledge_item_id == null) return;
    const id = item.pledge_item_id;
    const field = `items.${i}.pledge_item_id`;
    if (!stored.has(id)) fields.push(fieldError(field, PLEDGE_SERVER_MESSAGES.notThisPledge));
    else if (listed.has(id)) fields.push(fieldError(field, PLEDGE_SERVER_MESSAGES.repeatedItem));
    else if (deleted.has(id)) fields.push(fieldError(field, PLEDGE_SERVER_MESSAGES.keptAndDeleted));
    listed.add(id);
  });
  if (fields.length > 0) throw validation(fields);
}

/**
 * The items after the edit, in their order: stored items not deleted (an `update` applies the values
 * sent; `keep`, or not listed at all, leaves them as they are), then the added ones.
 */
function finalItems(input: UpdatePledgeInput, stored: readonly PledgeItemRecord[]): FinalItem[] {
  const updates = new Map(
    input.items.flatMap((item) =>
      item.action === 'update' && item.pledge_item_id != null ? [[item.pledge_item_id, item] as const] : [],
    ),
  );
  const deleted = new Set(input.delete_item_ids);
  const kept: FinalItem[] = stored
    .filter((s) => !deleted.has(s.id))
    .map((s) => {
      const u = updates.get(s.id);
      return u
        ? {
            stored: s,
            ...weightsOf(u),
            jewellDesignId: u.jewell_design_id,
            jewellCondition: u.jewell_condition ?? null,
            remarks: u.remarks ?? null,
          }
        : {
            stored: s,
            ...storedWeights(s),
            jewellDesignId: s.jewellDesignId,
            jewellCondition: s.jewellCondition,
            remarks: s.remarks,
          };
    });
  const added: FinalItem[] = input.items
    .filter((item) => item.action === 'add')
    .map((item) => ({
      stored: null,
      ...weightsOf(item),
      jewellDesignId: item.jewell_design_id,
      jewellCondition: item.jewell_condition ?? null,
      remarks: item.remarks ?? null,
    }));
  return [...kept, ...added];
}

/** Whether an item's design or weights change (its condition and remarks are notes, always editable). */
function itemMoves(item: FinalItem): boolean {
  if (!item.stored) return true;
  const s = storedWeights(item.stored);
  return (
    item.jewellDesignId !== item.stored.jewellDesignId ||
    item.grossWeightMg !== s.grossWeightMg ||
    item.netWeightMg !== s.netWeightMg
  );
}

/**
 * Move to Bank as an edit leaves it: the flag follows the re-pledge steps, so an edit
 * that leaves it out or sends it unchanged keeps it, and one that changes it is a 409 pointing to Move
 * to Bank / Return from Bank. One exception: a pledge flagged before re-pledges were recorded (no open
 * re-pledge behind the flag) may have the flag cleared, since there is nothing at a bank to return.
 */
async function editedMoveToBank(
  tx: Tx,
  companyId: number,
  current: { id: number; isMoveToBank: boolean },
  sent: boolean | undefined,
): Promise<boolean> {
  if (sent === undefined || sent === current.isMoveToBank) return current.isMoveToBank;
  if (!sent && !(await hasOpenRepledge(tx, companyId, current.id))) return false;
  throw AppError.conflict('USE_BANK_STEPS', BANK_REPLEDGE_MESSAGES.editFlag);
}

/**
 * A pledge on its way out keeps its figures: in a live auction lot (the lot's
 * catalogue and reserve were set from them), under a sent notice before sale (the letter stated the
 * amount due), or at a bank with money borrowed on it (the bank lent against these articles and this
 * loan). 409 naming the state; the notes (status, remarks, conditions) stay editable.
 */
async function assertNotEnding(tx: Tx, companyId: number, pledgeId: number): Promise<void> {
  const lot = (await readLiveLots(tx, companyId, [pledgeId])).get(pledgeId);
  if (lot !== undefined) throw AppError.conflict('PLEDGE_IN_AUCTION', PLEDGE_SERVER_MESSAGES.inAuction(lot));
  const notice = (await readServedNotices(tx, companyId, [pledgeId])).get(pledgeId);
  if (notice) {
    throw AppError.conflict('PLEDGE_NOTICE_SERVED', PLEDGE_SERVER_MESSAGES.noticeServed(notice.noticeNo));
  }
  if (await hasOpenRepledge(tx, companyId, pledgeId)) {
    throw AppError.conflict('PLEDGE_AT_BANK', PLEDGE_SERVER_MESSAGES.atBank);
  }
}

/**
 * The pledge's figures are in the pledge book (Form E) of its date: a pledge dated on
 * a closed day keeps them, and none moves into a closed day (409 DAY_CLOSED, as a voucher). Each day's
 * shared lock is held to the commit, so a day close waits for this edit or refuses it.
 */
async function assertDaysOpen(tx: Tx, companyId: number, storedDate: string, newDate: string): Promise<void> {
  await lockDayShared(tx, companyId, storedDate);
  if (await isDayClosed(tx, companyId, storedDate)) {
    throw AppError.conflict('DAY_CLOSED', PLEDGE_SERVER_MESSAGES.dayClosed(storedDate));
  }
  if (newDate !== storedDate) await assertDayOpen(tx, companyId, newDate);
}

/**
 * Changes a pledge (PUT /pledges/{id}/with-items) under its row lock. Status, remarks and
 * the items' condition and remarks always change. The customer, scheme, date, amounts and the items'
 * designs and weights change only while the pledge is open (409), has no payment (409), is in no live
 * auction lot, under no sent notice and not at a bank (409), and its stored and new dates are open days
 * (409 DAY_CLOSED); then every
 * figure is recomputed, and a change of the loan, first month interest or document charges reverses
 * the old Payment voucher and posts a new one, both dated the edit's business day (docs/decisions.md).
 * The pledge keeps its number.
 */
export async function changePledge(
  db: Db,
  writer: PledgeWriter,
  pledgeId: number,
  input: UpdatePledgeInput,
): Promise<PledgeSaveOutcome> {
  const { companyId } = writer;
  return db
    .transaction(async (tx) => {
      const current = await lockPledge(tx, companyId, pledgeId);
      if (!current) throw AppError.notFound('Pledge');
      const before = await pledgeSnapshot(tx, companyId, pledgeId);
      const audit = async () => {
        const after = await pledgeSnapshot(tx, companyId, pledgeId);
        await recordAudit(tx, { action: 'update', entity: 'pledge', entityId: pledgeId, before, after });
      };
      const isMoveToBank = await editedMoveToBank(tx, companyId, current, input.is_move_to_bank);
      const stored = await lockPledgeItems(tx, companyId, pledgeId);
      checkItemIds(input, new Map(stored.map((s) => [s.id, s])));
      const items = finalItems(input, stored);
      const loanPaise = rupeesToPaise(input.total_loan_amount);
      const documentChargesPaise = rupeesToPaise(input.document_charges);
      const partiesMove =
        input.customer_id !== current.customerId ||
        input.scheme_id !== current.schemeId ||
        input.pledge_date !== current.pledgeDate;
      // A new payout method changes the payout voucher (1000 or 1190): it moves the money.
      const methodMoves = input.payout_method !== current.payoutMethod;
      const coreMoves =
        partiesMove ||
        methodMoves ||
        loanPaise !== rupeesToPaise(current.totalLoanAmount) ||
        documentChargesPaise !== rupeesToPaise(current.documentCharges) ||
        input.delete_item_ids.length > 0 ||
        items.some(itemMoves);

      const notes = {
        status: input.status,
        remarks: input.remarks ?? null,
        // Left out (an older client), the packet number stays; sent empty, it is cleared.
        ...(input.packet_no === undefined ? {} : { packetNo: input.packet_no || null }),
        isMoveToBank,
        // The reference of a non-cash payout is a note (the voucher does not carry it).
        ...(current.payoutMethod !== 'cash' && input.payout_reference?.trim()
          ? { payoutReference: input.payout_reference.trim() }
          : {}),
        updatedBy: writer.userId,
      };
      const noteItems = async () => {
        for (const item of items) {
          if (item.stored) {
            await updatePledgeItem(tx, companyId, item.stored.id, {
              jewellCondition: item.jewellCondition,
              remarks: item.remarks,
            });
          }
        }
      };
      if (!coreMoves) {
        // Figures sent must still be the pledge's own (the stored ones: nothing they depend on moved).
        const sentItems = input.items.map((item) => ({
          net_weight: item.net_weight,
          net_value: item.net_value,
        }));
        const stale = pledgeFigureMismatches(
          { ...input, items: sentItems },
          {
            dueDate: current.dueDate,
            firstMonthInterestPaise: rupeesToPaise(current.firstMonthInterest),
            finalAmountPaise: rupeesToPaise(current.finalAmount),
          },
          rupeesToPaise(current.ratePerGram),
        );
        if (stale.length > 0) throw validation(fromDomain(stale));
        await noteItems();
        await updatePledgeRow(tx, companyId, pledgeId, notes);
        await audit();
        return { pledgeId, warnings: [] };
      }

      if (current.closedDate !== null)
        throw AppError.conflict('PLEDGE_CLOSED', PLEDGE_SERVER_MESSAGES.closed);
      // Its payout voucher credits 1195 (the old pledge's outstanding): reversing it would unbalance 1195.
      if (current.renewedFromPledgeId !== null)
        throw AppError.conflict('PLEDGE_RENEWED', PLEDGE_SERVER_MESSAGES.renewed);
      if (await hasPayments(tx, companyId, pledgeId)) {
        throw AppError.conflict('PLEDGE_HAS_PAYMENTS', PLEDGE_SERVER_MESSAGES.hasPayments);
      }
      await assertNotEnding(tx, companyId, pledgeId);
      const pledgeDate = pledgeDateOf(input.pledge_date, writer.today);
      await assertDaysOpen(tx, companyId, current.pledgeDate, pledgeDate);
      const designs = input.items.flatMap((item, i) =>
        item.action === 'keep' ? [] : [{ field: `items.${i}.jewell_design_id`, id: item.jewell_design_id }],
      );
      const { customerName, scheme } = await checkParties(tx, companyId, input, designs, {
        customer: input.customer_id !== current.customerId,
        scheme: input.scheme_id !== current.schemeId,
      });
      // The branch's compliance settings hold for the edited loan as for a new one: a new
      // scheme within the interest ceiling, and under the RBI regime its term, valuation, ratio and weights.
      const compliance = await findCompliance(tx, companyId);
      const rbi = compliance?.regime === 'rbi' ? compliance.rbiRules : null;
      if (input.scheme_id !== current.schemeId) {
        assertWithinCeiling(compliance, percentToBp(scheme.interestRatePerMonth), 'scheme_id');
        if (rbi) assertRbiTerm(scheme, rbi, 'scheme_id');
      }
      // The pledge keeps the terms it was made under unless it moves to another scheme or date.
      const retake = input.scheme_id !== current.schemeId || pledgeDate !== current.pledgeDate;
      let terms: Terms = storedTerms(current);
      let rateBasis = current.rateBasis;
      if (retake) {
        const rate = await valuationRateOf(tx, companyId, scheme.jewelTypeId, pledgeDate, rbi);
        terms = schemeTerms(scheme, rate.ratePerGram);
        rateBasis = storedBasis(rate);
      }
      // A kept item is checked as stored, whatever weights the screen sent with it.
      const sentItems = input.items.map((item) => {
        const s = item.action === 'keep' ? stored.find((x) => x.id === item.pledge_item_id) : undefined;
        return s ? { net_weight: Number(s.netWeight) } : item;
      });
      const quote = quoteOrRefuse(input, sentItems, items, terms, pledgeDate);
      if (rbi) {
        await assertRbiNewLoan(tx, {
          companyId,
          customerId: input.customer_id,
          exceptPledgeId: pledgeId,
          loanPaise: quote.loanPaise,
          valuationPaise: quote.valuationPaise,
          interestRateBp: terms.interestRateBp,
          durationMonths: terms.durationMonths,
          bulletRepayment: scheme.bulletRepayment,
          jewelTypeId: scheme.jewelTypeId,
          items: items.map((item) => ({
            jewellDesignId: item.jewellDesignId,
            grossWeightMg: item.grossWeightMg,
          })),
          rules: rbi,
        });
      }

      await deletePledgeItems(tx, companyId, pledgeId, input.delete_item_ids);
      for (const s of stored) {
        if (input.delete_item_ids.includes(s.id) && s.imageFileId) await deleteFile(tx, s.imageFileId);
      }
      const columns = (item: FinalItem) => ({
        jewellDesignId: item.jewellDesignId,
        jewellCondition: item.jewellCondition,
        grossWeight: gramsNumeric(item.grossWeightMg),
        netWeight: gramsNumeric(item.netWeightMg),
        netValue: numericFromPaise(itemValuePaise(item.netWeightMg, terms.ratePaise)),
        remarks: item.remarks,
      });
      for (const item of items) {
        if (item.stored) await updatePledgeItem(tx, companyId, item.stored.id, columns(item));
      }
      await insertPledgeItems(
        tx,
        items.filter((item) => !item.stored).map((item) => ({ companyId, pledgeId, ...columns(item) })),
      );

      let voucherId = current.voucherId;
      const moneyMoves =
        methodMoves ||
        quote.loanPaise !== rupeesToPaise(current.totalLoanAmount) ||
        quote.firstMonthInterestPaise !== rupeesToPaise(current.firstMonthInterest) ||
        quote.documentChargesPaise !== rupeesToPaise(current.documentCharges);
      let payout: Awaited<ReturnType<typeof payoutOrRefuse>> | null = null;
      if (moneyMoves || voucherId === null) {
        // The cash limit applies to the new payout, before anything is posted.
        payout = await payoutOrRefuse(tx, companyId, input, quote.finalAmountPaise);
        if (voucherId !== null) await reversePayout(tx, writer, current, voucherId);
        voucherId = await postPayout(
          tx,
          writer,
          { id: pledgeId, pledgeNo: current.pledgeNo, customerName },
          quote,
          writer.today,
          payout.payoutMethod,
        );
      }
      await updatePledgeRow(tx, companyId, pledgeId, {
        ...notes,
        customerId: input.customer_id,
        schemeId: input.scheme_id,
        pledgeDate,
        ...termColumns(terms),
        rateBasis,
        ...figureColumns(quote),
        ...(payout ?? {}),
        voucherId,
      });
      await audit();
      const backdated =
        pledgeDate !== current.pledgeDate && pledgeDate < writer.today ? { pledgeDate } : null;
      return { pledgeId, warnings: warningsOf(items, quote, backdated) };
    })
    .catch(constraintErrors);
}

/** Undoes the pledge's payout voucher with its lines reversed (a Journal, source 'pledge-reversal'). */
async function reversePayout(
  tx: Tx,
  writer: PledgeWriter,
  pledge: { id: number; pledgeNo: string },
  voucherId: number,
): Promise<void> {
  const old = await findVoucherLines(tx, writer.companyId, voucherId);
  const lines = reversePostings(
    old.map((l) => ({
      accountId: l.accountId,
      debitPaise: rupeesToPaise(l.debit),
      creditPaise: rupeesToPaise(l.credit),
    })),
  );
  await postVoucher(tx, {
    companyId: writer.companyId,
    voucherType: 'Journal',
    entryDate: writer.today,
    narration: `Pledge ${pledge.pledgeNo} edited: its earlier payout reversed`,
    referenceNumber: pledge.pledgeNo,
    lines,
    source: { kind: 'pledge-reversal', id: pledge.id },
    createdBy: writer.userId,
  });
}
