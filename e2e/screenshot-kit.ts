/**
 * What the screenshot scripts (`take-screenshots*.ts`, `screenshots-masters-a.ts`) share: where they
 * point (BASE_URL, ADMIN_PASSWORD, OUT_DIR), a page in a theme that prints its console errors and
 * failed requests, signing in as admin through company choice, and writing a shot.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chartsDrawn, settled } from './settle.ts';

export type Theme = 'light' | 'dark';
export const THEMES: readonly Theme[] = ['light', 'dark'];

export const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:8000';
export const password = process.env.ADMIN_PASSWORD ?? 'admin12345';
export const outDir = process.env.OUT_DIR ?? 'e2e/artifacts/screens';
mkdirSync(outDir, { recursive: true });

/** A fresh context in `theme` at `width` × 900 px whose console errors, warnings and failed requests are printed. */
export async function themedPage(browser: Browser, theme: Theme, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  const tag = width === 1280 ? theme : `${width}/${theme}`;
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      console.log(`[${tag}] console ${msg.type()}: ${msg.text()}`);
  });
  page.on('requestfailed', (req) => console.log(`[${tag}] request failed: ${req.url()}`));
  return page;
}

/** The sign-in form filled as admin and sent; the page is then on company selection. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Continue with Selected Company' }).waitFor();
}

/**
 * Signs in as admin and continues with a company: the first one whose button matches `company`, or
 * the first of the list (with several branches, as in the demo, none is chosen beforehand).
 */
export async function enterAsAdmin(page: Page, company?: RegExp): Promise<void> {
  await signInAsAdmin(page);
  const choice = company ? page.getByRole('button', { name: company }) : page.locator('button[aria-pressed]');
  await choice.first().click();
  await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/**
 * Waits for the page still (fonts in, nothing busy unless `allowBusy`, no animation running, the charts
 * drawn), then writes OUT_DIR/<name>.png.
 */
export async function shot(
  page: Page,
  name: string,
  { fullPage = true, allowBusy = false }: { fullPage?: boolean; allowBusy?: boolean } = {},
): Promise<void> {
  await settled(page, { allowBusy });
  await chartsDrawn(page);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage });
  console.log(`wrote ${name}.png`);
}
