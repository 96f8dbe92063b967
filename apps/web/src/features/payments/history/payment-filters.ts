import { isPlainDate, type PaymentMethod, type PaymentType } from '@pledge-desk/domain';
import type { Translate } from '@/lib/i18n/catalogue';
import type { paymentHistoryText } from './i18n';

type HistoryKey = keyof typeof paymentHistoryText.en;

/** Spec §9: the Payment History offers these page sizes, 10 by default. */
export const PAYMENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAYMENT_PAGE_SIZE = 10;
/** A pledge number or id longer than this is cut, not sent to be refused. */
export const PLEDGE_FILTER_MAX_LENGTH = 50;

/** The filter's types, labelled as the spec's list labels them (§2.8, §9: Full Close); catalogue keys. */
export const PAYMENT_TYPE_OPTIONS: readonly { value: PaymentType; label: HistoryKey }[] = [
  { value: 'interest', label: 'typeInterest' },
  { value: 'partial_principal', label: 'typePartial' },
  { value: 'full_payment', label: 'typeFullClose' },
];

/**
 * The filter's methods: the spec's three (cash, bank, online) and the two the version 2 screen adds.
 * `bank` and `bank_transfer` are both 'Bank Transfer' on their own screens; here they must differ.
 */
export const PAYMENT_METHOD_OPTIONS: readonly { value: PaymentMethod; label: HistoryKey }[] = [
  { value: 'cash', label: 'methodCash' },
  { value: 'bank', label: 'methodBankTransfer' },
  { value: 'online', label: 'methodOnline' },
  { value: 'cheque', label: 'methodCheque' },
  { value: 'bank_transfer', label: 'methodBankTransferMultiple' },
];

/** What the filter row holds: '' is "any". */
export interface PaymentFilters {
  fromDate: string;
  toDate: string;
  paymentType: '' | PaymentType;
  paymentMethod: '' | PaymentMethod;
  /** A pledge number (GL/2026-27/0007) or a pledge id, as typed. */
  pledge: string;
}

/** The applied search: the filters, the page (1-based) and the page size. */
export interface PaymentListState {
  filters: PaymentFilters;
  page: number;
  size: number;
}

export const EMPTY_FILTERS: PaymentFilters = {
  fromDate: '',
  toDate: '',
  paymentType: '',
  paymentMethod: '',
  pledge: '',
};

/** The names in the address, the API's where it has one. */
const keys = {
  fromDate: 'from_date',
  toDate: 'to_date',
  paymentType: 'payment_type',
  paymentMethod: 'payment_method',
  pledge: 'pledge',
  page: 'page',
  size: 'size',
} as const;

function oneOf<T extends string>(value: string | null, options: readonly { value: T }[]): '' | T {
  return options.some((o) => o.value === value) ? (value as T) : '';
}

/**
 * The applied search as the address holds it (`?from_date=…&payment_type=interest&page=2`), so a link
 * or the Back button brings the same list back. Anything that cannot be a filter is ignored, never sent.
 */
export function listStateFrom(params: URLSearchParams): PaymentListState {
  const date = (key: string) => {
    const value = params.get(key);
    return isPlainDate(value) ? value : '';
  };
  const size = Number(params.get(keys.size));
  const page = Number(params.get(keys.page));
  return {
    filters: {
      fromDate: date(keys.fromDate),
      toDate: date(keys.toDate),
      paymentType: oneOf(params.get(keys.paymentType), PAYMENT_TYPE_OPTIONS),
      paymentMethod: oneOf(params.get(keys.paymentMethod), PAYMENT_METHOD_OPTIONS),
      pledge: (params.get(keys.pledge) ?? '').trim().slice(0, PLEDGE_FILTER_MAX_LENGTH),
    },
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    size: (PAYMENT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAYMENT_PAGE_SIZE,
  };
}

/**
 * The address for a list state, keeping any other parameter (`?view=`). Defaults are left out, so the
 * plain list is `/pledge/payment-list`.
 */
export function paramsFor(state: PaymentListState, current?: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number, isDefault: boolean) => {
    if (isDefault) next.delete(key);
    else next.set(key, String(value));
  };
  const f = state.filters;
  set(keys.fromDate, f.fromDate, f.fromDate === '');
  set(keys.toDate, f.toDate, f.toDate === '');
  set(keys.paymentType, f.paymentType, f.paymentType === '');
  set(keys.paymentMethod, f.paymentMethod, f.paymentMethod === '');
  const pledge = f.pledge.trim().slice(0, PLEDGE_FILTER_MAX_LENGTH);
  set(keys.pledge, pledge, pledge === '');
  set(keys.page, state.page, state.page <= 1);
  set(keys.size, state.size, state.size === DEFAULT_PAYMENT_PAGE_SIZE);
  return next;
}

/** The filter row's own messages, as catalogue keys ('From Date cannot be after To Date'). */
export type FilterErrorKey = Extract<HistoryKey, 'dateOrder'>;

/** The filter row's own check before a Search: the dates in order. */
export function filterError(filters: PaymentFilters): FilterErrorKey | null {
  if (filters.fromDate && filters.toDate && filters.fromDate > filters.toDate) {
    return 'dateOrder';
  }
  return null;
}

/**
 * 'Showing 11–20 of 37' (spec §2.8, with the server's count instead of 'n+'); past the server's cap
 * (X-Total-Count-Capped, total = cap + 1) 'Showing 11–20 of 1,000+'.
 */
export function pagingLabel(
  t: Translate<HistoryKey>,
  skip: number,
  rowCount: number,
  total: number,
  totalCapped = false,
): string {
  const of = totalCapped
    ? `${Math.max(0, total - 1).toLocaleString('en-IN')}+`
    : Math.max(0, total).toLocaleString('en-IN');
  if (total <= 0 || rowCount <= 0) return t('showingNone', { total: of });
  const first = skip + 1;
  const last = totalCapped ? skip + rowCount : Math.min(skip + rowCount, total);
  return t('showing', {
    first: first.toLocaleString('en-IN'),
    last: last.toLocaleString('en-IN'),
    total: of,
  });
}

/** Whether a next page may exist: within the count, or past a capped count while pages come back full. */
export function hasNextPage(
  skip: number,
  rowCount: number,
  limit: number,
  total: number,
  totalCapped = false,
): boolean {
  if (totalCapped) return rowCount === limit;
  return skip + rowCount < total;
}
