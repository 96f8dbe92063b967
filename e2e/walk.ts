/**
 * What the accessibility walk and the page-weight gate share: every route of the web router (from
 * apps/web/src/app/route-table.ts, the table the router is built from), a signed-in session put into a
 * page's local storage (one API sign-in per role, not one per page), and the JS/CSS a page fetched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { type RouteAccess, type RouteEntry, routeTable } from '../apps/web/src/app/route-table.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';

export type Theme = 'light' | 'dark';

export interface WalkRoute extends RouteEntry {
  id: string;
  /** The path to open, parameters filled in: `/pledge/edit/1`. */
  url: string;
}

/** Every route of the router, parameters filled with 1 (the accessibility walk fills in a real record's id). */
export function allRoutes(): WalkRoute[] {
  return Object.entries(routeTable).map(([id, entry]) => ({
    ...(entry as RouteEntry),
    id,
    url: `/${entry.path.replace(/:[A-Za-z]+/g, '1')}`,
  }));
}

/** The records the walks open for the routes that show one: a pledge and the receipt of a payment on it. */
export interface WalkRecords {
  pledgeId: number;
  receiptId: number;
}

/** A pledge of the walk's own (its masters made too) and a partial principal payment on it, through the API. */
export async function seedWalkRecords(baseUrl: string, admin: SignedIn): Promise<WalkRecords> {
  const masters = await seedPledgeMasters(baseUrl, admin);
  const saved = await pledgeApi(baseUrl, admin).post<{ pledge_id: number }>('/pledges/with-items', {
    customer_id: masters.customerId,
    scheme_id: masters.schemeId,
    pledge_date: indianDay(),
    total_loan_amount: 30000,
    // Over the cash limit (₹20,000, warn): the clerk confirmed.
    cash_limit_confirmed: true,
    document_charges: 100,
    items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10.5, net_weight: 10 }],
  });
  // Made today, its first month's interest was taken with the loan: a part of the principal is payable.
  const paid = await pledgeApi(baseUrl, admin).post<{ receipt_id: number }>('/pledge-payments/', {
    pledge_id: saved.pledge_id,
    payment_date: indianDay(),
    payment_type: 'partial_principal',
    amount: 1000,
    payment_method: 'cash',
    cash_limit_confirmed: true,
  });
  return { pledgeId: saved.pledge_id, receiptId: paid.receipt_id };
}

/**
 * The route's address, a stored record's id in place of each parameter (the walk's own pledge and
 * receipt), and today for a date (the day-end sheet of today).
 */
export function routeAddress(route: RouteEntry, records: WalkRecords): string {
  return `/${route.path.replace(/:[A-Za-z]+/g, (name) =>
    name === ':date' ? indianDay() : String(name === ':receiptId' ? records.receiptId : records.pledgeId),
  )}`;
}

export interface SignedIn {
  token: string;
  user: { role: 'admin' | 'user'; permissions: string[] } & Record<string, unknown>;
  company: { id: number; company_name: string } & Record<string, unknown>;
}

/** Signs in through the API and takes the first company the user may use. */
export async function signInByApi(
  baseUrl: string,
  credentials: { username: string; password: string },
): Promise<SignedIn> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`Sign-in of ${credentials.username} failed: ${login.status}`);
  const { access_token: token, user } = (await login.json()) as {
    access_token: string;
    user: SignedIn['user'];
  };
  const companies = await fetch(`${baseUrl}/api/companies/?skip=0&limit=10`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const list = (await companies.json()) as SignedIn['company'][];
  const company = list[0];
  if (!company) throw new Error(`${credentials.username} may use no company`);
  return { token, user, company };
}

/** Who may open a route (the same rule as route-guards.tsx). */
export function mayOpen(session: SignedIn, access: RouteAccess): boolean {
  if (session.user.role === 'admin') return true;
  if (access === 'admin') return false;
  if (access === 'pledges') return session.user.permissions.includes('pledges.handle');
  return true;
}

/** The session (spec §3 storage keys) and the theme, written before the app's first script runs. */
export async function seedStorage(page: Page, session: SignedIn | null, theme: Theme): Promise<void> {
  await page.addInitScript(
    ({ session, theme }) => {
      window.localStorage.setItem('theme', theme);
      if (!session) return;
      window.localStorage.setItem('access_token', session.token);
      window.localStorage.setItem('user', JSON.stringify(session.user));
      window.localStorage.setItem('selected_company', JSON.stringify(session.company));
    },
    { session, theme },
  );
}

/**
 * Records each script and stylesheet the page fetches, by path, with its gzip size (level 9). `read`
 * waits for the bodies still being read (a body is read after its response came) and gives the record.
 */
export function recordAssets(page: Page): { read: () => Promise<Map<string, number>> } {
  const assets = new Map<string, number>();
  const reading = new Set<Promise<void>>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const done = response.body().then(
      (body) => {
        assets.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
      },
      (error: unknown) => {
        throw new Error(`could not read ${response.url()}: ${String(error)}`);
      },
    );
    reading.add(done);
  });
  return {
    read: async () => {
      await Promise.all(reading);
      return assets;
    },
  };
}

export function sumBytes(assets: Map<string, number>, paths?: Iterable<string>): number {
  let total = 0;
  for (const path of paths ?? assets.keys()) total += assets.get(path) ?? 0;
  return total;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (every rule but the experimental ones) on the page or inside `within`, and returns the
 * serious and critical violations. The script is injected inline, which the app's CSP refuses: the
 * context must be made with `bypassCSP`.
 */
export async function seriousViolations(page: Page, within?: string): Promise<Violation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (context) => {
    // A button just enabled may still be fading from its disabled opacity (Tailwind's `transition`):
    // finish every running transition first, so the colours checked are the ones that stay.
    for (const animation of document.getAnimations()) animation.finish();
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(context ? { include: [context] } : document, {
      resultTypes: ['violations'],
    })) as {
      violations: { id: string; impact: string; help: string; nodes: { target: string[]; html: string }[] }[];
    };
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`),
    }));
  }, within ?? null);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(where: string, violations: Violation[]): string[] {
  return violations.flatMap((v) =>
    v.targets.map((t) => `${where}: ${v.rule} (${v.impact}, ${v.help}) at ${t}`),
  );
}

/** The page budgets of docs/performance.md ("Page weight" table): route path → KB gzip. */
export function pageBudgets(): Map<string, number> {
  const doc = readFileSync(join(import.meta.dirname, '../docs/performance.md'), 'utf8');
  const budgets = new Map<string, number>();
  for (const match of doc.matchAll(/^\| `(\/[^`]*|sign-in|shell)` \| (\d+(?:\.\d+)?) KB \|/gm)) {
    budgets.set(match[1]!, Number(match[2]) * 1024);
  }
  return budgets;
}

/**
 * A user of the admin session's company, made through the API, with a unique name from `prefix`: a test
 * that changes a user's own settings (the language) uses one of its own, not the shared admin.
 */
export async function createUserByApi(
  baseUrl: string,
  admin: SignedIn,
  user: { prefix: string; password: string; role: 'admin' | 'user' },
): Promise<string> {
  const username = `${user.prefix}_${uniqueSuffix()}`;
  const response = await fetch(`${baseUrl}/api/users/`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${admin.token}`,
      'X-Company-Id': String(admin.company.id),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: user.password,
      role: user.role,
      company_id: admin.company.id,
    }),
  });
  if (!response.ok)
    throw new Error(`creating ${username} failed: ${response.status} ${await response.text()}`);
  return username;
}

/**
 * What is clipped on the page, once the web font is in (font-display: swap draws the fallback first,
 * with other widths): the page wider than the window, with `header` the header too, or an element of
 * `selector` whose text overflows its box. A title that truncates on purpose (an ellipsis) shows its
 * whole text on hover, and a label only for screen readers is a 1 px box by design: neither counts.
 */
export async function clippedTexts(
  page: Page,
  width: number,
  selector: string,
  options: { header: boolean },
): Promise<string[]> {
  return page.evaluate(
    async ({ viewport, selector, header }) => {
      await document.fonts.ready;
      const found: string[] = [];
      if (document.documentElement.scrollWidth > viewport) {
        found.push(`page ${document.documentElement.scrollWidth} px wide`);
      }
      const bar = header ? document.querySelector('header') : null;
      if (bar && bar.scrollWidth > viewport) found.push(`header ${bar.scrollWidth} px wide`);
      for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        if (getComputedStyle(el).textOverflow === 'ellipsis' || el.clientWidth <= 1) continue;
        if (el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1) {
          found.push(`"${el.textContent?.trim()}" cut (${el.scrollWidth} > ${el.clientWidth})`);
        }
      }
      return found;
    },
    { viewport: width, selector, header: options.header },
  );
}
