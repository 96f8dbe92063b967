/**
 * The movement kinds of a drawer (the voucher's source, issue 14) as a clerk reads them. A kind the
 * server adds later shows as its own words rather than disappearing.
 */
const KIND_LABELS: Record<string, string> = {
  pledge: 'Pledge payouts',
  payment: 'Payments',
  'payment-reversal': 'Payment reversals',
  'pledge-reversal': 'Pledge reversals',
  reversal: 'Reversals',
  manual: 'Daybook',
  daybook: 'Daybook',
  'drawer-difference': 'Drawer differences',
};

export function kindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Other';
}

export const DRAWER_TEXTS = {
  openTitle: 'Open the drawer',
  opened: 'Drawer opened',
  closed: 'Drawer closed',
  openFailed: 'Failed to open the drawer',
  closeFailed: 'Failed to close the drawer',
  loadFailed: 'Failed to load the cash drawer',
  dayClosed: 'Day closed',
  dayReopened: 'Day reopened',
  approvalNeeded:
    'The count differs from the expected cash: an admin approves the difference with their username and password.',
} as const;

/** The difference in words: counted − expected, negative a shortage. */
export function differenceKind(differencePaise: number): 'match' | 'shortage' | 'excess' {
  return differencePaise === 0 ? 'match' : differencePaise < 0 ? 'shortage' : 'excess';
}
