import { DAYBOOK_MESSAGES, type DaybookEntryInput, paiseToRupees } from '@pledge-desk/domain';
import { readMoneyText } from '@/components/ui/money-input';

/** One row of the account grid as typed: text, so a half-typed amount is never lost. */
export interface EntryLine {
  key: string;
  accountId: string;
  debit: string;
  credit: string;
  narration: string;
}

/** Spec §5: a daybook entry has at least 2 rows, and rows cannot be removed below 2. */
export const MIN_LINES = 2;

let nextKey = 0;
export function emptyLine(): EntryLine {
  nextKey += 1;
  return { key: `line-${nextKey}`, accountId: '', debit: '', credit: '', narration: '' };
}

/** Paise of a typed amount ('' is 0), or the sentence saying what is wrong with it (shown under it). */
export function parseAmount(text: string): { paise: number } | { error: string } {
  const read = readMoneyText(text);
  return 'error' in read ? read : { paise: read.paise ?? 0 };
}

/** The message under each amount of a row, when what was typed is not an amount. */
export function amountErrors(line: EntryLine): { debit: string | null; credit: string | null } {
  const debit = parseAmount(line.debit);
  const credit = parseAmount(line.credit);
  return { debit: 'error' in debit ? debit.error : null, credit: 'error' in credit ? credit.error : null };
}

const hasAmountError = (line: EntryLine) => {
  const e = amountErrors(line);
  return e.debit !== null || e.credit !== null;
};

const paiseOf = (text: string) => {
  const parsed = parseAmount(text);
  return 'paise' in parsed ? parsed.paise : 0;
};

export const hasAmount = (line: EntryLine) => paiseOf(line.debit) > 0 || paiseOf(line.credit) > 0;

/** Live totals of the grid, in paise, counting every row with an amount. */
export function totalsOf(lines: readonly EntryLine[]): { debitPaise: number; creditPaise: number } {
  let debitPaise = 0;
  let creditPaise = 0;
  for (const line of lines) {
    debitPaise += paiseOf(line.debit);
    creditPaise += paiseOf(line.credit);
  }
  return { debitPaise, creditPaise };
}

/**
 * The first of the spec's three messages that holds (shell-and-masters §5), or null when the grid
 * balances over two accounts or more. In whole paise the totals are exact, so the 0.01 tolerance of the
 * spec (floats in rupees) becomes plain equality, as in the domain schema.
 */
export function balanceMessage(lines: readonly EntryLine[]): string | null {
  // A wrong amount would otherwise count as 0.00 in the totals without a word.
  const wrong = lines.findIndex(hasAmountError);
  if (wrong >= 0) return `Correct the amount in row ${wrong + 1}.`;
  const filled = lines.filter(hasAmount);
  if (filled.length === 0) return DAYBOOK_MESSAGES.noAmount;
  const { debitPaise, creditPaise } = totalsOf(lines);
  if (debitPaise !== creditPaise) return DAYBOOK_MESSAGES.unbalanced;
  const accounts = new Set(filled.map((l) => l.accountId).filter((id) => id !== ''));
  if (accounts.size < 2) return DAYBOOK_MESSAGES.twoAccounts;
  return null;
}

/** Spec §5: Save is disabled unless total debit equals total credit and the total is above 0. */
export function canSave(lines: readonly EntryLine[]): boolean {
  if (lines.some(hasAmountError)) return false;
  const { debitPaise, creditPaise } = totalsOf(lines);
  return debitPaise === creditPaise && debitPaise > 0;
}

/**
 * Row problems shown under the account, by row key: an amount on both sides, or an amount without an
 * account. A wrong amount is shown under the amount itself (`amountErrors`) and keeps Save disabled.
 */
export function lineErrors(lines: readonly EntryLine[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const line of lines) {
    const debit = parseAmount(line.debit);
    const credit = parseAmount(line.credit);
    if ('error' in debit || 'error' in credit) continue;
    if (debit.paise > 0 && credit.paise > 0) errors[line.key] = DAYBOOK_MESSAGES.bothSides;
    else if ((debit.paise > 0 || credit.paise > 0) && line.accountId === '')
      errors[line.key] = 'Please select an account';
  }
  return errors;
}

const isSent = (l: EntryLine) => l.accountId !== '' && hasAmount(l);

/** The rows that are sent, in order: those with an account and an amount (spec §5); the server's
 * `details.i` names `sentLines(lines)[i]`. */
export function sentLines(lines: readonly EntryLine[]): EntryLine[] {
  return lines.filter(isSent);
}

/** The details to send: only rows with an account and an amount (spec §5). */
export function detailsOf(lines: readonly EntryLine[]): DaybookEntryInput['details'] {
  return sentLines(lines).map((l) => ({
    account_id: Number(l.accountId),
    debit_amount: paiseToRupees(paiseOf(l.debit)),
    credit_amount: paiseToRupees(paiseOf(l.credit)),
    narration: l.narration.trim() === '' ? null : l.narration.trim(),
  }));
}
