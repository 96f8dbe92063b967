import {
  type BusinessDay,
  type CashDrawer,
  type Denominations,
  emptyDenominations,
  paiseToRupees,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import { drawerHeldPaise } from '../vouchers/drawer-guard.ts';
import type { BusinessDayRow, CashMovement, DayEventRecord, DrawerRecord } from './branch-day.repository.ts';

/** A count as stored (jsonb), every kind present. */
export function denominationsOf(stored: unknown): Denominations {
  const d = { ...emptyDenominations(), ...(stored as Partial<Denominations> | null) };
  return d;
}

export interface MovementTotals {
  receiptsPaise: number;
  payoutsPaise: number;
  byKind: { kind: string; receipts: number; payouts: number; count: number }[];
}

/** The cash movements added up, and by source kind (each kind once). */
export function movementTotals(movements: readonly CashMovement[]): MovementTotals {
  const kinds = new Map<string, { receipts: number; payouts: number; count: number }>();
  let receiptsPaise = 0;
  let payoutsPaise = 0;
  for (const m of movements) {
    const r = rupeesToPaise(m.receipts);
    const p = rupeesToPaise(m.payouts);
    receiptsPaise += r;
    payoutsPaise += p;
    const k = kinds.get(m.kind) ?? { receipts: 0, payouts: 0, count: 0 };
    kinds.set(m.kind, { receipts: k.receipts + r, payouts: k.payouts + p, count: k.count + m.count });
  }
  return {
    receiptsPaise,
    payoutsPaise,
    byKind: [...kinds.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, k]) => ({
        kind,
        receipts: paiseToRupees(k.receipts),
        payouts: paiseToRupees(k.payouts),
        count: k.count,
      })),
  };
}

/**
 * A drawer as the API spells it, from its user's cash movements of its day: only those the drawer holds
 * (written after it was opened) are its receipts and payouts. The movements are read
 * live: once the drawer is closed no cash of its user dated on its day can be added or changed (the
 * drawer guard), so they stay what the close counted; the expected cash is the stored one once closed.
 */
export function toDrawerView(d: DrawerRecord, movements: readonly CashMovement[]): CashDrawer {
  const totals = movementTotals(movements.filter((m) => m.drawerId === d.id));
  const openingPaise = rupeesToPaise(d.openingAmount);
  const expectedPaise =
    d.status === 'closed' && d.expectedAmount !== null
      ? rupeesToPaise(d.expectedAmount)
      : drawerHeldPaise(d, movements);
  const ref = (id: number | null, username: string | null) =>
    id !== null && username !== null ? { id, username } : null;
  return {
    id: d.id,
    user: { id: d.userId, username: d.username },
    business_date: d.businessDate,
    status: d.status === 'closed' ? 'closed' : 'open',
    opening: { denominations: denominationsOf(d.openingDenominations), amount: paiseToRupees(openingPaise) },
    opening_remarks: d.openingRemarks,
    opened_at: isoInstant(d.openedAt),
    added: rupeesFromNumeric(d.addedAmount),
    receipts: paiseToRupees(totals.receiptsPaise),
    payouts: paiseToRupees(totals.payoutsPaise),
    by_kind: totals.byKind,
    expected: paiseToRupees(expectedPaise),
    counted:
      d.countedAmount !== null
        ? {
            denominations: denominationsOf(d.countedDenominations),
            amount: rupeesFromNumeric(d.countedAmount),
          }
        : null,
    difference: d.differenceAmount !== null ? rupeesFromNumeric(d.differenceAmount) : null,
    difference_voucher:
      d.differenceVoucherId !== null && d.differenceVoucherNumber !== null
        ? { id: d.differenceVoucherId, voucher_number: d.differenceVoucherNumber }
        : null,
    approved_by: ref(d.approvedBy, d.approverName),
    closed_by: ref(d.closedBy, d.closerName),
    closed_at: d.closedAt ? isoInstant(d.closedAt) : null,
    close_remarks: d.closeRemarks,
  };
}

/** A day as the API spells it; a day never closed is open with no events. */
export function toDayView(
  date: string,
  day: (BusinessDayRow & { closerName: string | null }) | undefined,
  events: readonly DayEventRecord[],
): BusinessDay {
  const closed = day?.status === 'closed';
  return {
    date,
    status: closed ? 'closed' : 'open',
    closed_at: closed && day?.closedAt ? isoInstant(day.closedAt) : null,
    closed_by:
      closed && day?.closedBy != null && day.closerName !== null
        ? { id: day.closedBy, username: day.closerName }
        : null,
    events: events.map((e) => ({
      action: e.action === 'reopen' ? 'reopen' : 'close',
      at: isoInstant(e.at),
      user: e.userId !== null && e.username !== null ? { id: e.userId, username: e.username } : null,
      reason: e.reason,
    })),
  };
}
