/**
 * Every route of the router (route-table.ts), as the admin and as a plain user, in the light
 * and the dark theme, checked with axe-core; any serious or critical violation fails, naming the route,
 * the rule and the element. A screen's first "Add …"/"New …" dialog is checked too. A new route is
 * walked without anyone listing it here.
 *
 * One page per role walks every route, as a user moves between screens: the route is opened by its
 * address in the same document (a full load only where the screen shown has the same heading, so the
 * new one could not be told from it), the theme switched with the header's toggle, axe injected once
 * per document. Each check waits for the page at rest (no request in flight, nothing busy, no animation
 * running), never for a fixed time.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchOptions } from './browser.ts';
import { adminCredentials, clerkCredentials } from './credentials.ts';
import { atRest, trackRequests } from './support.ts';
import {
  allRoutes,
  describeViolations,
  mayOpen,
  routeAddress,
  type SignedIn,
  seedStorage,
  seedWalkRecords,
  seriousViolations,
  signInByApi,
  type Theme,
  type WalkRecords,
  type WalkRoute,
} from './walk.ts';

// axe-core is injected as an inline script, which the app's CSP (rightly) refuses: bypassed here only.
const baseUrl = inject('baseUrl');
const artifactsDir = join(import.meta.dirname, 'artifacts');
const themes: Theme[] = ['light', 'dark'];
const routes = allRoutes();
const roles = ['admin', 'clerk'] as const;
type Role = (typeof roles)[number];

interface Walker {
  session: SignedIn;
  page: Page;
  /** Console errors and failed requests since the current test began. */
  problems: string[];
  /** A test did not end cleanly on this page: the next one starts from a fresh load. */
  dirty: boolean;
}

let browser: Browser | undefined;
const walkers: Partial<Record<Role, Walker>> = {};
const sessions: Partial<Record<Role, SignedIn>> = {};

/** A real pledge of the walk's own, for the routes that show one, and a receipt of a payment on it. */
let records: WalkRecords = { pledgeId: 0, receiptId: 0 };

beforeAll(async () => {
  sessions.admin = await signInByApi(baseUrl, adminCredentials);
  sessions.clerk = await signInByApi(baseUrl, clerkCredentials);
  records = await seedWalkRecords(baseUrl, sessions.admin);
});

beforeAll(async () => {
  browser = await chromium.launch(await launchOptions());
  for (const role of roles) {
    const session = role === 'admin' ? sessions.admin! : sessions.clerk!;
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    trackRequests(page);
    await seedStorage(page, session, 'light');
    const walker: Walker = { session, page, problems: [], dirty: true };
    page.on('console', (message) => {
      if (message.type() === 'error') walker.problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => walker.problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      // A read the page itself cancelled (net::ERR_ABORTED) is not a problem.
      if (request.method() === 'GET' && request.failure()?.errorText === 'net::ERR_ABORTED') return;
      walker.problems.push(`request failed: ${request.url()}`);
    });
    walkers[role] = walker;
  }
});

afterAll(async () => {
  await browser?.close();
});

const urlOf = (route: WalkRoute) => routeAddress(route, records);

const mainHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/**
 * Opens the route in the walker's page and waits until its page (or, refused, the dashboard with the
 * refusal's toast) has drawn and is at rest. The same document when it can: a full load when the page
 * is new or left unclean, or when the screen shown has the heading awaited (it could not be told apart).
 */
async function openRoute(walker: Walker, route: WalkRoute, allowed: boolean): Promise<void> {
  const { page } = walker;
  const heading = allowed ? route.title : 'Dashboard';
  const address = `${baseUrl}/#${urlOf(route)}`;
  const sameHeading = allowed && (await mainHeading(page, heading).count()) > 0;
  if (!page.url().startsWith(baseUrl)) {
    await page.goto(address);
    walker.dirty = false;
  } else if (walker.dirty || sameHeading) {
    // A full load of the route's address: put in place without the router seeing it, then reloaded.
    await page.evaluate((hash) => window.history.replaceState(null, '', `#${hash}`), urlOf(route));
    await page.reload();
    walker.dirty = false;
  } else {
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, urlOf(route));
  }
  await mainHeading(page, heading).waitFor();
  // Refused, the user lands on the dashboard with a toast (closed after each check, so this one is new).
  if (!allowed) await page.getByText('You do not have access to that page.').waitFor();
  await atRest(page);
  // Still the route: a screen that sent the user elsewhere once its data came would be checked instead.
  if ((await mainHeading(page, heading).count()) === 0) throw new Error(`${address} left for ${page.url()}`);
}

/** Switches to `theme` with the header's toggle, as a user does, unless it is on already. */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  const isDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (isDark !== (theme === 'dark')) {
    // From the keyboard: a toast may lie over the header's corner (the Migrate screen's 'Search
    // Completed'), and a click would wait for it to go.
    await page
      .getByRole('button', { name: theme === 'dark' ? 'Switch to dark mode' : 'Switch to light mode' })
      .press('Enter');
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      theme === 'dark',
    );
  }
  // The colours change over the buttons' transitions: axe reads them once they are done.
  await atRest(page);
}

/** The screen's first Add/New/Create, when it opens a dialog: that dialog checked, then closed. */
async function checkDialog(walker: Walker, route: WalkRoute, theme: Theme): Promise<string[]> {
  const { page } = walker;
  const opener = page
    .locator('#main-content')
    .getByRole('button', { name: /^(Add|New|Create)\b/ })
    .first();
  if ((await opener.count()) === 0 || !(await opener.isEnabled())) return [];
  const name = (await opener.textContent())?.trim() ?? 'dialog';
  await opener.click();
  // A dialog opens on the click (its code, if fetched, counts as a request in flight).
  await atRest(page);
  const dialog = page.getByRole('dialog');
  // Not every Add opens a dialog: the edit pledge screen's Add Item adds a row in place.
  if ((await dialog.count()) === 0) {
    // Whatever it did (a row added in place, another screen opened) stays: the next check starts from
    // a fresh load.
    walker.dirty = true;
    return [];
  }
  const found = describeViolations(
    `${urlOf(route)} dialog '${name}' (${theme})`,
    await seriousViolations(page, '[role="dialog"]'),
  );
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await atRest(page);
  return found;
}

for (const role of roles) {
  // The admin opens every route; the plain user every route he may open and one refused route of
  // each kind (which lands on the dashboard with a toast, checked too).
  const walk =
    role === 'admin'
      ? routes
      : routes.filter(
          (route, i) =>
            route.access === 'signed-in' || routes.findIndex((other) => other.access === route.access) === i,
        );
  describe(`${role}, light and dark theme`, () => {
    for (const route of walk) {
      it(`/${route.path} has no serious accessibility violation`, async ({ task, onTestFailed }) => {
        const walker = walkers[role]!;
        const { page, session } = walker;
        walker.problems = [];
        onTestFailed(async () => {
          walker.dirty = true;
          mkdirSync(artifactsDir, { recursive: true });
          const file = `a11y-${role}-${task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`;
          await page.screenshot({ path: join(artifactsDir, file), fullPage: true }).catch(() => undefined);
        });
        const allowed = mayOpen(session, route.access);
        const found: string[] = [];
        for (const theme of themes) {
          if (allowed) {
            if (theme === themes[0] || walker.dirty) await openRoute(walker, route, allowed);
            await switchTheme(page, theme);
          } else {
            // A refused route is opened once per theme, in that theme: its toast (which lives 5 s) is
            // the thing to see, and axe runs as soon as it has faded in.
            await switchTheme(page, theme);
            await openRoute(walker, route, allowed);
          }
          found.push(
            ...describeViolations(`${urlOf(route)} (${role}, ${theme})`, await seriousViolations(page)),
          );
          if (!allowed) {
            // Closed (unless its time ran out already), so the next refusal's toast is a new one.
            const toast = page
              .getByTestId('toast')
              .filter({ hasText: 'You do not have access to that page.' });
            await toast.evaluateAll((cards) => {
              for (const card of cards) card.querySelector<HTMLButtonElement>('button[aria-label]')?.click();
            });
            await toast.waitFor({ state: 'detached' });
          } else if (role === 'admin') {
            found.push(...(await checkDialog(walker, route, theme)));
          }
        }
        expect(found).toEqual([]);
        expect(walker.problems).toEqual([]);
      });
    }
  });
}
