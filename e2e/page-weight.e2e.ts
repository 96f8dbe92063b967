/**
 * The page-weight budget: the JavaScript and CSS each screen fetches (gzip), against the budgets of
 * docs/performance.md ("Page weight"). The sign-in screen has a budget of its own and loads no code of
 * the signed-in screens; every route of the router (route-table.ts) has a budget for what it fetches on
 * top of the shell, so a screen that grows, or a new screen without a budget, fails here.
 */
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { atRest, trackRequests, useBrowser } from './support.ts';
import {
  allRoutes,
  kb,
  pageBudgets,
  recordAssets,
  routeAddress,
  seedStorage,
  seedWalkRecords,
  signInByApi,
  sumBytes,
} from './walk.ts';

const browser = useBrowser();

describe('page weight', () => {
  it('the sign-in screen stays within its budget and loads no code of the signed-in screens', async () => {
    const page = browser.page();
    const record = recordAssets(page);
    await page.goto(`${browser.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await atRest(page);
    const assets = await record.read();

    const total = sumBytes(assets);
    console.log(
      `sign-in JS and CSS: ${kb(total)} gzip in ${assets.size} files\n` +
        [...assets].map(([path, size]) => `  ${path} ${kb(size)}`).join('\n'),
    );
    const budget = pageBudgets().get('sign-in');
    expect(budget, 'docs/performance.md has a budget for `sign-in`').toBeDefined();
    expect(assets.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(budget!);
    // The chunks Vite names after the modules of the signed-in app: the router, the shell, every page
    // but sign-in, the charts.
    const signedInCode = [...assets.keys()].filter(
      (path) => /\/(router|app-shell|charts)-|-page-/.test(path) && !/\/sign-in-page-/.test(path),
    );
    expect(signedInCode).toEqual([]);
    expect(browser.problems()).toEqual([]);
  });

  it("each route's own code stays within its budget", { timeout: 420_000 }, async () => {
    const session = await signInByApi(browser.baseUrl, adminCredentials);
    // Real records for the routes that show one: a screen that finds none sends the user elsewhere,
    // and would be weighed with that other screen's code.
    const records = await seedWalkRecords(browser.baseUrl, session);
    const budgets = pageBudgets();
    const routes = allRoutes();
    const fetched = new Map<string, Map<string, number>>();
    const over: string[] = [];
    // Each route opened fresh (a new page, empty cache) as the admin, who may open all of them.
    const context = browser.page().context();
    for (const route of routes) {
      const page = await context.newPage();
      trackRequests(page);
      await seedStorage(page, session, 'light');
      const record = recordAssets(page);
      const heading = page.getByRole('heading', { level: 1, name: route.title, exact: true });
      await page.goto(`${browser.baseUrl}/#${routeAddress(route, records)}`);
      await heading.waitFor();
      // Every chunk the route asks for, the lazy ones its first render asks for included.
      await atRest(page);
      if ((await heading.count()) === 0) over.push(`/${route.path} left for ${page.url()}`);
      fetched.set(route.url, await record.read());
      await page.close();
    }
    // The shell is what every route fetches; a route's own code is the rest.
    const sets = [...fetched.values()].map((assets) => new Set(assets.keys()));
    const shell = [...sets[0]!].filter((path) => sets.every((set) => set.has(path)));
    const shellBytes = sumBytes(fetched.values().next().value!, shell);
    const lines = [`shell (every route): ${kb(shellBytes)}`];
    const shellBudget = budgets.get('shell');
    if (shellBudget === undefined) over.push('the shell has no budget in docs/performance.md');
    else if (shellBytes > shellBudget) over.push(`the shell is ${kb(shellBytes)}, over ${kb(shellBudget)}`);
    for (const route of routes) {
      const assets = fetched.get(route.url)!;
      const own = [...assets.keys()].filter((path) => !shell.includes(path));
      const bytes = sumBytes(assets, own);
      const budget = budgets.get(`/${route.path}`);
      lines.push(`  /${route.path}: ${kb(bytes)} (budget ${budget === undefined ? 'none' : kb(budget)})`);
      if (budget === undefined) over.push(`/${route.path} has no budget in docs/performance.md`);
      else if (bytes > budget)
        over.push(`/${route.path} fetches ${kb(bytes)} of its own, over ${kb(budget)}`);
    }
    console.log(lines.join('\n'));
    expect(over).toEqual([]);
    expect(browser.problems()).toEqual([]);
  });

  it('an English reader fetches no Tamil text; a Tamil reader fetches the Tamil pack once', async () => {
    const session = await signInByApi(browser.baseUrl, adminCredentials);
    const context = browser.page().context();
    for (const language of ['en', 'ta'] as const) {
      const page = await context.newPage();
      trackRequests(page);
      await seedStorage(page, session, 'light');
      await page.addInitScript((language) => window.localStorage.setItem('language', language), language);
      const scripts = new Map<string, Promise<string>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.set(new URL(response.url()).pathname, response.text());
      });
      await page.goto(`${browser.baseUrl}/#/dashboard`);
      const title = language === 'en' ? 'Dashboard' : 'முகப்பு';
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await page
        .getByRole('heading', { level: 2, name: language === 'en' ? 'Earnings' : 'வருமானம்', exact: true })
        .waitFor();
      await atRest(page);
      const packs = [...scripts.keys()].filter((path) => /\/tamil-pack-/.test(path));
      // Tamil letters in everything else fetched: the language switch's own name (தமிழ்), the brand's
      // Tamil line, the lakh and crore of the compact amounts; no catalogue's Tamil.
      let letters = 0;
      for (const [path, body] of scripts)
        if (!packs.includes(path)) letters += ((await body).match(/[\u0B80-\u0BFF]/g) ?? []).length;
      expect(letters, `Tamil letters fetched outside the pack (${language})`).toBeLessThan(80);
      expect(packs, language).toHaveLength(language === 'en' ? 0 : 1);
      await page.close();
    }
    expect(browser.problems()).toEqual([]);
  });

  it('fetches nothing from another origin (CSP: self only)', async () => {
    const page = browser.page();
    const origins = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:') origins.add(url.origin);
    });
    await page.goto(`${browser.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    // Tamil text on the page makes the browser fetch the Tamil subset of the font (`atRest` waits
    // for the fonts too).
    await atRest(page);
    expect([...origins]).toEqual([browser.baseUrl]);
    const fontLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('16px "Noto Sans Tamil"', 'நகை');
    });
    expect(fontLoaded).toBe(true);
    expect(browser.problems()).toEqual([]);
  });
});
