// `npm run bench -- screens`: every route of the router as the admin on the demo, in Chromium, on each
// database, quiet and beside a background load. For each route, a first visit (a fresh browser context:
// empty cache, the app loaded from its address) and a second (the same page, after another route:
// the code is there, the app navigates by itself), timed from the navigation to the screen's data
// drawn: the last `screen-data` mark (apps/web/src/app/providers.tsx sets it when the app's queries
// have all come back and their frame is painted), or the first heading when the screen asks nothing.
// Also sign-in to the dashboard's figures, and the slowest API requests with the server's own time
// (its Server-Timing header). Goals (issue 32): every screen <= 1 s first visit and <= 300 ms second
// on a quiet machine, <= 2 s under the background load; sign-in to the dashboard's figures <= 1.5 s.
//
//   npm run bench -- screens
//   DB=pglite,postgres RUNS=2 LOADS=quiet,busy BUSY_CORES=2 ONLY=/dashboard,/customers
//
// Results: docs/performance.md, 'Screens'.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chromium, type Page } from 'playwright-core';
import { launchOptions } from '../../e2e/browser.ts';
import { atRest, trackRequests } from '../../e2e/support.ts';
import { allRoutes, routeAddress, seedStorage, seedWalkRecords, signInByApi } from '../../e2e/walk.ts';
import {
  benchDatabase,
  giveUpAfter,
  load,
  percentile,
  root,
  startServer,
  stopServer,
} from '../server/support.ts';

giveUpAfter('screens', 60);
const databases = (process.env.DB ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const runs = Number(process.env.RUNS ?? 2);
const loads = (process.env.LOADS ?? 'quiet,busy').split(',');
const busyCores = Number(process.env.BUSY_CORES ?? 2);
const only = process.env.ONLY?.split(',');
const password = 'bench-screens-1';

spawnSync('npm', ['run', 'build', '-w', '@pledge-desk/web'], { cwd: root, stdio: 'ignore' });

interface Visit {
  route: string;
  ms: number;
  api: { path: string; ms: number; server: number }[];
}

/** Busy loops in other processes: the background load. */
function busy(cores: number): ChildProcess[] {
  return Array.from({ length: cores }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

/** The screen's time since `since` (ms on the page's clock) and the API requests made after it. */
async function measure(page: Page, since: number, drawnAt = since): Promise<Omit<Visit, 'route'>> {
  return page.evaluate(
    ([since, drawnAt]) => {
      const mark = performance.getEntriesByName('screen-data').at(-1);
      const api = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.startTime >= since && new URL(entry.name).pathname.startsWith('/api/'))
        .map((entry) => ({
          path: new URL(entry.name).pathname + new URL(entry.name).search,
          ms: entry.duration,
          server: entry.serverTiming.find((timing) => timing.name === 'app')?.duration ?? Number.NaN,
        }));
      // A screen that asks the server nothing: when its last file or answer came.
      const lastResponse = Math.max(
        since,
        ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.startTime >= since)
          .map((entry) => entry.responseEnd),
      );
      const end = Math.max(drawnAt, mark && mark.startTime >= since ? mark.startTime : lastResponse);
      return { ms: end - since, api };
    },
    [since, drawnAt] as const,
  );
}

/** The page's time of the frame in which an h1 reading `title` is first there (polled frame by frame). */
function headingDrawn(page: Page, title: string): Promise<number> {
  // Written as text: the page runs it as it is (no helper of the bench's transpiler in it).
  return page.evaluate(`new Promise((resolve, reject) => {
    const title = ${JSON.stringify(title)};
    const giveUp = performance.now() + 20000;
    function look() {
      if ([...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === title))
        resolve(performance.now());
      else if (performance.now() > giveUp) reject(new Error('no heading ' + title + ' in 20 s'));
      else requestAnimationFrame(look);
    }
    look();
  })`);
}

const routes = allRoutes().filter((route) => !only || only.includes(`/${route.path}`));
const results: string[] = [];

for (const kind of databases) {
  const db = await benchDatabase(kind, 'screens_bench');
  if (!db) {
    console.log(`${kind}: PostgreSQL not reachable, skipped`);
    continue;
  }
  const server = await startServer(
    { ...db.env, DEMO: 'true', ADMIN_PASSWORD: password, BACKUP_AT: 'off', SKIP_WEB_BUILD: 'true' },
    { timeoutMs: 600_000 },
  );
  const base = `http://127.0.0.1:${server.port}`;
  const session = await signInByApi(base, { username: 'admin', password });
  const records = await seedWalkRecords(base, session);
  const browser = await chromium.launch(await launchOptions());
  try {
    for (const phase of loads) {
      const loaders = phase === 'busy' ? busy(busyCores) : [];
      const started = load();
      const first: Visit[] = [];
      const second: Visit[] = [];
      const signIns: number[] = [];
      try {
        for (let run = 0; run < runs; run++) {
          // Sign-in to the dashboard's figures, a first visit.
          {
            const context = await browser.newContext();
            const page = await context.newPage();
            trackRequests(page);
            await page.goto(`${base}/`);
            await page.getByLabel('Username').fill('admin');
            await page.getByLabel('Password').fill(password);
            // The machine's time only: from Sign In to the branch choice (the demo has several
            // branches), and from Continue to the figures; not the person's click between.
            const since = await page.evaluate(() => performance.now());
            await page.getByRole('button', { name: 'Sign In' }).click();
            const proceed = page.getByRole('button', { name: 'Continue with Selected Company' });
            const figures = page.getByRole('heading', { level: 2, name: 'Earnings' });
            await Promise.race([proceed.waitFor(), figures.waitFor()]);
            let machine = 0;
            if (await proceed.isVisible()) {
              machine = (await page.evaluate(() => performance.now())) - since;
              await page
                .getByRole('button', { name: /Chennai|Main Branch/ })
                .first()
                .click();
              const again = await page.evaluate(() => performance.now());
              await proceed.click();
              await figures.waitFor();
              await atRest(page);
              machine += (await measure(page, again)).ms;
            } else {
              await atRest(page);
              machine = (await measure(page, since)).ms;
            }
            signIns.push(machine);
            await context.close();
          }
          for (const route of routes) {
            const address = routeAddress(route, records);
            const context = await browser.newContext();
            const page = await context.newPage();
            trackRequests(page);
            await seedStorage(page, session, 'light');
            await page.goto(`${base}/#${address}`);
            const drawn = await headingDrawn(page, route.title);
            await atRest(page);
            first.push({ route: `/${route.path}`, ...(await measure(page, 0, drawn)) });
            // Away to the profile (or the dashboard), and back by the app's own navigation.
            const away = route.path === 'profile' ? '/dashboard' : '/profile';
            await page.evaluate((away) => {
              window.location.hash = away;
            }, away);
            await page.getByRole('heading', { level: 1 }).first().waitFor();
            await atRest(page);
            const since = await page.evaluate((address) => {
              const now = performance.now();
              window.location.hash = address;
              return now;
            }, address);
            const back = await headingDrawn(page, route.title);
            await atRest(page);
            second.push({ route: `/${route.path}`, ...(await measure(page, since, back)) });
            await context.close();
          }
        }
      } finally {
        for (const loader of loaders) loader.kill('SIGKILL');
      }
      const byRoute = (visits: Visit[]) => {
        const grouped = new Map<string, number[]>();
        for (const v of visits) grouped.set(v.route, [...(grouped.get(v.route) ?? []), v.ms]);
        return grouped;
      };
      const f = byRoute(first);
      const s = byRoute(second);
      const pct = (xs: number[], p: number) =>
        percentile(
          [...xs].sort((a, b) => a - b),
          p,
        );
      const all = (visits: Visit[]) => visits.map((v) => v.ms);
      const heading = `${kind}, ${phase}${phase === 'busy' ? ` (${busyCores} busy cores)` : ''}, load at start ${started}, ${runs} runs`;
      const lines = [
        `## ${heading}`,
        `sign-in to the dashboard's figures: median ${pct(signIns, 50).toFixed(0)} ms, max ${Math.max(...signIns).toFixed(0)} ms`,
        `every screen, first visit: median ${pct(all(first), 50).toFixed(0)} ms, p95 ${pct(all(first), 95).toFixed(0)} ms, max ${Math.max(...all(first)).toFixed(0)} ms`,
        `every screen, second visit: median ${pct(all(second), 50).toFixed(0)} ms, p95 ${pct(all(second), 95).toFixed(0)} ms, max ${Math.max(...all(second)).toFixed(0)} ms`,
        '| route | first visit median | first max | second visit median | second max |',
        '| --- | --- | --- | --- | --- |',
      ];
      const slowest = [...f].sort((a, b) => pct(b[1], 50) - pct(a[1], 50));
      for (const [route, times] of slowest)
        lines.push(
          `| \`${route}\` | ${pct(times, 50).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms | ${pct(s.get(route) ?? [], 50).toFixed(0)} ms | ${Math.max(...(s.get(route) ?? [])).toFixed(0)} ms |`,
        );
      const requests = [...first, ...second].flatMap((v) => v.api.map((a) => ({ ...a, route: v.route })));
      requests.sort((a, b) => b.ms - a.ms);
      lines.push('slowest API requests (whole / server):');
      for (const r of requests.slice(0, 8))
        lines.push(`  ${r.path} on ${r.route}: ${r.ms.toFixed(0)} ms / ${r.server.toFixed(1)} ms`);
      console.log(lines.join('\n'));
      results.push(lines.join('\n'));
    }
  } finally {
    await browser.close();
    await stopServer(server.child);
    await db.cleanup();
  }
}
if (results.length === 0) process.exit(1);
