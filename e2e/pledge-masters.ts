/**
 * The master data a pledge needs (a jewel type with a rate, a scheme, designs and a customer), made
 * through the real API for the pledge browser tests (pledge-flow, pledge-form, pledge-list), and the
 * small API client they share. Each test file passes what it needs to differ (a unique prefix and names
 * on a shared server, fixed ones on a server of its own); everything else has one default here.
 */
import type { Page } from 'playwright-core';
import type { SignedIn } from './walk.ts';

/** The business day in India (docs/domain-rules.md §1.3), `days` back. */
export function indianDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** A tag unique to this run, for names on a shared server (base 36 of the clock and a random part). */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 4)}`;
}

/**
 * A scheme prefix of `length` random capital letters (a prefix may hold letters only, at most 10). Six
 * letters: with four, the thirty-odd schemes the browser files make on the run's one database met an
 * existing prefix about once in forty runs (an e2e:repeat run failed on it: 'Scheme prefix already
 * exists').
 */
export function uniquePrefix(first = 'E', length = 6): string {
  let prefix = first;
  while (prefix.length < length) prefix += String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return prefix;
}

export interface PledgeApi {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
}

/** Calls the API as the signed-in user on the session's company; anything but a 2xx throws. */
export function pledgeApi(baseUrl: string, session: SignedIn): PledgeApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${session.token}`,
        'X-Company-Id': String(session.company.id),
        ...(body === undefined
          ? {}
          : {
              'Content-Type': 'application/json',
              // A write may be retried safely with it; each call here is a new write.
              ...(method === 'POST' ? { 'Idempotency-Key': crypto.randomUUID().replaceAll('-', '') } : {}),
            }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    patch: (path, body) => call('PATCH', path, body),
  };
}

/** The session the browser holds after a sign-in through the screens (spec §3 storage keys). */
export async function sessionOfPage(page: Page): Promise<SignedIn> {
  const stored = await page.evaluate(() => ({
    token: window.localStorage.getItem('access_token'),
    user: window.localStorage.getItem('user'),
    company: window.localStorage.getItem('selected_company'),
  }));
  if (!stored.token || !stored.user || !stored.company)
    throw new Error('The page holds no signed-in session');
  return {
    token: stored.token,
    user: JSON.parse(stored.user) as SignedIn['user'],
    company: JSON.parse(stored.company) as SignedIn['company'],
  };
}

export interface PledgeMastersOptions {
  jewelName: string;
  /** Rupees per gram of the jewel rate. */
  ratePerGram: number;
  marketPrice: number;
  sellingPrice: number;
  /** The rate's effective date (yyyy-mm-dd); a pledge dated before it finds no rate. */
  rateEffectiveDate: string;
  schemeName: string;
  /** Letters only: the pledge numbers are the prefix and a running number. */
  prefix: string;
  slippagePercent: number;
  designs: string[];
  customer: {
    customer_name: string;
    guardian_name: string;
    mobile_number: string;
    door_no: string;
    street: string;
    location: string;
    district: string;
    pincode: string;
  };
}

export interface PledgeMasters {
  jewelTypeId: number;
  schemeId: number;
  schemeName: string;
  prefix: string;
  /** In the order of `options.designs`. */
  designs: { id: number; name: string }[];
  customerId: number;
  customerCode: string;
  customerName: string;
}

/** A mobile number unlikely to be taken on a shared server: 9 and nine digits of the clock and chance. */
function freshMobile(): string {
  const digits = (Date.now() * 1000 + Math.floor(Math.random() * 1000)) % 1_000_000_000;
  return `9${String(digits).padStart(9, '0')}`;
}

/**
 * Makes the masters of one pledge test through the API: a 22K jewel type, its rate, a 12-month scheme
 * at 1.5 % a month lending 75 %, the designs and a customer. Defaults are unique to the call where the
 * database is shared (names, prefix, mobile); `options` overrides any of them.
 */
export async function seedPledgeMasters(
  baseUrl: string,
  session: SignedIn,
  options: Omit<Partial<PledgeMastersOptions>, 'customer'> & {
    customer?: Partial<PledgeMastersOptions['customer']>;
  } = {},
): Promise<PledgeMasters> {
  const api = pledgeApi(baseUrl, session);
  const suffix = uniqueSuffix();
  const o: PledgeMastersOptions = {
    jewelName: `Gold ${suffix}`,
    ratePerGram: 6000,
    marketPrice: 6200,
    sellingPrice: 6300,
    rateEffectiveDate: indianDay(3),
    schemeName: `Gold Loan ${suffix}`,
    prefix: uniquePrefix(),
    slippagePercent: 2,
    designs: [`Ring ${suffix}`],
    ...options,
    customer: {
      customer_name: `Meenakshi ${suffix}`,
      guardian_name: 'Sundaram',
      mobile_number: freshMobile(),
      door_no: '4',
      street: 'East Masi Street',
      location: 'Town Hall',
      district: 'Madurai',
      pincode: '625001',
      ...options.customer,
    },
  };
  const type = await api.post<{ id: number }>('/jewel-types/', {
    jewel_name: o.jewelName,
    purity: '22K',
    status: true,
  });
  await api.post('/jewel-rates/', {
    jewel_type_id: type.id,
    rate_per_gram: o.ratePerGram,
    market_price: o.marketPrice,
    selling_price: o.sellingPrice,
    effective_date: o.rateEffectiveDate,
  });
  const scheme = await api.post<{ id: number }>('/schemes/', {
    jewel_type_id: type.id,
    scheme_name: o.schemeName,
    short_name: 'GL',
    prefix: o.prefix,
    duration_in_months: 12,
    interest_rate_per_month: 1.5,
    loan_eligibility_percentage: 75,
    slippage_percent: o.slippagePercent,
    status: true,
  });
  const designs: PledgeMasters['designs'] = [];
  for (const name of o.designs) {
    const design = await api.post<{ id: number }>('/jewell_designs/', { design_name: name });
    designs.push({ id: design.id, name });
  }
  const customer = await api.post<{ id: number; acc_code: string }>('/customers/', {
    ...o.customer,
    status: true,
  });
  return {
    jewelTypeId: type.id,
    schemeId: scheme.id,
    schemeName: o.schemeName,
    prefix: o.prefix,
    designs,
    customerId: customer.id,
    customerCode: customer.acc_code,
    customerName: o.customer.customer_name,
  };
}
