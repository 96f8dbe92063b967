import type { AuditEventView } from '@pledge-desk/domain';
import { formatRupeeAmount } from '@/lib/format';

/**
 * The entities the trail's filter offers, then those the server records under other
 * names today (a design is `jewel_design`, an account `chart_account`).
 */
export const AUDIT_ENTITIES = [
  'pledge',
  'receipt',
  'customer',
  'scheme',
  'voucher',
  'user',
  'company',
  'compliance',
  'session',
  'bank',
  'cash_drawer',
  'business_day',
  'jewel_type',
  'jewel_rate',
  'gold_silver_rate',
  'notice',
  'notice_batch',
  'auction_lot',
  'auction_sale',
  'auction_surplus',
  'auction_shortfall',
  'bank_repledge',
  'release',
  'design',
  'account',
  'jewel_design',
  'chart_account',
  'pledge_item',
  'reminder',
] as const;

/** 'cash_drawer' → 'cash drawer': our names of entities and actions, read as words. */
export const words = (name: string) => name.replaceAll('_', ' ');

const two = (n: number) => String(n).padStart(2, '0');

/** An instant of the trail in the browser's time: DD/MM/YYYY HH:mm. */
export function formatWhen(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${two(at.getDate())}/${two(at.getMonth() + 1)}/${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

export const whoOf = (event: Pick<AuditEventView, 'username'>) => event.username ?? 'System';

export const recordOf = (event: Pick<AuditEventView, 'entity' | 'entity_id' | 'record'>) => {
  const name = event.record ?? event.entity_id;
  return name ? `${words(event.entity)} ${name}` : words(event.entity);
};

/** A field that holds a user's id (`created_by`, `approved_by`, `user_id`): shown by the user's name. */
export const isUserField = (name: string) => /(^|_)by$/.test(name) || name === 'user_id';

// Snapshots carry money in rupees (the API's unit) beside ids, rates and weights, all plain numbers: a
// field is shown as money only when its name says so. A count is a word of its own (`item_count`), not
// the end of `total_discount` (it showed as a bare 150 beside Rs. 225.00).
const MONEY_NAME =
  /(amount|loan|charges|valuation|value|balance|paid|limit|threshold|total|principal|interest|penalty|discount|surplus|shortfall|price|cash|fee|due|payable|debit|credit)/;
const NOT_MONEY_NAME =
  /(^id|_id|_ids|rate|percent|ceiling|weight|_g|_mg|days|months|(^|_)count|_no|number|mode|type|_bp|_at|date)$/;

export function isMoneyField(name: string): boolean {
  return MONEY_NAME.test(name) && !NOT_MONEY_NAME.test(name);
}

/**
 * One value of a snapshot as text: money as every screen shows it (`Rs. 1,25,000.00`), a user by name
 * (`userNames`, the answer's `user_names`), nested values as compact JSON.
 */
export function formatValue(
  name: string,
  value: unknown,
  userNames: Readonly<Record<string, string>> = {},
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && isUserField(name)) return userNames[String(value)] ?? `#${value}`;
  if (typeof value === 'number') return isMoneyField(name) ? formatRupeeAmount(value) : String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export type Snapshot = Record<string, unknown>;

export const isSnapshot = (value: unknown): value is Snapshot =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A snapshot's child rows (a receipt's payments, a voucher's lines): a non-empty list of records. */
export const isChildRows = (value: unknown): value is Snapshot[] =>
  Array.isArray(value) && value.length > 0 && value.every(isSnapshot);

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  isChanged: boolean;
}

/** Every field of either snapshot, in the order the record lists them, and whether it changed. */
export function compareSnapshots(before: Snapshot, after: Snapshot): FieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({
    field,
    before: before[field],
    after: after[field],
    isChanged: JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null),
  }));
}
