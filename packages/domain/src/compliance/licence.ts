import { daysBetween, formatIndianDate } from '../dates/dates.ts';
import { bpToPercent } from '../money/units.ts';

/**
 * Compliance per branch (shared/design/REGULATION.md). A branch names the regime it
 * answers to: a Tamil Nadu pawnbroker (the Pawnbrokers Act 1943, licensed by the Tahsildar), a lender
 * regulated by the Reserve Bank (its gold-loan Directions of 2025), or none.
 */
export const COMPLIANCE_REGIMES = ['none', 'tn_pawnbroker', 'rbi'] as const;
export type ComplianceRegime = (typeof COMPLIANCE_REGIMES)[number];

export const COMPLIANCE_REGIME_LABELS: Record<ComplianceRegime, string> = {
  none: 'None',
  tn_pawnbroker: 'Tamil Nadu pawnbroker',
  rbi: 'RBI-regulated lender',
};

/** A licence shows a banner from this many days before it expires. */
export const LICENCE_WARNING_DAYS = 30;

export type LicenceState = 'none' | 'valid' | 'expiring' | 'expired';

/**
 * Where a licence stands on a business day. It is valid through its expiry date and expired from the
 * day after; 'expiring' from LICENCE_WARNING_DAYS days before the expiry date (that day included).
 * No expiry date recorded: 'none' (nothing to check).
 */
export function licenceState(expiry: string | null | undefined, today: string): LicenceState {
  if (!expiry) return 'none';
  const left = daysBetween(today, expiry);
  if (left < 0) return 'expired';
  if (left <= LICENCE_WARNING_DAYS) return 'expiring';
  return 'valid';
}

/** Days from today to the expiry date (negative once expired). */
export function licenceDaysLeft(expiry: string, today: string): number {
  return daysBetween(today, expiry);
}

const licenceName = (no: string | null | undefined) =>
  no?.trim() ? `The licence ${no.trim()}` : 'The licence';

/** The sentences of the licence: the banner and the refusal of a new pledge. */
export function licenceMessage(
  state: 'expiring' | 'expired',
  licence: { number: string | null | undefined; expiry: string },
  today: string,
): string {
  const left = licenceDaysLeft(licence.expiry, today);
  const on = formatIndianDate(licence.expiry);
  if (state === 'expired') {
    return `${licenceName(licence.number)} expired on ${on}. No new pledge can be made until it is renewed.`;
  }
  const when = left === 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${left} days`;
  return `${licenceName(licence.number)} expires on ${on} (${when}). Renew it before then: no new pledge can be made after it expires.`;
}

/**
 * The interest ceiling (a monthly rate in basis points; null: none set). A scheme above it cannot be
 * saved or used.
 */
export function isAboveCeiling(rateBp: number, ceilingBp: number | null | undefined): boolean {
  return ceilingBp !== null && ceilingBp !== undefined && rateBp > ceilingBp;
}

/** The refusal of a rate above the ceiling, naming both. */
export function ceilingMessage(rateBp: number, ceilingBp: number): string {
  return `Interest of ${bpToPercent(rateBp)}% a month is above the branch's ceiling of ${bpToPercent(ceilingBp)}% a month`;
}
