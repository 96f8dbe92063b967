import {
  BANK_REPLEDGE_MESSAGES,
  type BankRepledge,
  bankRepledgePostings,
  bankReturnPostings,
  type MoveToBankInput,
  RBI_MESSAGES,
  type ReturnFromBankInput,
  repledgeDateProblem,
  repledgeRefusal,
  returnDateProblem,
  rupeesToPaise,
  voucherNarration,
} from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { readLiveLots } from '../auctions/auctions.repository.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';
import { lockPledges } from '../pledges/pledges.repository.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';
import {
  findActiveBank,
  findRepledgeView,
  hasOpenRepledge,
  insertRepledge,
  linkVoucherSource,
  lockOpenRepledge,
  markReturned,
  setAtBank,
} from './bank-repledges.repository.ts';

// Re-pledge with a bank (docs/domain-rules.md §8.4): the articles of an open pledge go to a
// bank against a loan (Dr 1190 or 1000, Cr 2200) and come back when it is repaid (Dr 2200, Dr 5300,
// Cr 1190 or 1000). Each step is one transaction under the pledge's row lock; the pledge's
// is_move_to_bank follows the open re-pledge, so payments refuse it (PLEDGE_AT_BANK) while it is away.
//
// No cash limit applies here: the cash limit is the shop's rule for cash with its customers (Income-tax
// Act ss. 269SS / 269T), whose provisos leave out loans from and repayments to a banking company.

/** The voucher source kinds of the two steps (read-only in the daybook, like every non-manual one). */
export const BANK_REPLEDGE_SOURCE = 'bank-repledge';
export const BANK_RETURN_SOURCE = 'bank-return';

export interface BankWriter {
  companyId: number;
  userId: number;
  /** The business day in the company's time zone. */
  today: string;
  idempotency?: IdempotencyRef | null;
}

function refuse(refusal: 'closed' | 'inactive' | 'alreadyAtBank'): never {
  const code = { closed: 'PLEDGE_CLOSED', inactive: 'PLEDGE_INACTIVE', alreadyAtBank: 'PLEDGE_AT_BANK' }[
    refusal
  ];
  throw AppError.conflict(code, BANK_REPLEDGE_MESSAGES[refusal]);
}

async function lockPledge(tx: Tx, companyId: number, pledgeId: number): Promise<PledgeRow> {
  const pledge = (await lockPledges(tx, companyId, [pledgeId])).get(pledgeId);
  if (!pledge) throw AppError.notFound('Pledge');
  return pledge;
}

/** Two moves of one pledge that both passed the check: the one-open-re-pledge index stops the second. */
const openTwice = rethrowConstraint({
  bank_repledges_open_key: AppError.conflict('PLEDGE_AT_BANK', BANK_REPLEDGE_MESSAGES.alreadyAtBank),
});

/** The pledge's row with one re-pledge of it under `bank_repledge` (null: none), for the audit trail. */
async function pledgeWithRepledge(tx: Tx, companyId: number, pledgeId: number, repledgeId: number | null) {
  const pledge = await rowSnapshot(tx, 'pledges', companyId, pledgeId);
  const repledge =
    repledgeId === null ? null : await rowSnapshot(tx, 'bank_repledges', companyId, repledgeId);
  return pledge && { ...pledge, bank_repledge: repledge };
}

async function readBack(tx: Tx, companyId: number, id: number, today: string): Promise<BankRepledge> {
  const view = await findRepledgeView(tx, companyId, id, today);
  if (!view) throw new Error(`bank re-pledge ${id} was not found after it was saved`);
  return view;
}

/**
 * POST /pledges/{id}/move-to-bank: locks the pledge, checks it is open, active and not at a bank,
 * the bank is an active one of the company and the date lies between the pledge date and today; posts
 * the Receipt voucher (Dr 1190 or 1000 the amount borrowed, Cr 2200), records the re-pledge and sets
 * the pledge's flag, with the Idempotency-Key's committed mark.
 */
export async function moveToBank(
  db: Db,
  writer: BankWriter,
  pledgeId: number,
  input: MoveToBankInput,
): Promise<BankRepledge> {
  const { companyId } = writer;
  return db
    .transaction(async (tx) => {
      // A lender under the RBI regime may not borrow against its borrowers' gold.
      if ((await findCompliance(tx, companyId))?.regime === 'rbi') {
        throw AppError.field('bank_id', RBI_MESSAGES.noRepledge, 'rbi_no_repledge');
      }
      const pledge = await lockPledge(tx, companyId, pledgeId);
      const before = await pledgeWithRepledge(tx, companyId, pledgeId, null);
      const atBank = pledge.isMoveToBank || (await hasOpenRepledge(tx, companyId, pledgeId));
      const refusal = repledgeRefusal({ closedDate: pledge.closedDate, status: pledge.status, atBank });
      if (refusal) refuse(refusal);
      // A pledge in a live auction lot is up for sale: its articles stay for the auction (the whole-day
      // walk found it moved to a bank while the lot still listed it, and its sale then refused).
      const lot = (await readLiveLots(tx, companyId, [pledgeId])).get(pledgeId);
      if (lot !== undefined) throw AppError.conflict('PLEDGE_IN_AUCTION', BANK_REPLEDGE_MESSAGES.inLot(lot));
      const pledgedOn = input.pledged_on ?? writer.today;
      const dateProblem = repledgeDateProblem(pledgedOn, writer.today, pledge.pledgeDate);
      if (dateProblem) throw AppError.field('pledged_on', dateProblem);
      const bank = await findActiveBank(tx, companyId, input.bank_id);
      if (!bank) throw AppError.field('bank_id', BANK_REPLEDGE_MESSAGES.bank);

      const borrowedPaise = rupeesToPaise(input.amount_borrowed);
      const lines = bankRepledgePostings(borrowedPaise, input.received_by);
      const reference = input.bank_reference.trim();
      const voucher = await postVoucher(tx, {
        companyId,
        voucherType: 'Receipt',
        entryDate: pledgedOn,
        ...voucherNarration('bank_repledged', { pledge: pledge.pledgeNo, bank: bank.bankName, reference }),
        referenceNumber: reference,
        lines: lines.map((l) => ({
          accountCode: l.accountCode,
          debitPaise: l.debitPaise,
          creditPaise: l.creditPaise,
        })),
        source: { kind: BANK_REPLEDGE_SOURCE },
        createdBy: writer.userId,
      });
      const id = await insertRepledge(tx, {
        companyId,
        pledgeId,
        bankId: bank.id,
        pledgedOn,
        amountBorrowed: numericFromPaise(borrowedPaise),
        bankReference: reference,
        receivedBy: input.received_by,
        voucherId: voucher.id,
        remarks: input.remarks?.trim() || null,
        createdBy: writer.userId,
      });
      await linkVoucherSource(tx, companyId, voucher.id, id);
      await setAtBank(tx, companyId, pledgeId, true, writer.userId);
      await recordAudit(tx, {
        action: 'move_to_bank',
        entity: 'pledge',
        entityId: pledgeId,
        before,
        after: await pledgeWithRepledge(tx, companyId, pledgeId, id),
      });
      await markIdempotentCommit(tx, writer.idempotency);
      return readBack(tx, companyId, id, writer.today);
    })
    .catch(openTwice);
}

/**
 * POST /pledges/{id}/return-from-bank: locks the pledge and its open re-pledge (409 when none), checks
 * the date lies between the day the articles went and today; posts the Payment voucher (Dr 2200 the
 * amount borrowed, Dr 5300 the bank's interest, Cr 1190 or 1000 the two), records the return and
 * clears the pledge's flag.
 */
export async function returnFromBank(
  db: Db,
  writer: BankWriter,
  pledgeId: number,
  input: ReturnFromBankInput,
): Promise<BankRepledge> {
  const { companyId } = writer;
  return db.transaction(async (tx) => {
    const pledge = await lockPledge(tx, companyId, pledgeId);
    const open = await lockOpenRepledge(tx, companyId, pledgeId);
    if (!open) throw AppError.conflict('PLEDGE_NOT_AT_BANK', BANK_REPLEDGE_MESSAGES.notAtBank);
    const returnedOn = input.returned_on ?? writer.today;
    const dateProblem = returnDateProblem(returnedOn, writer.today, open.pledgedOn);
    if (dateProblem) throw AppError.field('returned_on', dateProblem);
    const before = await pledgeWithRepledge(tx, companyId, pledgeId, open.id);

    const borrowedPaise = rupeesToPaise(open.amountBorrowed);
    const interestPaise = rupeesToPaise(input.bank_interest);
    const lines = bankReturnPostings({ borrowedPaise, bankInterestPaise: interestPaise }, input.paid_by);
    const reference = input.return_reference?.trim() || null;
    const voucher = await postVoucher(tx, {
      companyId,
      voucherType: 'Payment',
      entryDate: returnedOn,
      ...voucherNarration('bank_returned', { pledge: pledge.pledgeNo, reference: open.bankReference }),
      referenceNumber: reference ?? open.bankReference,
      lines: lines.map((l) => ({
        accountCode: l.accountCode,
        debitPaise: l.debitPaise,
        creditPaise: l.creditPaise,
      })),
      source: { kind: BANK_RETURN_SOURCE, id: open.id },
      createdBy: writer.userId,
    });
    const remarks = input.remarks?.trim();
    await markReturned(tx, companyId, open.id, {
      returnedOn,
      bankInterest: numericFromPaise(interestPaise),
      paidBy: input.paid_by,
      returnReference: reference,
      returnVoucherId: voucher.id,
      returnedBy: writer.userId,
      ...(remarks ? { remarks: open.remarks ? `${open.remarks}\n${remarks}`.slice(0, 1000) : remarks } : {}),
    });
    await setAtBank(tx, companyId, pledgeId, false, writer.userId);
    await recordAudit(tx, {
      action: 'return_from_bank',
      entity: 'pledge',
      entityId: pledgeId,
      before,
      after: await pledgeWithRepledge(tx, companyId, pledgeId, open.id),
    });
    await markIdempotentCommit(tx, writer.idempotency);
    return readBack(tx, companyId, open.id, writer.today);
  });
}
