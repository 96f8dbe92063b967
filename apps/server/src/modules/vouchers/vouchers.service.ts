import {
  assertBalanced,
  financialYear,
  formatVoucherNumber,
  SYSTEM_ACCOUNTS,
  UnbalancedVoucherError,
  type VOUCHER_TYPE_NAMES,
  type VoucherNarrationCode,
  voucherCode,
} from '@pledge-desk/domain';
import type { Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import {
  assertDayOpen,
  assertDrawerNotClosed,
  DAY_MESSAGES,
  isDayClosed,
  lockDayShared,
} from './day-guard.ts';
import { DRAWER_SOURCE_KIND, guardDrawerCash } from './drawer-guard.ts';
import {
  deleteVoucherLines,
  deleteVoucherRow,
  findAccountRefsOnDay,
  hasCashLine,
  insertVoucher,
  insertVoucherLines,
  lockVoucher,
  type NewLine,
  type NewSourceId,
  type NewVoucher,
  PENDING_VOUCHER_NUMBER,
  takeVoucherNumber,
  updateVoucherHeader,
  type VoucherRow,
} from './vouchers.repository.ts';

export { DRAWER_SOURCE_KIND } from './drawer-guard.ts';

export type VoucherTypeName = (typeof VOUCHER_TYPE_NAMES)[number];

/** Who wrote a voucher. Only 'manual' vouchers can be changed from the daybook screen. */
export type VoucherSourceKind = 'manual' | 'pledge' | 'pledge-reversal' | 'payment' | (string & {});

export interface VoucherLineInput {
  /** The account, by id or by code (system accounts are named by code, docs/domain-rules.md §6.1). */
  accountId?: number;
  accountCode?: string;
  debitPaise: number;
  creditPaise: number;
  narration?: string | null;
}

export interface PostVoucherInput {
  companyId: number;
  voucherType: VoucherTypeName;
  /** Business date `YYYY-MM-DD`; it also picks the financial year of the number. */
  entryDate: string;
  narration: string;
  /** A narration the server wrote (`voucherNarration` of the domain): its kind and values, stored with it. */
  narrationCode?: VoucherNarrationCode | null;
  narrationParams?: Record<string, string> | null;
  referenceNumber?: string | null;
  lines: readonly VoucherLineInput[];
  /** Who wrote it; `id` a `NewSourceId` when the source row is written after the voucher, with the id it took. */
  source: { kind: VoucherSourceKind; id?: number | null | NewSourceId };
  createdBy: number | null;
}

export type { NewSourceId } from './vouchers.repository.ts';

export interface PostedVoucher {
  id: number;
  voucherNumber: string;
  totalPaise: number;
  /** The source id as stored (the one a `NewSourceId` took). */
  sourceId: number | null;
}

export const VOUCHER_MESSAGES = {
  readOnly: 'This voucher was posted by a pledge or payment and cannot be changed here.',
  typeFixed:
    'The voucher type cannot be changed once the voucher is numbered. Delete this entry and enter it again.',
  unknownAccount: 'Please select an account of this company.',
  inactiveAccount: 'This account is inactive. Choose an active account.',
} as const;

const detailsError = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

/**
 * Maps each line to an account of the company, checks the voucher balances (the domain's
 * `assertBalanced`, docs/domain-rules.md §6.3) and answers the lines ready to write. Throws a 422 naming the
 * line (`details[i].account_id`) for an unknown or inactive account. With `openDay`, first 409
 * DAY_CLOSED when that day is closed: its status read by the accounts' own statement (the caller holds
 * the day's shared lock, taken by an earlier statement, so this one sees a close that committed).
 */
async function resolveLines(
  tx: Tx,
  companyId: number,
  lines: readonly VoucherLineInput[],
  openDay: string | null = null,
): Promise<{ lines: NewLine[]; totalPaise: number; touchesCash: boolean; cashOutPaise: number }> {
  const ids = lines.flatMap((l) => (l.accountId !== undefined ? [l.accountId] : []));
  const codes = lines.flatMap((l) => (l.accountId === undefined && l.accountCode ? [l.accountCode] : []));
  const { refs, dayClosed } = await findAccountRefsOnDay(tx, companyId, ids, codes, openDay);
  if (openDay !== null && (dayClosed ?? (await isDayClosed(tx, companyId, openDay))))
    throw AppError.conflict('DAY_CLOSED', DAY_MESSAGES.dayClosed(openDay));
  const fields: FieldError[] = [];
  const resolved: NewLine[] = lines.map((l, i) => {
    const ref =
      l.accountId !== undefined
        ? refs.find((r) => r.id === l.accountId)
        : refs.find((r) => r.code.toLowerCase() === l.accountCode?.toLowerCase());
    const loc = ['body', 'details', i, 'account_id'];
    if (!ref) fields.push({ loc, msg: VOUCHER_MESSAGES.unknownAccount, type: 'value_error' });
    else if (!ref.status) fields.push({ loc, msg: VOUCHER_MESSAGES.inactiveAccount, type: 'value_error' });
    return {
      accountId: ref?.id ?? 0,
      debitPaise: l.debitPaise,
      creditPaise: l.creditPaise,
      narration: l.narration ?? null,
    };
  });
  if (fields.length > 0) throw detailsError(fields);
  try {
    assertBalanced(resolved.map((l) => ({ ...l, accountCode: String(l.accountId) })));
  } catch (err) {
    if (!(err instanceof UnbalancedVoucherError)) throw err;
    throw detailsError([
      { loc: ['body', 'details'], msg: `The voucher does not balance: ${err.message}.`, type: 'unbalanced' },
    ]);
  }
  const totalPaise = resolved.reduce((s, l) => s + l.debitPaise, 0);
  const cashIds = new Set(refs.filter((r) => r.code === SYSTEM_ACCOUNTS.CASH).map((r) => r.id));
  const cash = resolved.filter((l) => cashIds.has(l.accountId));
  // What the voucher takes out of the drawer: its credits to 1000 less its debits (≤ 0: cash comes in).
  const cashOutPaise = cash.reduce((s, l) => s + l.creditPaise - l.debitPaise, 0);
  return { lines: resolved, totalPaise, touchesCash: cash.length > 0, cashOutPaise };
}

/**
 * Writes one balanced voucher in the caller's transaction, numbered per company, voucher type and
 * financial year with no gaps (`JV/2026-27/0001`, docs/domain-rules.md §5), and records who wrote it. Every
 * module that moves money calls this inside its own transaction (apps/server/README.md, "Reads and
 * writes"); the database refuses an unbalanced voucher at commit as a last guard (migration
 * voucher_balance).
 */
export async function postVoucher(tx: Tx, input: PostVoucherInput): Promise<PostedVoucher> {
  return writeVoucher(tx, await guardVoucher(tx, input), input);
}

/** What a voucher's narration and reference say: known to the writer only after its guards. */
export type VoucherHeader = Pick<
  PostVoucherInput,
  'narration' | 'narrationCode' | 'narrationParams' | 'referenceNumber'
>;

/** A voucher past its guards (`guardVoucher`), its lines resolved, not yet numbered or written. */
export interface GuardedVoucher {
  input: Omit<PostVoucherInput, keyof VoucherHeader>;
  lines: NewLine[];
  totalPaise: number;
}

/**
 * `postVoucher`'s first half: the day's guard (its shared lock, then the day's status read with the
 * accounts), the lines resolved and balanced, the drawer's guard. A writer that numbers something of
 * its own (a receipt) takes that number after this, so that the number's counter row stays locked
 * for as short a time as it can (every other receipt of the company waits on it).
 */
export async function guardVoucher(
  tx: Tx,
  input: Omit<PostVoucherInput, keyof VoucherHeader>,
): Promise<GuardedVoucher> {
  await lockDayShared(tx, input.companyId, input.entryDate);
  const { lines, totalPaise, touchesCash, cashOutPaise } = await resolveLines(
    tx,
    input.companyId,
    input.lines,
    input.entryDate,
  );
  // The drawer's own difference voucher is posted while its close holds the drawer (it is the close).
  if (touchesCash && input.createdBy !== null && input.source.kind !== DRAWER_SOURCE_KIND) {
    await guardDrawerCash(tx, {
      companyId: input.companyId,
      userId: input.createdBy,
      date: input.entryDate,
      cashOutPaise,
      sourceKind: input.source.kind,
    });
  }
  return { input, lines, totalPaise };
}

/**
 * `postVoucher`'s second half: the voucher's number (or `running`, the number the caller took from the
 * counter `voucherCounter` names, with its own), the voucher and its lines.
 */
export async function writeVoucher(
  tx: Tx,
  guarded: GuardedVoucher,
  header: VoucherHeader,
  running?: number,
): Promise<PostedVoucher> {
  const { input } = guarded;
  const fy = financialYear(input.entryDate);
  running ??= await takeVoucherNumber(tx, input.companyId, voucherCode(input.voucherType), fy);
  const voucherNumber = formatVoucherNumber(input.voucherType, fy, running);
  const { id, sourceId } = await insertVoucherWithLines(tx, guarded, header, {
    voucherNumber,
    runningNumber: running,
  });
  return { id, voucherNumber, totalPaise: guarded.totalPaise, sourceId };
}

/**
 * `writeVoucher` without the number: the voucher is written with a stand-in number that its writer
 * replaces at the end of the transaction, in one statement with the company's counters (a receipt's
 * numbers: receipt.service.ts), so that the counters are held from that statement to the commit only.
 * The header's narration and reference are the stand-ins' too until then.
 */
export async function writeVoucherNumberedLater(
  tx: Tx,
  guarded: GuardedVoucher,
  header: VoucherHeader,
): Promise<Omit<PostedVoucher, 'voucherNumber'>> {
  const { id, sourceId } = await insertVoucherWithLines(tx, guarded, header, PENDING_VOUCHER_NUMBER);
  return { id, totalPaise: guarded.totalPaise, sourceId };
}

async function insertVoucherWithLines(
  tx: Tx,
  guarded: GuardedVoucher,
  header: VoucherHeader,
  number: Pick<NewVoucher, 'voucherNumber' | 'runningNumber'>,
): Promise<{ id: number; sourceId: number | null }> {
  const { input, lines, totalPaise } = guarded;
  const { id, sourceId } = await insertVoucher(tx, {
    companyId: input.companyId,
    voucherType: input.voucherType,
    ...number,
    financialYear: financialYear(input.entryDate),
    entryDate: input.entryDate,
    referenceNumber: header.referenceNumber ?? null,
    narration: header.narration,
    narrationCode: header.narrationCode ?? null,
    narrationParams: header.narrationParams ?? null,
    totalAmount: numericFromPaise(totalPaise),
    sourceKind: input.source.kind,
    sourceId: input.source.id ?? null,
    createdBy: input.createdBy,
  });
  await insertVoucherLines(tx, input.companyId, id, input.entryDate, lines);
  return { id, sourceId };
}

/**
 * The voucher locked for the change, 404 when it is not the company's, 409 when not manual, 409 when
 * its day is closed or (a cash voucher) its writer's drawer of that day is closed.
 */
async function lockManualVoucher(tx: Tx, companyId: number, voucherId: number): Promise<VoucherRow> {
  const current = await lockVoucher(tx, companyId, voucherId);
  if (!current) throw AppError.notFound('Daybook entry');
  if (current.sourceKind !== 'manual')
    throw AppError.conflict('VOUCHER_READ_ONLY', VOUCHER_MESSAGES.readOnly);
  await assertDayOpen(tx, companyId, current.entryDate);
  if (current.createdBy !== null && (await hasCashLine(tx, companyId, current.id))) {
    await assertDrawerNotClosed(tx, companyId, current.createdBy, current.entryDate);
  }
  return current;
}

/**
 * Edits a manual voucher in place: it keeps its number, so it keeps its type and its financial year
 * (a number belongs to one sequence); everything else, lines included, may change.
 */
export async function reviseManualVoucher(
  tx: Tx,
  input: Omit<PostVoucherInput, 'source' | 'createdBy'> & { voucherId: number },
): Promise<PostedVoucher> {
  const current = await lockManualVoucher(tx, input.companyId, input.voucherId);
  if (input.voucherType !== current.voucherType) {
    throw AppError.field('voucher_type', VOUCHER_MESSAGES.typeFixed);
  }
  if (financialYear(input.entryDate) !== current.financialYear) {
    throw AppError.field(
      'entry_date',
      `The entry date must stay in the financial year ${current.financialYear} of voucher ${current.voucherNumber}. Delete this entry and enter it again.`,
    );
  }
  if (input.entryDate !== current.entryDate) await assertDayOpen(tx, input.companyId, input.entryDate);
  const { lines, totalPaise, touchesCash, cashOutPaise } = await resolveLines(
    tx,
    input.companyId,
    input.lines,
  );
  await deleteVoucherLines(tx, input.companyId, current.id);
  // After its old lines are gone, so the drawer's cash is counted without them.
  if (touchesCash && current.createdBy !== null) {
    await guardDrawerCash(tx, {
      companyId: input.companyId,
      userId: current.createdBy,
      date: input.entryDate,
      cashOutPaise,
      sourceKind: current.sourceKind,
      writtenAt: current.createdAt,
    });
  }
  await updateVoucherHeader(tx, input.companyId, current.id, {
    entryDate: input.entryDate,
    narration: input.narration,
    referenceNumber: input.referenceNumber ?? null,
    totalAmount: numericFromPaise(totalPaise),
  });
  await insertVoucherLines(tx, input.companyId, current.id, input.entryDate, lines);
  return { id: current.id, voucherNumber: current.voucherNumber, totalPaise, sourceId: current.sourceId };
}

/** Deletes a manual voucher and its lines. Its number is not given out again. */
export async function deleteManualVoucher(tx: Tx, companyId: number, voucherId: number): Promise<void> {
  const current = await lockManualVoucher(tx, companyId, voucherId);
  await deleteVoucherRow(tx, companyId, current.id);
}
