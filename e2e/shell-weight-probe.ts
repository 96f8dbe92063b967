/**
 * What the shell is made of, against a running server (a probe for the page-weight work, not a test):
 *
 *   BASE_URL=http://127.0.0.1:8140 ADMIN_PASSWORD=demo-admin LANG_CHOICE=en node --import tsx e2e/shell-weight-probe.ts
 *
 * Signs in as admin, opens a few routes in fresh pages and prints the JavaScript and CSS each fetched
 * (gzip), the files every one of them fetched (the shell) and its total.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, themedPage } from './screenshot-kit.ts';
import { atRest, trackRequests } from './support.ts';
import { kb, recordAssets, sumBytes } from './walk.ts';

const routes = (process.env.ROUTES ?? '/dashboard,/customers,/profile,/pledge/payment').split(',');
const browser = await chromium.launch(await launchOptions());
try {
  const first = await themedPage(browser, 'light');
  await enterAsAdmin(first, new RegExp(process.env.COMPANY ?? 'Chennai|Main Branch'));
  if (process.env.LANG_CHOICE === 'ta')
    await first.evaluate(() => window.localStorage.setItem('language', 'ta'));
  const fetched: Map<string, number>[] = [];
  for (const route of routes) {
    const page = await first.context().newPage();
    const cdp = await first.context().newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    trackRequests(page);
    const record = recordAssets(page);
    await page.goto(`${baseUrl}/#${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await atRest(page);
    const assets = await record.read();
    fetched.push(assets);
    console.log(`${route}: ${kb(sumBytes(assets))} in ${assets.size} files`);
    if (process.env.LIST) for (const [p, b] of assets) console.log(`    ${p} ${kb(b)}`);
    await page.close();
  }
  const shell = [...fetched[0]!.keys()].filter((path) => fetched.every((assets) => assets.has(path)));
  console.log(`shell: ${kb(sumBytes(fetched[0]!, shell))}`);
  for (const path of shell.sort((a, b) => fetched[0]!.get(b)! - fetched[0]!.get(a)!))
    console.log(`  ${path} ${kb(fetched[0]!.get(path)!)}`);
} finally {
  await browser.close();
}
