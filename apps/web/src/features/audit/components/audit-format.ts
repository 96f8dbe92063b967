import { type AuditEventView, formatRupees, rupeesToPaise } from '@pledge-desk/domain';

/**
 * The entities the trail's filter offers (issue 16 item 4), then those the server records under other
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

export const recordOf = (event: Pick<AuditEventView, 'entity' | 'entity_id'>) =>
  event.entity_id ? `${words(event.entity)} ${event.entity_id}` : words(event.entity);

// Snapshots carry money in rupees (the API's unit) beside ids, rates and weights, all plain numbers: a
// field is shown as money only when its name says so.
const MONEY_NAME =
  /(amount|loan|charges|valuation|value|balance|paid|limit|threshold|total|principal|interest|penalty|discount|surplus|shortfall|price|cash|fee|due|payable|debit|credit)/;
const NOT_MONEY_NAME =
  /(^id|_id|_ids|rate|percent|ceiling|weight|_g|_mg|days|months|count|_no|number|mode|type|_bp|_at|date)$/;

export function isMoneyField(name: string): boolean {
  return MONEY_NAME.test(name) && !NOT_MONEY_NAME.test(name);
}

/** One value of a snapshot as text: money in Indian grouping, nested values as compact JSON. */
export function formatValue(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number')
    return isMoneyField(name) ? formatRupees(rupeesToPaise(value), '₹') : String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export type Snapshot = Record<string, unknown>;

export const isSnapshot = (value: unknown): value is Snapshot =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
