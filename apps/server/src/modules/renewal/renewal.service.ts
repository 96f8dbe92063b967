import {
  formatIndianDate,
  formatRupees,
  gramsToMg,
  isOverdue,
  itemValuePaise,
  KEPT_WEIGHT_MESSAGES,
  KEPT_WEIGHT_TOLERANCE_MG,
  type KeptWeighing,
  mgToGrams,
  type PledgeBalance,
  paiseToRupees,
  RBI_MESSAGES,
  RENEWAL_METHOD,
  type RenewalPreview,
  type RenewalSaved,
  type RenewPledgeInput,
  renewalPostings,
  rupeesToPaise,
  SYSTEM_ACCOUNT_LIST,
  type SystemAccountCode,
  type VoucherLine,
  weighKeptArticle,
} from '@pledge-desk/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/open-db.ts';
import { jewelDesigns, pledges } from '../../db/schema/index.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { childRowsSnapshot, recordAudit, rowSnapshot, withChildren } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { verifyApprover } from '../branch-day/branch-day.service.ts';
import { assertCashLimit, findCashLimit } from '../companies/cash-settings.ts';
import { findEndOfPledgeSettings } from '../companies/end-of-pledge-settings.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import type { FileLinks } from '../files/file-links.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { recordReceipt } from '../payments/payments.service.ts';
import { balanceOf, type StoredPayments, storedPaymentsOf } from '../payments/pledge-balance.ts';
import type { PledgeItemRow, PledgeRow } from '../pledges/pledge-view.ts';
import { findPledgeItems, lockPledge, pledgeExists, updatePledgeRow } from '../pledges/pledges.repository.ts';
import { readPledgeView } from '../pledges/pledges.routes.ts';
import {
  constraintErrors,
  type PreparedPledge,
  preparedWarnings,
  prepareNewPledge,
  writeNewPledge,
} from '../pledges/pledges.service.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';
import {
  findRenewalLinks,
  findSchemeName,
  insertRenewal,
  isInLiveLot,
  markOldPledgeRenewed,
} from './renewal.repository.ts';

// Renewal and top-up in one step (docs/domain-rules.md §8.3): the old pledge closed by
// a payment of method 'renewal' (Dr 1195 / Cr 4000 / Cr 1200, its one receipt), and a new pledge for the
// same customer made through the pledge create path, its loan paid out from 1195 first (Dr 1200; Cr 4000,
// Cr 4100; Cr 1195 the old outstanding; Cr 1000/1190 the cash handed over, or Dr the cash the customer
// adds). One transaction; 1195 nets to 0. The preview runs the same plan and writes nothing.

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
interface NewItem {
  jewell_design_id: number;
  jewell_condition: string | null;
  remarks: string | null;
  gross_weight: number;
  net_weight: number;
  net_value?: number | undefined;
  renewedFromItemId: number | null;
}

/** A kept article weighed heavier than its pledge stored, beyond the tolerance. */
interface WeightIncrease {
  /** Its place in the body's `items.keep`. */
  keepIndex: number;
  pledgeItemId: number;
  storedGrossMg: number;
  storedNetMg: number;
  grossMg: number;
  netMg: number;
  weighing: KeptWeighing;
}

interface RenewalPlan {
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

const validation = (fields: FieldError[]) =>
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
 * The save's approval of the kept articles weighed heavier than stored: gold does
 * not gain weight, so each such weight is refused under its field, naming what the pledge stored,
 * unless the body gives the reason and an admin approves (the caller when an admin, else the admin
 * the route checked by name and password). Answers who approved and why, or nulls when nothing rose.
 */
function weightApproval(
  plan: Pick<RenewalPlan, 'weightIncreases'>,
  writer: RenewalWriter,
  input: RenewPledgeInput,
): { approvedBy: number | null; reason: string | null } {
  if (plan.weightIncreases.length === 0) return { approvedBy: null, reason: null };
  const reason = input.weight_increase_reason?.trim() || null;
  const approvedBy = writer.isAdmin ? writer.userId : (writer.approverId ?? null);
  if (reason !== null && approvedBy !== null) return { approvedBy, reason };
  const fields: FieldError[] = plan.weightIncreases.flatMap((w) => {
    const loc = ['body', 'items', 'keep', w.keepIndex];
    const out: FieldError[] = [];
    if (w.weighing.grossIncreaseMg > KEPT_WEIGHT_TOLERANCE_MG) {
      out.push({
        loc: [...loc, 'gross_weight'],
        msg: KEPT_WEIGHT_MESSAGES.heavier(w.storedGrossMg),
        type: 'weight_increase',
      });
    }
    if (w.weighing.netIncreaseMg > KEPT_WEIGHT_TOLERANCE_MG) {
      out.push({
        loc: [...loc, 'net_weight'],
        msg: KEPT_WEIGHT_MESSAGES.heavier(w.storedNetMg),
        type: 'weight_increase',
      });
    }
    return out;
  });
  if (reason === null) {
    fields.push({
      loc: ['body', 'weight_increase_reason'],
      msg: KEPT_WEIGHT_MESSAGES.reason,
      type: 'missing',
    });
  }
  if (approvedBy === null) {
    fields.push({ loc: ['body', 'approver'], msg: KEPT_WEIGHT_MESSAGES.approver, type: 'approval_required' });
  }
  throw validation(fields);
}

/**
 * The save refuses when the cash the clerk's preview showed is not what it would move (a loan typed
 * after the preview, or the outstanding or the rate moved since): 409, so the screen asks for the
 * preview again and the clerk reads the new figures before saving.
 */
function assertFiguresAsShown(plan: RenewalPlan, input: RenewPledgeInput): void {
  const { figures } = plan.postings;
  const differs = (shown: number | undefined, paise: number) =>
    shown !== undefined && rupeesToPaise(shown) !== paise;
  if (
    differs(input.expected_cash_to_customer, figures.cashToCustomerPaise) ||
    differs(input.expected_cash_from_customer, figures.cashFromCustomerPaise)
  ) {
    throw AppError.conflict('FIGURES_CHANGED', RENEWAL_SERVER_MESSAGES.figuresChanged);
  }
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

/** Reads the old pledge (locked FOR UPDATE for the save), checks everything, and values the new one. */
async function planRenewal(
  tx: Tx,
  writer: RenewalWriter,
  pledgeId: number,
  input: RenewPledgeInput,
  lock: boolean,
): Promise<RenewalPlan> {
  const { companyId } = writer;
  const old = lock
    ? await lockPledge(tx, companyId, pledgeId)
    : (
        await tx
          .select()
          .from(pledges)
          .where(and(eq(pledges.companyId, companyId), eq(pledges.id, pledgeId)))
          .limit(1)
      )[0];
  if (!old) throw AppError.notFound('Pledge');
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

async function designNames(db: DbOrTx, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: jewelDesigns.id, name: jewelDesigns.designName })
    .from(jewelDesigns)
    .where(and(eq(jewelDesigns.companyId, companyId), inArray(jewelDesigns.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function toPreview(
  db: DbOrTx,
  writer: RenewalWriter,
  plan: RenewalPlan,
  numbers: { close: string | null; open: string | null },
): Promise<RenewalPreview> {
  const { old, balance, prepared, postings } = plan;
  const { quote, terms } = prepared;
  const names = await designNames(
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

/**
 * POST /pledges/{id}/renew/preview: every figure of the renewal as the save would make it, from the
 * same checks (a 409 or 422 the save would answer, the preview answers too); nothing is written.
 */
export async function previewRenewal(
  db: Db,
  writer: RenewalWriter,
  pledgeId: number,
  input: RenewPledgeInput,
): Promise<RenewalPreview> {
  return db.transaction(async (tx) => {
    const plan = await planRenewal(tx, writer, pledgeId, input, false);
    return toPreview(tx, writer, plan, { close: null, open: null });
  });
}

/**
 * POST /pledges/{id}/renew: one transaction. The old pledge locked FOR UPDATE and checked again; closed
 * by a payment of method 'renewal' (its receipt, Dr 1195 / Cr 4000 / Cr 1200; closed_by 'renewal') and
 * its articles released on the renewal date (carried over or returned); the new pledge numbered and
 * inserted through the create path with the kept articles linked to their originals; the renewal's
 * row; the new pledge's Payment voucher per `renewalPostings().openNew` (1195 back to 0). The cash
 * that moves passes the company's cash limit.
 */
/**
 * The renewal as its caller makes it: an admin approves a kept article's weight increase themselves,
 * anyone else names an admin in `approver`, whose password is checked here before the transaction, as a
 * payment's approver's is (argon2 should not run while the pledge is locked); renewPledge decides whether
 * the approval was needed.
 */
export async function renewPledgeAs(
  db: Db,
  links: FileLinks,
  writer: Omit<RenewalWriter, 'isAdmin' | 'approverId'> & { role: string; ip: string },
  pledgeId: number,
  input: RenewPledgeInput,
): Promise<RenewalSaved> {
  const { role, ip, ...rest } = writer;
  const isAdmin = role === 'admin';
  const approverId = !isAdmin && input.approver ? await verifyApprover(db, input.approver, ip) : null;
  return renewPledge(db, links, { ...rest, isAdmin, approverId }, pledgeId, input);
}

export async function renewPledge(
  db: Db,
  links: FileLinks,
  writer: RenewalWriter,
  pledgeId: number,
  input: RenewPledgeInput,
): Promise<RenewalSaved> {
  const { companyId, userId } = writer;
  return db
    .transaction(async (tx) => {
      const plan = await planRenewal(tx, writer, pledgeId, input, true);
      const approval = weightApproval(plan, writer, input);
      assertFiguresAsShown(plan, input);
      const { old, balance, prepared, postings } = plan;
      const before = await pledgeSnapshot(tx, companyId, old.id);
      const { figures } = postings;
      let overLimit = false;
      if (plan.cashPaise > 0) {
        overLimit = await assertCashLimit(tx, companyId, {
          amountPaise: plan.cashPaise,
          method: plan.method,
          confirmed: input.cash_limit_confirmed,
          what: figures.cashToCustomerPaise > 0 ? 'payout' : 'receipt',
          methodField: 'payment_method',
        });
      }

      const receipt = await recordReceipt(tx, {
        companyId,
        userId,
        customerId: old.customerId,
        kind: 'single',
        paymentDate: plan.renewalDate,
        paymentMethod: RENEWAL_METHOD,
        remarks: 'Closed by its renewal',
        parts: [
          {
            pledge: old,
            paymentType: 'full_payment',
            interestPaise: balance.remainingInterestPaise,
            principalPaise: balance.remainingPrincipalPaise,
            penaltyPaise: 0,
            discountPaise: 0,
            balanceAfterPaise: 0,
            closes: true,
          },
        ],
      });

      const { pledgeId: newPledgeId, pledgeNo: newPledgeNo } = await writeNewPledge(
        tx,
        { companyId, userId, today: writer.today },
        prepared,
        {
          customer_id: old.customerId,
          scheme_id: plan.schemeId,
          status: 'active',
          is_move_to_bank: false,
          remarks: input.remarks ?? null,
          items: plan.newItems,
        },
        {
          payoutMethod: plan.method,
          payoutReference: plan.reference,
          cashLimitConfirmed: overLimit && input.cash_limit_confirmed,
        },
        { fromPledgeId: old.id, itemsFrom: plan.newItems.map((i) => i.renewedFromItemId) },
      );
      await markOldPledgeRenewed(tx, companyId, old.id, {
        newPledgeId,
        releasedOn: plan.renewalDate,
        userId,
      });
      const money = numericFromPaise;
      const renewalId = await insertRenewal(tx, {
        companyId,
        oldPledgeId: old.id,
        newPledgeId,
        renewalDate: plan.renewalDate,
        oldPrincipal: money(balance.remainingPrincipalPaise),
        oldInterest: money(balance.remainingInterestPaise),
        oldPenalty: '0.00',
        oldOutstanding: money(figures.oldOutstandingPaise),
        newLoan: money(prepared.quote.loanPaise),
        newFinalAmount: money(figures.newFinalAmountPaise),
        cashToCustomer: money(figures.cashToCustomerPaise),
        cashFromCustomer: money(figures.cashFromCustomerPaise),
        paymentMethod: plan.method,
        paymentReference: plan.reference,
        receiptId: receipt.receiptId,
        cashLimitConfirmed: overLimit && input.cash_limit_confirmed,
        weightIncreaseReason: approval.reason,
        weightIncreaseApprovedBy: approval.approvedBy,
        createdBy: userId,
      });
      const voucher = await postVoucher(tx, {
        companyId,
        voucherType: 'Payment',
        entryDate: plan.renewalDate,
        narration: `Pledge ${newPledgeNo} to ${plan.customerName}: renewal of pledge ${old.pledgeNo}, its outstanding settled from the new loan`,
        referenceNumber: newPledgeNo,
        lines: postings.openNew,
        source: { kind: 'renewal', id: renewalId },
        createdBy: userId,
      });
      await updatePledgeRow(tx, companyId, newPledgeId, { voucherId: voucher.id });
      // One event for the whole renewal (the receipt and the new pledge are written through internals
      // that record nothing): the old pledge before, and after it the renewal's figures, the old
      // pledge closed and the new one with its articles.
      const { id: _renewalRowId, ...renewalRow } =
        (await rowSnapshot(tx, 'pledge_renewals', companyId, renewalId)) ?? {};
      await recordAudit(tx, {
        action: 'renew',
        entity: 'pledge',
        entityId: old.id,
        before,
        after: {
          renewal_id: renewalId,
          ...renewalRow,
          receipt_no: receipt.receiptNo,
          new_pledge_no: newPledgeNo,
          old_pledge: await rowSnapshot(tx, 'pledges', companyId, old.id),
          new_pledge: await pledgeSnapshot(tx, companyId, newPledgeId),
        },
      });
      // The Idempotency-Key's committed mark commits with both pledges and their vouchers, never without.
      await markIdempotentCommit(tx, writer.idempotency);

      const preview = await toPreview(tx, writer, plan, {
        close: receipt.voucherNumber,
        open: voucher.voucherNumber,
      });
      return {
        ...preview,
        renewal_id: renewalId,
        receipt_id: receipt.receiptId,
        receipt_no: receipt.receiptNo,
        old_pledge_view: await readPledgeView(tx, links, companyId, old.id),
        new_pledge_view: await readPledgeView(tx, links, companyId, newPledgeId),
      };
    })
    .catch(constraintErrors);
}

/** A pledge as the audit trail keeps it: its row with its articles. */
async function pledgeSnapshot(tx: Tx, companyId: number, pledgeId: number) {
  return withChildren(
    await rowSnapshot(tx, 'pledges', companyId, pledgeId),
    'items',
    await childRowsSnapshot(tx, 'pledge_items', companyId, 'pledge_id', pledgeId),
  );
}

/** GET /pledges/{id}/renewals: the pledge it was renewed from and the one it was renewed into. */
export async function readRenewalLinks(db: DbOrTx, companyId: number, pledgeId: number) {
  if (!(await pledgeExists(db, companyId, pledgeId))) throw AppError.notFound('Pledge');
  const rows = await findRenewalLinks(db, companyId, pledgeId);
  const from = rows.find((r) => r.renewal.newPledgeId === pledgeId);
  const to = rows.find((r) => r.renewal.oldPledgeId === pledgeId);
  return {
    pledge_id: pledgeId,
    renewed_from: from
      ? {
          renewal_id: from.renewal.id,
          pledge_id: from.renewal.oldPledgeId,
          pledge_no: from.oldPledgeNo,
          renewal_date: from.renewal.renewalDate,
        }
      : null,
    renewed_to: to
      ? {
          renewal_id: to.renewal.id,
          pledge_id: to.renewal.newPledgeId,
          pledge_no: to.newPledgeNo,
          renewal_date: to.renewal.renewalDate,
          receipt_id: to.renewal.receiptId,
          receipt_no: to.receiptNo,
        }
      : null,
  };
}
