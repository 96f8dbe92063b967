import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { launchOptions } from './browser.ts';

const artifactsDir = join(import.meta.dirname, 'artifacts');

export interface BrowserSession {
  baseUrl: string;
  page: () => Page;
  /** Console errors and failed requests of the current test (a CSP violation lands here). */
  problems: () => string[];
}

export interface E2eServer {
  key: 'baseUrl' | 'baseUrlPostgres';
  label: string;
}

/**
 * The servers a suite runs against: the one on PGlite always, and the one on PostgreSQL when the global
 * setup started it (TEST_DATABASE_URL is set, as in CI).
 */
export function e2eServers(): E2eServer[] {
  const servers: E2eServer[] = [{ key: 'baseUrl', label: 'on PGlite' }];
  if (inject('baseUrlPostgres')) servers.push({ key: 'baseUrlPostgres', label: 'on PostgreSQL' });
  return servers;
}

/**
 * One Chromium per test file, a fresh context (empty local storage) per test, and a screenshot in
 * `e2e/artifacts/` when a test fails. `contextOptions` are added to each context (the accessibility walk
 * sets `bypassCSP` to inject axe-core; no other suite should).
 */
export function useBrowser(
  viewport = { width: 1280, height: 900 },
  server: 'baseUrl' | 'baseUrlPostgres' = 'baseUrl',
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
  await card.getByRole('button', { name: 'Close notification' }).click();
}

/** The table rows that contain this text. */
export function rowWith(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}
