import {
  formatIndianDate,
  formatRupees,
  gramsToMg,
  isOverdue,
  itemValuePaise,
  type KeptWeighing,
  mgToGrams,
  type PledgeBalance,
  paiseToRupees,
  RBI_MESSAGES,
  type RenewalPreview,
  type RenewPledgeInput,
  renewalPostings,
  SYSTEM_ACCOUNT_LIST,
  type SystemAccountCode,
  type VoucherLine,
  weighKeptArticle,
} from '@pledge-desk/domain';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import type { IdempotencyRef } from '../../plugins/idempotency.ts';
import { findCashLimit } from '../companies/cash-settings.ts';
import { findEndOfPledgeSettings } from '../companies/end-of-pledge-settings.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { balanceOf, type StoredPayments, storedPaymentsOf } from '../payments/pledge-balance.ts';
import { type PreparedPledge, preparedWarnings, prepareNewPledge } from '../pledges/pledge-create.service.ts';
import type { PledgeItemRow, PledgeRow } from '../pledges/pledge-view.ts';
import { findPledgeItems } from '../pledges/pledges.repository.ts';
import { findDesignNames, findSchemeName, isInLiveLot } from './renewal.repository.ts';

// Renewal and top-up in one step (docs/domain-rules.md §8.3): the old pledge closed by
// a payment of method 'renewal' (Dr 1195 / Cr 4000 / Cr 1200, its one receipt), and a new pledge for the
// same customer made through the pledge create path, its loan paid out from 1195 first (Dr 1200; Cr 4000,
// Cr 4100; Cr 1195 the old outstanding; Cr 1000/1190 the cash handed over, or Dr the cash the customer
// adds). What the preview and the save share: the refusals, the plan (every check, and the new pledge
// valued) and its view. The preview runs the plan and writes nothing; the save runs the same plan.

export const RENEWAL_SERVER_MESSAGES = {
  closed: 'This pledge is closed and cannot be renewed.',
  inactive: 'This pledge is inactive and cannot be renewed. Make it active first.',
  atBank: 'The articles of this pledge are at a bank: bring them back before renewing it.',
  inLot: 'This pledge is in an auction lot: withdraw it from the lot before renewing it.',
  nothingOwed: 'This pledge owes nothing: close it instead of renewing it.',
  futureDate: 'Renewal date cannot be after today.',
  beforePledge: 'Renewal date cannot be before the pledge date.',
  beforeLastPayment: (date: string) =>
    `Renewal date cannot be before the pledge's latest payment on ${formatIndianDate(date)}.`,
  notThisPledge: 'This article is not part of the pledge being renewed.',
  repeatedItem: 'This article is listed more than once.',
  netAboveGross: 'Net weight cannot be more than gross weight',
  reference: 'Enter the reference of the bank transfer, online payment or cheque.',
  figuresChanged: 'The figures changed: review the preview again.',
} as const;

/** Who renews, on which business day, and the request's Idempotency-Key (the save only). */
export interface RenewalWriter {
  companyId: number;
  userId: number;
  /** The business day in the company's time zone (docs/domain-rules.md §1.3). */
  today: string;
  idempotency?: IdempotencyRef | null;
  /** The caller is an admin: they approve a kept article's weight increase themselves (the save only). */
  isAdmin?: boolean;
  /** The admin whose name and password the clerk's screen sent, already checked (the save only). */
  approverId?: number | null;
}

type Lines = VoucherLine<SystemAccountCode>[];

/** An article of the new pledge as the create path takes it, with where it came from. */
export interface NewItem {
  jewell_design_id: number;
  jewell_condition: string | null;
  remarks: string | null;
  gross_weight: number;
  net_weight: number;
  net_value?: number | undefined;
  renewedFromItemId: number | null;
}

/** A kept article weighed heavier than its pledge stored, beyond the tolerance. */
export interface WeightIncrease {
  /** Its place in the body's `items.keep`. */
  keepIndex: number;
  pledgeItemId: number;
  storedGrossMg: number;
  storedNetMg: number;
  grossMg: number;
  netMg: number;
  weighing: KeptWeighing;
}

export interface RenewalPlan {
  old: PledgeRow;
  oldItems: PledgeItemRow[];
  customerName: string;
  stored: StoredPayments;
  renewalDate: string;
  balance: PledgeBalance;
  schemeId: number;
  schemeName: string;
  newItems: NewItem[];
  weightIncreases: WeightIncrease[];
  prepared: PreparedPledge;
  postings: ReturnType<typeof renewalPostings>;
  method: RenewPledgeInput['payment_method'];
  reference: string | null;
  /** The cash that moves (to or from the customer), in paise. */
  cashPaise: number;
  cashLimitReached: boolean;
}

/** 409 unless the pledge may be renewed: open, active, its articles in the shop, not up for sale. */
async function assertRenewable(db: DbOrTx, pledge: PledgeRow): Promise<void> {
  if (pledge.closedDate !== null) throw AppError.conflict('PLEDGE_CLOSED', RENEWAL_SERVER_MESSAGES.closed);
  if (pledge.status !== 'active')
    throw AppError.conflict('PLEDGE_INACTIVE', RENEWAL_SERVER_MESSAGES.inactive);
  if (pledge.isMoveToBank) throw AppError.conflict('PLEDGE_AT_BANK', RENEWAL_SERVER_MESSAGES.atBank);
  if (await isInLiveLot(db, pledge.companyId, pledge.id)) {
    throw AppError.conflict('PLEDGE_IN_AUCTION_LOT', RENEWAL_SERVER_MESSAGES.inLot);
  }
}

function renewalDateProblem(date: string, today: string, pledge: PledgeRow, stored: StoredPayments) {
  if (date > today) return RENEWAL_SERVER_MESSAGES.futureDate;
  if (date < pledge.pledgeDate) return RENEWAL_SERVER_MESSAGES.beforePledge;
  if (stored.lastPaymentDate !== null && date < stored.lastPaymentDate) {
    return RENEWAL_SERVER_MESSAGES.beforeLastPayment(stored.lastPaymentDate);
  }
  return undefined;
}

export const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

/**
 * The create path names the new pledge's fields (`items.3.jewell_design_id`, `pledge_date`); the
 * renewal's body names them `items.add.1.jewell_design_id` (after 2 kept articles) and `renewal_date`.
 */
function renamedFields(err: unknown, keptCount: number): unknown {
  if (!(err instanceof AppError) || !err.fields) return err;
  const fields = err.fields.map((f): FieldError => {
    const [where, name, index, ...rest] = f.loc;
    if (where !== 'body') return f;
    if (name === 'pledge_date') return { ...f, loc: ['body', 'renewal_date'] };
    if (name === 'items' && typeof index === 'number') {
      const loc =
        index < keptCount ? ['body', 'items', 'keep', index] : ['body', 'items', 'add', index - keptCount];
      // A kept article's only figure the create path checks is its weight.
      return { ...f, loc: [...loc, ...rest] };
    }
    return f;
  });
  return new AppError(err.code, err.statusCode, err.message, fields, err.headers);
}

/**
 * The new pledge's articles: the kept ones first (as stored, or weighed again), then the added ones;
 * and the kept ones weighed heavier than stored (`weighKeptArticle`), which the save needs approved.
 */
function newItemsOf(
  input: RenewPledgeInput,
  oldItems: readonly PledgeItemRow[],
): { items: NewItem[]; weightIncreases: WeightIncrease[] } {
  const byId = new Map(oldItems.map((r) => [r.item.id, r.item]));
  const fields: FieldError[] = [];
  const seen = new Set<number>();
  const kept: NewItem[] = [];
  const weightIncreases: WeightIncrease[] = [];
  input.items.keep.forEach((k, i) => {
    const loc = ['body', 'items', 'keep', i];
    const stored = byId.get(k.pledge_item_id);
    if (!stored) {
      fields.push({
        loc: [...loc, 'pledge_item_id'],
        msg: RENEWAL_SERVER_MESSAGES.notThisPledge,
        type: 'value_error',
      });
      return;
    }
    if (seen.has(stored.id)) {
      fields.push({
        loc: [...loc, 'pledge_item_id'],
        msg: RENEWAL_SERVER_MESSAGES.repeatedItem,
        type: 'value_error',
      });
      return;
    }
    seen.add(stored.id);
    const gross = k.gross_weight ?? Number(stored.grossWeight);
    const net = k.net_weight ?? Number(stored.netWeight);
    const storedMg = { grossMg: gramsToMg(stored.grossWeight), netMg: gramsToMg(stored.netWeight) };
    const weighedMg = { grossMg: gramsToMg(gross), netMg: gramsToMg(net) };
    const weighing = weighKeptArticle(storedMg, weighedMg);
    if (weighing.netAboveGross) {
      fields.push({
        loc: [...loc, 'net_weight'],
        msg: RENEWAL_SERVER_MESSAGES.netAboveGross,
        type: 'value_error',
      });
    } else if (weighing.needsApproval) {
      weightIncreases.push({
        keepIndex: i,
        pledgeItemId: stored.id,
        storedGrossMg: storedMg.grossMg,
        storedNetMg: storedMg.netMg,
        ...weighedMg,
        weighing,
      });
    }
    kept.push({
      jewell_design_id: stored.jewellDesignId,
      jewell_condition: k.jewell_condition === undefined ? stored.jewellCondition : k.jewell_condition,
      remarks: k.remarks === undefined ? stored.remarks : k.remarks,
      gross_weight: gross,
      net_weight: net,
      renewedFromItemId: stored.id,
    });
  });
  if (fields.length > 0) throw validation(fields);
  const added: NewItem[] = input.items.add.map((a) => ({
    jewell_design_id: a.jewell_design_id,
    jewell_condition: a.jewell_condition ?? null,
    remarks: a.remarks ?? null,
    gross_weight: a.gross_weight,
    net_weight: a.net_weight,
    net_value: a.net_value,
    renewedFromItemId: null,
  }));
  return { items: [...kept, ...added], weightIncreases };
}

/**
 * Under the RBI regime (Directions para 11) a renewal or top-up is only for a pledge that is
 * not overdue (its due date plus the branch's grace days), and only once the interest due is paid: it
 * is not carried into the new loan. The new loan's own checks (ratio, weights, term) run as for any
 * new pledge, with the old pledge's loan and articles out of the borrower's holdings.
 */
async function assertRbiRenewal(
  tx: Tx,
  companyId: number,
  old: PledgeRow,
  renewalDate: string,
  balance: PledgeBalance,
): Promise<void> {
  if ((await findCompliance(tx, companyId))?.regime !== 'rbi') return;
  const grace = (await findEndOfPledgeSettings(tx, companyId))?.overdue_grace_days ?? 0;
  if (isOverdue(old.dueDate, grace, renewalDate)) {
    throw new AppError('VALIDATION', 422, RBI_MESSAGES.renewalOverdue, [
      { loc: ['body', 'renewal_date'], msg: RBI_MESSAGES.renewalOverdue, type: 'rbi_overdue' },
    ]);
  }
  if (balance.remainingInterestPaise > 0) {
    const msg = RBI_MESSAGES.renewalInterest(formatRupees(balance.remainingInterestPaise, '₹'));
    throw new AppError('VALIDATION', 422, msg, [
      { loc: ['body', 'total_loan_amount'], msg, type: 'rbi_interest_due' },
    ]);
  }
}

/**
 * Checks everything of the renewal of the old pledge (read by the preview, locked FOR UPDATE by the
 * save) and values the new one.
 */
export async function planRenewal(
  tx: Tx,
  writer: RenewalWriter,
  old: PledgeRow,
  input: RenewPledgeInput,
): Promise<RenewalPlan> {
  const { companyId } = writer;
  await assertRenewable(tx, old);
  const stored = storedPaymentsOf(await loadStoredPayments(tx, companyId, [old.id]), old.id);
  const renewalDate = input.renewal_date ?? writer.today;
  const dateProblem = renewalDateProblem(renewalDate, writer.today, old, stored);
  if (dateProblem) throw AppError.field('renewal_date', dateProblem);
  const balance = balanceOf(old, stored, renewalDate);
  if (balance.totalOutstandingPaise <= 0) {
    throw AppError.conflict('PLEDGE_SETTLED', RENEWAL_SERVER_MESSAGES.nothingOwed);
  }
  await assertRbiRenewal(tx, companyId, old, renewalDate, balance);

  const oldItems = await findPledgeItems(tx, companyId, old.id);
  const { items: newItems, weightIncreases } = newItemsOf(input, oldItems);
  const schemeId = input.scheme_id ?? old.schemeId;
  let prepared: PreparedPledge;
  try {
    prepared = await prepareNewPledge(
      tx,
      companyId,
      writer.today,
      {
        customer_id: old.customerId,
        scheme_id: schemeId,
        pledge_date: renewalDate,
        total_loan_amount: input.total_loan_amount,
        document_charges: input.document_charges,
        items: newItems,
      },
      { replacingPledgeId: old.id },
    );
  } catch (err) {
    throw renamedFields(err, input.items.keep.length);
  }
  const { quote } = prepared;
  const postings = renewalPostings({
    old: { principalPaise: balance.remainingPrincipalPaise, interestPaise: balance.remainingInterestPaise },
    newLoanPaise: quote.loanPaise,
    newFirstMonthInterestPaise: quote.firstMonthInterestPaise,
    newDocumentChargesPaise: quote.documentChargesPaise,
    paymentMethod: input.payment_method,
  });
  const { figures } = postings;
  const cashPaise = figures.cashToCustomerPaise + figures.cashFromCustomerPaise;
  const reference = input.payment_reference?.trim() || null;
  if (input.payment_method !== 'cash' && cashPaise > 0 && !reference) {
    throw AppError.field('payment_reference', RENEWAL_SERVER_MESSAGES.reference);
  }
  const limit = input.payment_method === 'cash' ? await findCashLimit(tx, companyId) : undefined;
  return {
    old,
    oldItems,
    customerName: prepared.customerName,
    stored,
    renewalDate,
    balance,
    schemeId,
    schemeName: await findSchemeName(tx, companyId, schemeId),
    newItems,
    weightIncreases,
    prepared,
    postings,
    method: input.payment_method,
    reference: input.payment_method === 'cash' ? null : reference,
    cashPaise,
    cashLimitReached: limit !== undefined && cashPaise > 0 && cashPaise >= limit.limitPaise,
  };
}

const rupees = paiseToRupees;
const gramsOf = (mg: number) => mgToGrams(mg);

function linesView(lines: Lines) {
  return lines.map((l) => ({
    account_code: l.accountCode,
    account_name: SYSTEM_ACCOUNT_LIST.find((a) => a.code === l.accountCode)?.name ?? l.accountCode,
    debit: rupees(l.debitPaise),
    credit: rupees(l.creditPaise),
  }));
}

const METHOD_WORDS: Record<RenewPledgeInput['payment_method'], string> = {
  cash: 'in cash',
  bank_transfer: 'by bank transfer',
  online: 'online',
  cheque: 'by cheque',
};

/** The difference in a sentence for the counter. */
function cashStatement(plan: RenewalPlan): string {
  const { figures } = plan.postings;
  const how = METHOD_WORDS[plan.method];
  if (figures.cashToCustomerPaise > 0) {
    return `Pay ${formatRupees(figures.cashToCustomerPaise)} to the customer ${how}.`;
  }
  if (figures.cashFromCustomerPaise > 0) {
    return `Collect ${formatRupees(figures.cashFromCustomerPaise)} from the customer ${how}.`;
  }
  return 'No cash changes hands: the new loan settles the old pledge exactly.';
}

/** The preview's answer for a plan; the save's too, with the numbers of its two vouchers. */
export async function toPreview(
  db: DbOrTx,
  writer: RenewalWriter,
  plan: RenewalPlan,
  numbers: { close: string | null; open: string | null },
): Promise<RenewalPreview> {
  const { old, balance, prepared, postings } = plan;
  const { quote, terms } = prepared;
  const names = await findDesignNames(
    db,
    writer.companyId,
    plan.newItems.map((i) => i.jewell_design_id),
  );
  const keptIds = new Set(
    plan.newItems.flatMap((i) => (i.renewedFromItemId === null ? [] : [i.renewedFromItemId])),
  );
  return {
    renewal_date: plan.renewalDate,
    customer_id: old.customerId,
    customer_name: plan.customerName,
    old_pledge: {
      pledge_id: old.id,
      pledge_no: old.pledgeNo,
      pledge_date: old.pledgeDate,
      days_elapsed: balance.daysElapsed,
      last_payment_date: plan.stored.lastPaymentDate,
      principal: rupees(balance.remainingPrincipalPaise),
      interest: rupees(balance.remainingInterestPaise),
      outstanding: rupees(postings.figures.oldOutstandingPaise),
    },
    new_pledge: {
      scheme_id: plan.schemeId,
      scheme_name: plan.schemeName,
      pledge_date: prepared.pledgeDate,
      due_date: quote.dueDate,
      rate_per_gram: rupees(terms.ratePaise),
      interest_rate: terms.interestRateBp / 100,
      loan_allowed_percent: terms.loanAllowedBp / 100,
      item_count: quote.itemCount,
      gross_weight: gramsOf(quote.grossMg),
      net_weight: gramsOf(quote.netMg),
      total_valuation: rupees(quote.valuationPaise),
      eligible_loan: rupees(quote.eligibleLoanPaise),
      total_loan_amount: rupees(quote.loanPaise),
      first_month_interest: rupees(quote.firstMonthInterestPaise),
      document_charges: rupees(quote.documentChargesPaise),
      final_amount: rupees(quote.finalAmountPaise),
      items: plan.newItems.map((item, i) => ({
        source: item.renewedFromItemId === null ? ('added' as const) : ('kept' as const),
        renewed_from_item_id: item.renewedFromItemId,
        jewell_design_id: item.jewell_design_id,
        design_name: names.get(item.jewell_design_id) ?? null,
        gross_weight: gramsOf(prepared.items[i]!.grossWeightMg),
        net_weight: gramsOf(prepared.items[i]!.netWeightMg),
        net_value: rupees(itemValuePaise(prepared.items[i]!.netWeightMg, terms.ratePaise)),
      })),
    },
    returned_items: plan.oldItems
      .filter((r) => !keptIds.has(r.item.id))
      .map((r) => ({
        pledge_item_id: r.item.id,
        jewell_design_id: r.item.jewellDesignId,
        design_name: r.designName,
        gross_weight: Number(r.item.grossWeight),
        net_weight: Number(r.item.netWeight),
      })),
    weight_increases: plan.weightIncreases.map((w) => ({
      pledge_item_id: w.pledgeItemId,
      stored_gross_weight: gramsOf(w.storedGrossMg),
      stored_net_weight: gramsOf(w.storedNetMg),
      gross_weight: gramsOf(w.grossMg),
      net_weight: gramsOf(w.netMg),
    })),
    cash_to_customer: rupees(postings.figures.cashToCustomerPaise),
    cash_from_customer: rupees(postings.figures.cashFromCustomerPaise),
    cash_statement: cashStatement(plan),
    payment_method: plan.method,
    cash_limit_reached: plan.cashLimitReached,
    close_voucher: {
      voucher_type: 'Receipt',
      voucher_number: numbers.close,
      lines: linesView(postings.closeOld),
    },
    open_voucher: {
      voucher_type: 'Payment',
      voucher_number: numbers.open,
      lines: linesView(postings.openNew),
    },
    warnings: preparedWarnings(prepared, writer.today),
  };
}
