import { accountBalances, isBalanced, SYSTEM_ACCOUNTS, type VoucherLine } from './postings.ts';

/**
 * The ledger invariants of docs/domain-rules.md §6.4 as a pure check, for tests and for the command a user can
 * run on a live database: every voucher balances; Σ debits = Σ credits over the company; the balance
 * of 1200 equals Σ remaining principal of open pledges. Returns one sentence per problem found.
 */
export function ledgerProblems(input: {
  vouchers: readonly { voucherNumber: string; lines: readonly VoucherLine[] }[];
  openPledgesRemainingPrincipalPaise: readonly number[];
}): string[] {
  const problems: string[] = [];
  for (const v of input.vouchers) {
    if (!isBalanced(v.lines)) problems.push(`Voucher ${v.voucherNumber} does not balance.`);
  }
  const all = input.vouchers.flatMap((v) => v.lines);
  const debit = all.reduce((s, l) => s + l.debitPaise, 0);
  const credit = all.reduce((s, l) => s + l.creditPaise, 0);
  if (debit !== credit) problems.push(`Total debits ${debit} and credits ${credit} differ (paise).`);
  const loans = accountBalances(all).get(SYSTEM_ACCOUNTS.PLEDGE_LOANS) ?? 0;
  const principal = input.openPledgesRemainingPrincipalPaise.reduce((s, p) => s + p, 0);
  if (loans !== principal) {
    problems.push(
      `Pledge Loans Receivable (1200) is ${loans} paise but open pledges owe ${principal} paise of principal.`,
    );
  }
  return problems;
}
