import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { launchOptions } from './browser.ts';
import { settled } from './settle.ts';

export { settled };

const artifactsDir = join(import.meta.dirname, 'artifacts');

export interface BrowserSession {
  baseUrl: string;
  page: () => Page;
  /** Console errors and failed requests of the current test (a CSP violation lands here). */
  problems: () => string[];
}

/**
 * One Chromium per test file, a fresh context (empty local storage) per test, and a screenshot in
 * `e2e/artifacts/` when a test fails. `contextOptions` are added to each context (`bypassCSP` for the
 * suites that inject axe-core; no other suite should). The page's requests are counted for `atRest`.
 * `baseUrl` is the shared PGlite server's: the browser flows run on one database (docs/decisions.md).
 */
export function useBrowser(
  viewport = { width: 1280, height: 900 },
  server: 'baseUrl' = 'baseUrl',
  contextOptions: BrowserContextOptions = {},
): BrowserSession {
  const baseUrl = inject(server);
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let problems: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch(await launchOptions());
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async ({ task, onTestFailed }) => {
    await context?.close();
    problems = [];
    context = await browser.newContext({ ...contextOptions, viewport });
    page = await context.newPage();
    trackRequests(page);
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      // A keepalive logout cut short by the reload that follows it is not a problem, nor a read the
      // page itself cancelled (net::ERR_ABORTED): a search typed on supersedes the one in flight.
      if (request.url().endsWith('/api/auth/logout')) return;
      if (request.method() === 'GET' && request.failure()?.errorText === 'net::ERR_ABORTED') return;
      problems.push(`request failed: ${request.url()}`);
    });
    const current = page;
    onTestFailed(async () => {
      mkdirSync(artifactsDir, { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await current
        .screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true })
        .catch(() => undefined);
    });
  });

  return {
    baseUrl,
    page: () => {
      if (!page) throw new Error('No page: useBrowser() hooks have not run');
      return page;
    },
    problems: () => problems,
  };
}

export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export function storageValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** Waits for a toast with this text, then closes it so the next one is not confused with it. */
export async function closeToast(page: Page, text: string): Promise<void> {
  const card = page.getByTestId('toast').filter({ hasText: text }).first();
  await card.waitFor();
  // A toast closes itself after a few seconds. On a loaded machine it went between being seen and
  // being clicked (CI, payment-single), and the click then waited 30 s for a toast that never came
  // back; so its close button is pressed in the page, if the toast is still there.
  await page.evaluate((wanted) => {
    const toasts = Array.from(document.querySelectorAll('[data-testid="toast"]'));
    const toast = toasts.find((el) => el.textContent?.includes(wanted));
    (toast?.querySelector('button[aria-label="Close notification"]') as HTMLButtonElement | null)?.click();
  }, text);
  // Gone from the page (it leaves after its exit animation), so a later wait for the same text finds the
  // next toast, not this one fading out.
  await card.waitFor({ state: 'detached' });
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests in flight, for `atRest`; `useBrowser`'s pages are counted already. */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

function noRequestInFlight(page: Page, open: Set<Request>): Promise<void> {
  if (open.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (open.size > 0) return;
      page.off('requestfinished', check);
      page.off('requestfailed', check);
      resolve();
    };
    page.on('requestfinished', check);
    page.on('requestfailed', check);
  });
}

/**
 * Waits until no request of the page is in flight and the page is `settled`, both at once (a response
 * drawn may ask for more). The state `waitForLoadState('networkidle')` guesses at with half a second of
 * silence, without the half second. The page must be counted (`trackRequests`).
 */
export async function atRest(page: Page): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('atRest: the page is not counted (trackRequests)');
  do {
    await noRequestInFlight(page, open);
    // Two frames: the responses' handlers run and React draws what they brought (or asks for more).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
    await settled(page);
  } while (open.size > 0);
}

/** The table rows that contain this text. */
export function rowWith(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}
