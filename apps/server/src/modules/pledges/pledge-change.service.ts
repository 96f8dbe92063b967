import {
  BANK_REPLEDGE_MESSAGES,
  gramsToMg,
  itemValuePaise,
  type PledgeQuote,
  type PledgeWarning,
  percentToBp,
  pledgeFigureMismatches,
  rupeesToPaise,
  type UpdatePledgeInput,
} from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { readLiveLots, readServedNotices } from '../auctions/auctions.repository.ts';
import { hasOpenRepledge } from '../bank-repledges/bank-repledges.repository.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import { assertWithinCeiling } from '../compliance/compliance.service.ts';
import { assertRbiNewLoan, assertRbiTerm } from '../compliance/rbi-checks.ts';
import { deleteFile } from '../files/files.repository.ts';
import { assertDayOpen, isDayClosed, lockDayShared } from '../vouchers/day-guard.ts';
import {
  constraintErrors,
  fieldError,
  fromDomain,
  PLEDGE_SERVER_MESSAGES,
  validation,
} from './pledge-messages.ts';
import { type PayoutColumns, payoutOrRefuse, postPayout, reversePayout } from './pledge-payout.service.ts';
import {
  figureColumns,
  gramsNumeric,
  type ItemWeights,
  quoteOrRefuse,
  warningsOf,
  weightsOf,
} from './pledge-quote.ts';
import {
  checkParties,
  type PledgeSaveOutcome,
  type PledgeWriter,
  pledgeDateOf,
  pledgeSnapshot,
} from './pledge-shared.service.ts';
import {
  schemeTerms,
  storedBasis,
  storedTerms,
  type Terms,
  termColumns,
  valuationRateOf,
} from './pledge-terms.service.ts';
import type { PledgeRow } from './pledge-view.ts';
import {
  deletePledgeItems,
  hasPayments,
  insertPledgeItems,
  lockPledge,
  lockPledgeItems,
  type PledgeItemRecord,
  updatePledgeItem,
  updatePledgeRow,
} from './pledges.repository.ts';

// A change to a pledge (PUT /pledges/{id}/with-items). Its notes always change; its figures change only
// while nothing has been built on them (docs/domain-rules.md §2.4, §8.8), and then the pledge is valued
// again and its payout voucher replaced when the money moves.

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

/** An edit under way: the pledge and its items as locked, what was sent, and the items after the edit. */
interface Edit {
  current: PledgeRow;
  input: UpdatePledgeInput;
  stored: readonly PledgeItemRecord[];
  items: readonly FinalItem[];
}

/**
 * Whether the edit reaches the figures: another customer, scheme, date, payout method, loan or document
 * charges, an item deleted or added, or an item's design or weights. Anything else is a note.
 */
function figuresMove({ current, input, items }: Edit): boolean {
  const loanPaise = rupeesToPaise(input.total_loan_amount);
  const documentChargesPaise = rupeesToPaise(input.document_charges);
  const partiesMove =
    input.customer_id !== current.customerId ||
    input.scheme_id !== current.schemeId ||
    input.pledge_date !== current.pledgeDate;
  // A new payout method changes the payout voucher (1000 or 1190): it moves the money.
  const methodMoves = input.payout_method !== current.payoutMethod;
  return (
    partiesMove ||
    methodMoves ||
    loanPaise !== rupeesToPaise(current.totalLoanAmount) ||
    documentChargesPaise !== rupeesToPaise(current.documentCharges) ||
    input.delete_item_ids.length > 0 ||
    items.some(itemMoves)
  );
}

/** The pledge's notes as the edit leaves them; they change whether or not the figures do. */
function notesOf({ current, input }: Edit, isMoveToBank: boolean, userId: number) {
  return {
    status: input.status,
    remarks: input.remarks ?? null,
    // Left out (an older client), the packet number stays; sent empty, it is cleared.
    ...(input.packet_no === undefined ? {} : { packetNo: input.packet_no || null }),
    isMoveToBank,
    // The reference of a non-cash payout is a note (the voucher does not carry it).
    ...(current.payoutMethod !== 'cash' && input.payout_reference?.trim()
      ? { payoutReference: input.payout_reference.trim() }
      : {}),
    updatedBy: userId,
  };
}

type PledgeNotes = ReturnType<typeof notesOf>;

/**
 * An edit of the notes alone: the figures sent must still be the pledge's own (the stored ones, since
 * nothing they depend on moved), then the items' condition and remarks and the pledge's notes are saved.
 */
async function saveNotes(
  tx: Tx,
  companyId: number,
  edit: Edit,
  notes: PledgeNotes,
): Promise<PledgeWarning[]> {
  const { current, input, items } = edit;
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
  for (const item of items) {
    if (item.stored) {
      await updatePledgeItem(tx, companyId, item.stored.id, {
        jewellCondition: item.jewellCondition,
        remarks: item.remarks,
      });
    }
  }
  await updatePledgeRow(tx, companyId, current.id, notes);
  return [];
}

/**
 * Whether the figures may change at all: the pledge is open, was not opened by a renewal, has no payment
 * that counts, and is not on its way out (409 naming the reason).
 */
async function assertFiguresMayChange(tx: Tx, companyId: number, current: PledgeRow): Promise<void> {
  if (current.closedDate !== null) throw AppError.conflict('PLEDGE_CLOSED', PLEDGE_SERVER_MESSAGES.closed);
  // Its payout voucher credits 1195 (the old pledge's outstanding): reversing it would unbalance 1195.
  if (current.renewedFromPledgeId !== null)
    throw AppError.conflict('PLEDGE_RENEWED', PLEDGE_SERVER_MESSAGES.renewed);
  if (await hasPayments(tx, companyId, current.id)) {
    throw AppError.conflict('PLEDGE_HAS_PAYMENTS', PLEDGE_SERVER_MESSAGES.hasPayments);
  }
  await assertNotEnding(tx, companyId, current.id);
}

/**
 * The edited pledge valued again: its parties checked (a new customer or scheme must be active), the
 * branch's compliance settings applied as to a new loan (a new scheme within the interest ceiling; under
 * the RBI regime its term, valuation, ratio and weights), and every figure recomputed and checked.
 */
async function revalue(
  tx: Tx,
  companyId: number,
  edit: Edit,
  pledgeDate: string,
): Promise<{ customerName: string; terms: Terms; rateBasis: string | null; quote: PledgeQuote }> {
  const { current, input, stored, items } = edit;
  const designs = input.items.flatMap((item, i) =>
    item.action === 'keep' ? [] : [{ field: `items.${i}.jewell_design_id`, id: item.jewell_design_id }],
  );
  const { customerName, scheme } = await checkParties(tx, companyId, input, designs, {
    customer: input.customer_id !== current.customerId,
    scheme: input.scheme_id !== current.schemeId,
  });
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
      exceptPledgeId: current.id,
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
  return { customerName, terms, rateBasis, quote };
}

/**
 * The items as the edit leaves them: the deleted ones gone with their photos, the stored ones rewritten
 * and the added ones inserted, each valued at the pledge's rate.
 */
async function saveItems(tx: Tx, companyId: number, edit: Edit, terms: Terms): Promise<void> {
  const { current, input, stored, items } = edit;
  await deletePledgeItems(tx, companyId, current.id, input.delete_item_ids);
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
    items
      .filter((item) => !item.stored)
      .map((item) => ({ companyId, pledgeId: current.id, ...columns(item) })),
  );
}

/**
 * The payout after the edit: when the payout method, loan, first month interest or document charges
 * change (or the pledge has no payout voucher yet), the new payout passes its checks, the old voucher is
 * reversed and a new one posted, both dated the edit's business day (docs/decisions.md); otherwise the
 * voucher stays and no payout column changes.
 */
async function repostPayout(
  tx: Tx,
  writer: PledgeWriter,
  { current, input }: Edit,
  quote: PledgeQuote,
  customerName: string,
): Promise<{ voucherId: number | null; payout: PayoutColumns | null }> {
  const moneyMoves =
    input.payout_method !== current.payoutMethod ||
    quote.loanPaise !== rupeesToPaise(current.totalLoanAmount) ||
    quote.firstMonthInterestPaise !== rupeesToPaise(current.firstMonthInterest) ||
    quote.documentChargesPaise !== rupeesToPaise(current.documentCharges);
  if (!moneyMoves && current.voucherId !== null) return { voucherId: current.voucherId, payout: null };
  // The cash limit applies to the new payout, before anything is posted.
  const payout = await payoutOrRefuse(tx, writer.companyId, input, quote.finalAmountPaise);
  if (current.voucherId !== null) await reversePayout(tx, writer, current, current.voucherId);
  const voucherId = await postPayout(
    tx,
    writer,
    { id: current.id, pledgeNo: current.pledgeNo, customerName },
    quote,
    writer.today,
    payout.payoutMethod,
  );
  return { voucherId, payout };
}

/**
 * An edit of the figures: refused while they may not change (409) or when the stored or the new date is
 * a closed day (409 DAY_CLOSED); then the pledge is valued again, its items saved, its payout replaced
 * when the money moves, and its row rewritten. Answers the save warnings.
 */
async function saveFigures(
  tx: Tx,
  writer: PledgeWriter,
  edit: Edit,
  notes: PledgeNotes,
): Promise<PledgeWarning[]> {
  const { companyId } = writer;
  const { current, input, items } = edit;
  await assertFiguresMayChange(tx, companyId, current);
  const pledgeDate = pledgeDateOf(input.pledge_date, writer.today);
  await assertDaysOpen(tx, companyId, current.pledgeDate, pledgeDate);
  const { customerName, terms, rateBasis, quote } = await revalue(tx, companyId, edit, pledgeDate);
  await saveItems(tx, companyId, edit, terms);
  const { voucherId, payout } = await repostPayout(tx, writer, edit, quote, customerName);
  await updatePledgeRow(tx, companyId, current.id, {
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
  const backdated = pledgeDate !== current.pledgeDate && pledgeDate < writer.today ? { pledgeDate } : null;
  return warningsOf(items, quote, backdated);
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
      const isMoveToBank = await editedMoveToBank(tx, companyId, current, input.is_move_to_bank);
      const stored = await lockPledgeItems(tx, companyId, pledgeId);
      checkItemIds(input, new Map(stored.map((s) => [s.id, s])));
      const edit: Edit = { current, input, stored, items: finalItems(input, stored) };
      const notes = notesOf(edit, isMoveToBank, writer.userId);
      const warnings = figuresMove(edit)
        ? await saveFigures(tx, writer, edit, notes)
        : await saveNotes(tx, companyId, edit, notes);
      const after = await pledgeSnapshot(tx, companyId, pledgeId);
      await recordAudit(tx, { action: 'update', entity: 'pledge', entityId: pledgeId, before, after });
      return { pledgeId, warnings };
    })
    .catch(constraintErrors);
}
