/**
 * Photographs the charts on a running `npm run demo` (Chennai, as admin): the dashboard in light,
 * dark and Tamil, each with the month chart's tooltip opened from the keyboard (Left: the last day),
 * at 1280 px and at 390 px, and the gold and silver rates' history. Prints each chart's drawn size
 * and exits non-zero when a chart draws no series or NaN.
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-charts.ts
 */
import { chromium, type Page } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, password, shot, type Theme } from './screenshot-kit.ts';
import { describeViolations, type SignedIn, seedStorage, seriousViolations, signInByApi } from './walk.ts';

const signedIn = await signInByApi(baseUrl, { username: 'admin', password });
const list = (await (
  await fetch(`${baseUrl}/api/companies/?skip=0&limit=10`, {
    headers: { Authorization: `Bearer ${signedIn.token}` },
  })
).json()) as SignedIn['company'][];
const chennai = list.find((c) => /Chennai/.test(c.company_name)) ?? list[0]!;
const admin: SignedIn = { ...signedIn, company: chennai };

const browser = await chromium.launch(await launchOptions());
const problems: string[] = [];

async function open(theme: Theme, language: 'en' | 'ta', path: string, width: number): Promise<Page> {
  // axe is injected as an inline script, which the app's CSP (script-src 'self') would refuse.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error on ${path}: ${msg.text()}`);
  });
  await seedStorage(page, admin, theme);
  await page.addInitScript((l) => window.localStorage.setItem('language', l), language);
  await page.goto(`${baseUrl}/#${path}`);
  await page.locator('svg[data-chart]').first().waitFor({ timeout: 15_000 });
  return page;
}

/**
 * Each chart's size and what it drew, for the log; a chart without a series or with NaN, a page wider
 * than the window or a serious axe violation (the tooltip open or not) is a problem.
 */
async function check(page: Page, name: string): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  if (widths[0]! > widths[1]!) problems.push(`${name}: page ${widths[0]} px wide in ${widths[1]} px`);
  problems.push(...describeViolations(name, await seriousViolations(page)));
  const charts = await page.locator('svg[data-chart]').evaluateAll((svgs) =>
    svgs.map((svg) => ({
      size: `${svg.getAttribute('width')}x${svg.getAttribute('height')}`,
      series: svg.querySelectorAll('[data-series]').length,
      nan: svg.innerHTML.includes('NaN'),
    })),
  );
  console.log(`${name}: ${JSON.stringify(charts)}`);
  for (const chart of charts)
    if (chart.series === 0 || chart.nan) problems.push(`${name}: ${JSON.stringify(chart)}`);
}

try {
  const views: [Theme, 'en' | 'ta'][] = [
    ['light', 'en'],
    ['dark', 'en'],
    ['light', 'ta'],
  ];
  for (const width of [1280, 390]) {
    for (const [theme, language] of views) {
      const name = `charts-dashboard-${language}-${theme}-${width}`;
      const page = await open(theme, language, '/dashboard', width);
      await page.waitForLoadState('networkidle');
      await check(page, name);
      await shot(page, name);
      await page.locator('[role="img"]:has(svg[data-chart])').first().focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.locator('[data-chart-tooltip]').waitFor();
      await check(page, `${name}-tooltip`);
      await shot(page, `${name}-tooltip`, { fullPage: false });
      await page.context().close();
    }
  }
  for (const theme of ['light', 'dark'] as const) {
    const page = await open(theme, 'en', '/gold-silver-rates', 1280).catch(() => null);
    if (!page) {
      console.log('gold-silver-rates: no chart (no rate stored?)');
      continue;
    }
    await check(page, `charts-rates-${theme}`);
    const chart = page.locator('[role="img"]:has(svg[data-chart])').first();
    await chart.scrollIntoViewIfNeeded();
    await chart.hover({ position: { x: 300, y: 100 } });
    await page.locator('[data-chart-tooltip]').waitFor();
    await check(page, `charts-rates-${theme}-tooltip`);
    await shot(page, `charts-rates-${theme}`);
    await page.context().close();
  }
} finally {
  await browser.close();
}
if (problems.length > 0) {
  console.error(`Charts drawn wrong:\n${problems.join('\n')}`);
  process.exitCode = 1;
}
