/**
 * Issue 19: every route of the router (route-table.ts), as the admin and as a plain user, in the light
 * and the dark theme, checked with axe-core; any serious or critical violation fails, naming the route,
 * the rule and the element. A screen's first "Add …"/"New …" dialog is checked too. A new route is
 * walked without anyone listing it here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, clerkCredentials } from './credentials.ts';
import { indianDay, pledgeApi, seedPledgeMasters } from './pledge-masters.ts';
import { useBrowser } from './support.ts';
import {
  allRoutes,
  describeViolations,
  mayOpen,
  type SignedIn,
  seedStorage,
  seriousViolations,
  signInByApi,
  type Theme,
  type WalkRoute,
} from './walk.ts';

// axe-core is injected as an inline script, which the app's CSP (rightly) refuses: bypassed here only.
const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });

const themes: Theme[] = ['light', 'dark'];
const routes = allRoutes();
const sessions: Partial<Record<'admin' | 'clerk', SignedIn>> = {};

/** A real pledge of the walk's own, for the routes that show one (`:pledgeId`), and a receipt of a payment on it (`:receiptId`). */
let pledgeId = 0;
let receiptId = 0;

beforeAll(async () => {
  sessions.admin = await signInByApi(browser.baseUrl, adminCredentials);
  sessions.clerk = await signInByApi(browser.baseUrl, clerkCredentials);
  const masters = await seedPledgeMasters(browser.baseUrl, sessions.admin);
  const saved = await pledgeApi(browser.baseUrl, sessions.admin).post<{ pledge_id: number }>(
    '/pledges/with-items',
    {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(),
      total_loan_amount: 30000,
      // Over the cash limit (₹20,000, warn): the clerk confirmed (issue 14).
      cash_limit_confirmed: true,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10.5, net_weight: 10 }],
    },
  );
  pledgeId = saved.pledge_id;
  // Made today, its first month's interest was taken with the loan: a part of the principal is payable.
  const paid = await pledgeApi(browser.baseUrl, sessions.admin).post<{ receipt_id: number }>(
    '/pledge-payments/',
    {
      pledge_id: pledgeId,
      payment_date: indianDay(),
      payment_type: 'partial_principal',
      amount: 1000,
      payment_method: 'cash',
      // Over the cash limit (₹20,000, warn): the clerk confirmed (issue 14).
      cash_limit_confirmed: true,
    },
  );
  receiptId = paid.receipt_id;
});

/**
 * The route's address, a stored record's id in place of each parameter (the walk's own pledge and
 * receipt), and today for a date (the day-end sheet of today).
 */
const urlOf = (route: WalkRoute) =>
  `/${route.path.replace(/:[A-Za-z]+/g, (name) =>
    name === ':date' ? indianDay() : String(name === ':receiptId' ? receiptId : pledgeId),
  )}`;

/** Opens the route fresh and waits until its page (or, refused, the dashboard) has drawn. */
async function openRoute(session: SignedIn, route: WalkRoute, theme: Theme) {
  const page = browser.page();
  await seedStorage(page, session, theme);
  await page.goto(`${browser.baseUrl}/#${urlOf(route)}`);
  const allowed = mayOpen(session, route.access);
  await page
    .getByRole('heading', { level: 1, name: allowed ? route.title : 'Dashboard', exact: true })
    .waitFor();
  await page.waitForLoadState('networkidle');
  // Toasts and dialogs fade in (300 ms): axe would measure the contrast of a half-drawn text.
  await page.waitForTimeout(400);
  return { page, allowed };
}

async function checkDialog(route: WalkRoute): Promise<string[]> {
  const page = browser.page();
  const opener = page
    .locator('#main-content')
    .getByRole('button', { name: /^(Add|New|Create)\b/ })
    .first();
  if ((await opener.count()) === 0 || !(await opener.isEnabled())) return [];
  await opener.click();
  const dialog = page.getByRole('dialog');
  // Not every Add opens a dialog: the edit pledge screen's Add Item adds a row in place.
  const opened = await dialog.waitFor({ timeout: 3000 }).then(
    () => true,
    () => false,
  );
  if (!opened) return [];
  await page.waitForTimeout(400);
  const name = (await opener.textContent())?.trim() ?? 'dialog';
  return describeViolations(
    `${urlOf(route)} dialog '${name}'`,
    await seriousViolations(page, '[role="dialog"]'),
  );
}

for (const role of ['admin', 'clerk'] as const) {
  for (const theme of themes) {
    describe(`${role} in the ${theme} theme`, () => {
      // The admin opens every route; the plain user every route he may open and one refused route of
      // each kind (which lands on the dashboard with a toast, checked too).
      const walk =
        role === 'admin'
          ? routes
          : routes.filter(
              (route, i) =>
                route.access === 'signed-in' ||
                routes.findIndex((other) => other.access === route.access) === i,
            );
      for (const route of walk) {
        it(`/${route.path} has no serious accessibility violation`, async () => {
          const session = sessions[role]!;
          const { page, allowed } = await openRoute(session, route, theme);
          const found = describeViolations(
            `${urlOf(route)} (${role}, ${theme})`,
            await seriousViolations(page),
          );
          if (!allowed) {
            await page.getByText('You do not have access to that page.').waitFor();
          } else if (role === 'admin') {
            found.push(...(await checkDialog(route)));
          }
          expect(found).toEqual([]);
          expect(browser.problems()).toEqual([]);
        });
      }
    });
  }
}
