import { DAYBOOK_MESSAGES, type DaybookEntryInput, paiseToRupees, rupeesToPaise } from '@pledge-desk/domain';

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

/** Paise of a typed amount ('' is 0), or the sentence saying what is wrong with it. */
export function parseAmount(text: string, side: 'Debit' | 'Credit'): { paise: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { paise: 0 };
  let paise: number;
  try {
    paise = rupeesToPaise(trimmed);
  } catch {
    return {
      error: /\.\d{3,}/.test(trimmed) ? 'Amount can have at most 2 decimals' : 'Please enter a valid amount',
    };
  }
  if (paise < 0) return { error: `${side} amount cannot be negative` };
  return { paise };
}

const paiseOf = (text: string, side: 'Debit' | 'Credit') => {
  const parsed = parseAmount(text, side);
  return 'paise' in parsed ? parsed.paise : 0;
};

export const hasAmount = (line: EntryLine) =>
  paiseOf(line.debit, 'Debit') > 0 || paiseOf(line.credit, 'Credit') > 0;

/** Live totals of the grid, in paise, counting every row with an amount. */
export function totalsOf(lines: readonly EntryLine[]): { debitPaise: number; creditPaise: number } {
  let debitPaise = 0;
  let creditPaise = 0;
  for (const line of lines) {
    debitPaise += paiseOf(line.debit, 'Debit');
    creditPaise += paiseOf(line.credit, 'Credit');
  }
  return { debitPaise, creditPaise };
}

/**
 * The first of the spec's three messages that holds (shell-and-masters §5), or null when the grid
 * balances over two accounts or more. In whole paise the totals are exact, so the 0.01 tolerance of the
 * spec (floats in rupees) becomes plain equality, as in the domain schema.
 */
export function balanceMessage(lines: readonly EntryLine[]): string | null {
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
  const { debitPaise, creditPaise } = totalsOf(lines);
  return debitPaise === creditPaise && debitPaise > 0;
}

/** Row problems that stop a save, by row key: a bad amount, or an amount without an account. */
export function lineErrors(lines: readonly EntryLine[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const line of lines) {
    const debit = parseAmount(line.debit, 'Debit');
    const credit = parseAmount(line.credit, 'Credit');
    if ('error' in debit) errors[line.key] = debit.error;
    else if ('error' in credit) errors[line.key] = credit.error;
    else if (debit.paise > 0 && credit.paise > 0) errors[line.key] = DAYBOOK_MESSAGES.bothSides;
    else if ((debit.paise > 0 || credit.paise > 0) && line.accountId === '')
      errors[line.key] = 'Please select an account';
  }
  return errors;
}

/** The rows that are sent, in order: those with an account and an amount (spec §5). */
export function sentLines(lines: readonly EntryLine[]): EntryLine[] {
  return lines.filter((l) => l.accountId !== '' && hasAmount(l));
}

/** The details to send: only rows with an account and an amount (spec §5). */
export function detailsOf(lines: readonly EntryLine[]): DaybookEntryInput['details'] {
  return sentLines(lines).map((l) => ({
    account_id: Number(l.accountId),
    debit_amount: paiseToRupees(paiseOf(l.debit, 'Debit')),
    credit_amount: paiseToRupees(paiseOf(l.credit, 'Credit')),
    narration: l.narration.trim() === '' ? null : l.narration.trim(),
  }));
}
