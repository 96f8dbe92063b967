/**
 * Issue 19: every route of the router (route-table.ts), as the admin and as a plain user, in the light
 * and the dark theme, checked with axe-core; any serious or critical violation fails, naming the route,
 * the rule and the element. A screen's first "Add …"/"New …" dialog is checked too. A new route is
 * walked without anyone listing it here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, clerkCredentials } from './credentials.ts';
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
  walkSkips,
} from './walk.ts';

// axe-core is injected as an inline script, which the app's CSP (rightly) refuses: bypassed here only.
const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });

const themes: Theme[] = ['light', 'dark'];
const routes = allRoutes();
const sessions: Partial<Record<'admin' | 'clerk', SignedIn>> = {};

beforeAll(async () => {
  sessions.admin = await signInByApi(browser.baseUrl, adminCredentials);
  sessions.clerk = await signInByApi(browser.baseUrl, clerkCredentials);
});

/** Opens the route fresh and waits until its page (or, refused, the dashboard) has drawn. */
async function openRoute(session: SignedIn, route: WalkRoute, theme: Theme) {
  const page = browser.page();
  await seedStorage(page, session, theme);
  await page.goto(`${browser.baseUrl}/#${route.url}`);
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
  await dialog.waitFor();
  await page.waitForTimeout(400);
  const name = (await opener.textContent())?.trim() ?? 'dialog';
  return describeViolations(
    `${route.url} dialog '${name}'`,
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
        const skip = walkSkips[route.id];
        if (skip) {
          it.skip(`${route.url} is not walked: ${skip}`, () => {});
          continue;
        }
        it(`${route.url} has no serious accessibility violation`, async () => {
          const session = sessions[role]!;
          const { page, allowed } = await openRoute(session, route, theme);
          const found = describeViolations(`${route.url} (${role}, ${theme})`, await seriousViolations(page));
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
