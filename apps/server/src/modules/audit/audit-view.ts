/**
 * How the trail names what it shows: a record by the number staff use (`GL95`, not
 * `pledge 301`), a user by name (`created_by meena`, not `2`). The snapshots stay as written (the
 * trail is never rewritten); the answer carries the names beside them.
 */

/** The fields of a snapshot that hold a record's own number, by entity, when no table has it now. */
const NUMBER_FIELDS = [
  'pledge_no',
  'receipt_no',
  'acc_code',
  'voucher_number',
  'lot_no',
  'username',
  'scheme_name',
  'design_name',
  'bank_name',
  'account_name',
  'company_name',
] as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The number a record's snapshot carries (the after, else the before), or null. */
export function snapshotNumber(before: unknown, after: unknown): string | null {
  for (const snapshot of [after, before]) {
    if (!isObject(snapshot)) continue;
    for (const field of NUMBER_FIELDS) {
      const v = snapshot[field];
      if (typeof v === 'string' && v.trim() !== '') return v;
    }
  }
  return null;
}

/** A field that holds a user's id: `created_by`, `approved_by`, `closed_by`, `user_id`… */
export const isUserField = (field: string) => /(^|_)by$/.test(field) || field === 'user_id';

/** The user ids a snapshot's user fields hold, its child rows' (a receipt's payments) included. */
export function userIdsOf(...snapshots: unknown[]): number[] {
  const ids = new Set<number>();
  const visit = (row: unknown, depth: number) => {
    if (!isObject(row) || depth > 2) return;
    for (const [field, value] of Object.entries(row)) {
      if (isUserField(field) && typeof value === 'number' && Number.isSafeInteger(value)) ids.add(value);
      if (Array.isArray(value)) for (const child of value) visit(child, depth + 1);
    }
  };
  for (const s of snapshots) visit(s, 0);
  return [...ids];
}
