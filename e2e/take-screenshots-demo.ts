/**
 * Photographs the demo's screens of the end of a pledge and of the branch's day (the demo
 * shows every state) on a running `npm run demo`, in Chennai, as admin: the dashboard, Notices,
 * Auction Lots, Auction Surpluses, Auction Shortfalls, At Banks, Awaiting Release, Day Close, Cash
 * Drawer and yesterday's day-end sheet. Each screen must show rows of the seed (a table row, or the
 * drawer's figures); the script prints how many and exits non-zero when one shows none.
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-demo.ts
 */
import { chromium, type Page } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { indianDay } from './pledge-masters.ts';
import { baseUrl, password, shot, THEMES, type Theme, themedPage } from './screenshot-kit.ts';
import { type SignedIn, seedStorage, signInByApi } from './walk.ts';

const signedIn = await signInByApi(baseUrl, { username: 'admin', password });
const list = (await (
  await fetch(`${baseUrl}/api/companies/?skip=0&limit=10`, {
    headers: { Authorization: `Bearer ${signedIn.token}` },
  })
).json()) as SignedIn['company'][];
const chennai = list.find((c) => /Chennai/.test(c.company_name));
if (!chennai) throw new Error('This is not the demo: no Chennai branch');
const admin: SignedIn = { ...signedIn, company: chennai };

const yesterday = indianDay(1);
/** A screen, and what to do on it before the picture (a status chosen, a date typed). */
const screens: {
  path: string;
  heading: string;
  name: string;
  rows: string;
  before?: (page: Page) => Promise<void>;
}[] = [
  { path: '/dashboard', heading: 'Dashboard', name: 'dashboard', rows: 'main h2, main h3' },
  { path: '/pledge/notices', heading: 'Notices', name: 'notices', rows: 'tbody tr' },
  { path: '/auctions', heading: 'Auction Lots', name: 'auction-lots', rows: 'tbody tr' },
  { path: '/auctions/surpluses', heading: 'Auction Surpluses', name: 'surpluses-owed', rows: 'tbody tr' },
  {
    path: '/auctions/surpluses',
    heading: 'Auction Surpluses',
    name: 'surpluses-paid',
    rows: 'tbody tr',
    before: (page) =>
      page
        .getByLabel('Show')
        .selectOption('paid')
        .then(() => undefined),
  },
  { path: '/auctions/shortfalls', heading: 'Auction Shortfalls', name: 'shortfalls-open', rows: 'tbody tr' },
  {
    path: '/auctions/shortfalls',
    heading: 'Auction Shortfalls',
    name: 'shortfalls-settled',
    rows: 'tbody tr',
    before: (page) =>
      page
        .getByLabel('Show')
        .selectOption('settled')
        .then(() => undefined),
  },
  { path: '/registers/at-banks', heading: 'At Banks', name: 'at-banks', rows: 'tbody tr' },
  {
    path: '/pledge/awaiting-release',
    heading: 'Awaiting Release',
    name: 'awaiting-release',
    rows: 'tbody tr',
  },
  { path: '/day-close', heading: 'Day Close', name: 'day-close-today', rows: 'tbody tr' },
  {
    path: '/day-close',
    heading: 'Day Close',
    name: 'day-close-yesterday',
    rows: '[data-testid="day-history"] li',
    before: async (page) => {
      await page.getByLabel('Business date').fill(yesterday);
      await page.getByTestId('day-status').filter({ hasText: 'Day closed' }).waitFor();
    },
  },
  { path: '/cash-drawer', heading: 'Cash Drawer', name: 'cash-drawer', rows: 'tbody tr' },
  { path: `/day-end/${yesterday}`, heading: 'Day-end Sheet', name: 'day-end-yesterday', rows: 'tbody tr' },
];

const browser = await chromium.launch(await launchOptions());

async function open(theme: Theme, path: string, heading: string): Promise<Page> {
  const page = await themedPage(browser, theme);
  await seedStorage(page, admin, theme);
  await page.goto(`${baseUrl}/#${path}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return page;
}

const empty: string[] = [];
try {
  for (const theme of process.env.THEMES === 'both' ? THEMES : (['light'] as const)) {
    for (const s of screens) {
      const page = await open(theme, s.path, s.heading);
      await s.before?.(page);
      // The first row of the seed, or the screen's own figures, before the picture.
      await page
        .locator(s.rows)
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      await page.waitForLoadState('networkidle');
      const rows = await page.locator(s.rows).count();
      console.log(`${s.name}: ${rows} rows`);
      if (rows === 0) empty.push(s.name);
      await shot(page, `demo-${s.name}-${theme}`);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
}
if (empty.length > 0) {
  console.error(`No rows on: ${empty.join(', ')}`);
  process.exitCode = 1;
}
