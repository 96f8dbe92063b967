import type { ComplianceSettingsView, Dashboard } from '@pledge-desk/domain';
import { render, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '@/app/app';
import { AppProviders } from '@/app/providers';
import type { Company, User } from '@/lib/session-types';
import { storageKeys } from '@/lib/storage';

export const adminUser: User = {
  id: 1,
  username: 'admin',
  email: 'admin@example.in',
  role: 'admin',
  company_id: 1,
  created_at: '2026-01-15T10:00:00Z',
  permissions: [
    'companies.manage',
    'users.manage',
    'masters.manage',
    'accounts.manage',
    'customers.read',
    'customers.create',
    'pledges.handle',
  ],
};

export const clerkUser: User = {
  id: 2,
  username: 'clerk',
  email: null,
  role: 'user',
  company_id: 1,
  created_at: '2026-02-01T10:00:00Z',
  permissions: [],
};

export const mainBranch: Company = {
  id: 1,
  company_name: 'Main Branch',
  address: '12 Car Street',
  city: 'Madurai',
  state: 'Tamil Nadu',
  phone: '0452 234567',
  logo: null,
  licence_no: 'TN-PB-0042',
  status: true,
  created_at: '2026-01-01T00:00:00Z',
};

export const secondBranch: Company = {
  ...mainBranch,
  id: 2,
  company_name: 'Tirunelveli Branch',
  city: 'Tirunelveli',
  licence_no: 'TN-PB-0077',
};

/** A branch's compliance settings (GET /api/companies/{id}/compliance): a valid licence, ₹0 threshold. */
export function complianceView(patch: Partial<ComplianceSettingsView> = {}): ComplianceSettingsView {
  return {
    regime: 'tn_pawnbroker',
    licence_number: 'TN-PB-0042',
    licence_expiry: '2027-03-31',
    licence_state: 'valid',
    licence_days_left: 124,
    licence_message: null,
    interest_ceiling: 2,
    cash_limit: 20000,
    cash_limit_mode: 'warn',
    approval_threshold: 0,
    rbi_rules: {
      ltv_tiers: [
        { up_to: 250000, percent: 85 },
        { up_to: 500000, percent: 80 },
        { up_to: null, percent: 75 },
      ],
      bullet_max_months: 12,
      gold_ornaments_max_g: 1000,
      gold_coins_max_g: 50,
      silver_ornaments_max_g: 10000,
      silver_coins_max_g: 500,
      valuation_average_days: 30,
    },
    // A TN pawnbroker's PAN / Form 60 rule as the regime sets it, and KYC gaps warned.
    pan_applies: true,
    pan_threshold: 50000,
    pan_default: { applies: true, threshold: 50000 },
    kyc_incomplete_mode: 'warn',
    ...patch,
  };
}

export function seedSession({ user, company }: { user?: User; company?: Company } = {}): void {
  window.localStorage.setItem(storageKeys.accessToken, 'token-123');
  if (user) window.localStorage.setItem(storageKeys.user, JSON.stringify(user));
  if (company) window.localStorage.setItem(storageKeys.selectedCompany, JSON.stringify(company));
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (request: {
  url: string;
  method: string;
  init: RequestInit | undefined;
}) => Response | Promise<Response>;

/** Stubs fetch with one handler per "METHOD /path" (query string ignored); anything else answers 404. */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0]!;
    const handler = handlers[`${method} ${path}`];
    if (!handler) return jsonResponse({ detail: `No stub for ${method} ${path}` }, 404);
    return handler({ url, method, init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * An answer a stub holds back until the test releases it, to see a screen's waiting state. A screen
 * can show that state before its request reaches the stub (a busy machine showed it), so `release`
 * first waits for the request to be waiting, instead of resolving nothing and leaving it hanging.
 */
export function heldAnswer<T>() {
  let resolve: ((value: T) => void) | null = null;
  return {
    hold: () =>
      new Promise<T>((r) => {
        resolve = r;
      }),
    async release(value: T) {
      await waitFor(() => {
        if (!resolve) throw new Error('the request has not reached the stub yet');
      });
      resolve?.(value);
    },
  };
}

export function renderApp() {
  return render(
    <AppProviders>
      <App />
    </AppProviders>,
  );
}

/** jsdom has no layout: a ResizeObserver that reports a real size, so the charts draw. */
export class FixedSizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ target, contentRect: { width: 600, height: 256 } } as unknown as ResizeObserverEntry],
      this as never,
    );
  }
  unobserve() {}
  disconnect() {}
}

/** A branch's dashboard with nothing done yet this month (as of 2026-11-20). */
export function quietDashboard(): Dashboard {
  const days = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      disbursed: 0,
      collected: 0,
    }));
  return {
    as_of: '2026-11-20',
    earnings: 0,
    spend_this_month: 0,
    sales: { count: 0, growth_percent: null },
    balance: 0,
    daily: days(20),
    weekly: days(7).map((d) => ({ date: d.date, interest: 0, charges: 0 })),
    due: [],
  };
}
