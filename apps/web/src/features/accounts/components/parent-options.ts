import type { ChartAccount } from '../api/get-chart-accounts';

/**
 * The accounts that may hold `accountId` as a sub-account: every account except itself and its
 * descendants, since either would make the chart a loop (shell-and-masters §5; the server refuses it too).
 */
export function parentCandidates(
  accounts: readonly ChartAccount[],
  accountId: number | undefined,
): ChartAccount[] {
  if (accountId === undefined) return [...accounts];
  const excluded = new Set<number>([accountId]);
  // Walk down level by level; a chart that already loops (bad data) still ends, as each id enters once.
  let frontier = [accountId];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const a of accounts) {
      if (a.sub_account_of != null && frontier.includes(a.sub_account_of) && !excluded.has(a.id)) {
        excluded.add(a.id);
        next.push(a.id);
      }
    }
    frontier = next;
  }
  return accounts.filter((a) => !excluded.has(a.id));
}
