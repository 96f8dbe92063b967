// `npm run bench -- lighthouse`: Lighthouse on the sign-in screen and, signed in, the
// dashboard, with its mobile (Moto G Power, slow 4G simulated) and desktop settings, against a fresh
// server on the built app. The browser tests' Chromium (`chooseChromium` in e2e/browser.ts: CHROMIUM_PATH,
// else Debian's, else the bundled one), launched here with a debugging port; the session is put
// into its local storage through that port (playwright-core, the e2e suite's browser driver), and the
// HTTP cache is emptied before each run so every run is a first visit. Goals: mobile performance
// >= 0.90, accessibility 1.00 (the script exits non-zero when one is missed). Results: docs/performance.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { chooseChromium, chromiumFlags } from '../../e2e/browser.ts';
import { freePort, giveUpAfter, root, startServer, stopServer } from '../server/support.ts';

giveUpAfter('lighthouse', 15);
const password = 'bench-admin-lh1';
const build = spawn('npm', ['run', 'build', '-w', '@pledge-desk/web'], { cwd: root, stdio: 'ignore' });
await new Promise((r) => build.once('exit', r));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-lh-'));
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-lh-chrome-'));
const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: password });
const base = `http://127.0.0.1:${server.port}`;
const debugPort = await freePort();
const browser = await chooseChromium();
const chrome = spawn(
  browser.executablePath,
  [
    '--headless=new',
    `--remote-debugging-port=${debugPort}`,
    `--user-data-dir=${profileDir}`,
    ...chromiumFlags,
    '--no-first-run',
    'about:blank',
  ],
  { stdio: 'ignore' },
);

async function waitForDebugger(): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${debugPort}/json/version`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Chromium did not open its debugging port within 30 s');
}

interface Result {
  screen: string;
  device: string;
  scores: Record<string, number>;
  lcpMs: number;
  tbtMs: number;
  unusedJsKiB: number;
}

const results: Result[] = [];
try {
  await waitForDebugger();
  const driver = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  const context = driver.contexts()[0]!;
  const helper = await context.newPage();
  const cdp = await context.newCDPSession(helper);

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const { access_token: token, user } = (await login.json()) as { access_token: string; user: unknown };
  const companies = (await (
    await fetch(`${base}/api/companies/`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as unknown[];

  const screens = [
    { name: 'sign-in', url: `${base}/`, session: false },
    { name: 'dashboard', url: `${base}/#/dashboard`, session: true },
  ];
  // SCREENS=sign-in and DEVICES=mobile narrow the run; LH_OUT=<folder> keeps each full report.
  const only = (name: string, list?: string) => !list || list.split(',').includes(name);
  for (const screen of screens.filter((s) => only(s.name, process.env.SCREENS))) {
    for (const device of (['mobile', 'desktop'] as const).filter((d) => only(d, process.env.DEVICES))) {
      await helper.goto(`${base}/api/health`);
      await helper.evaluate(
        ({ signedIn, token, user, company }) => {
          // Runs in the page (bench has no DOM types).
          const storage = (
            globalThis as unknown as { localStorage: { clear(): void; setItem(k: string, v: string): void } }
          ).localStorage;
          storage.clear();
          if (!signedIn) return;
          storage.setItem('access_token', token);
          storage.setItem('user', JSON.stringify(user));
          storage.setItem('selected_company', JSON.stringify(company));
        },
        { signedIn: screen.session, token, user, company: companies[0] },
      );
      await cdp.send('Network.clearBrowserCache');
      // Lighthouse would otherwise wipe the origin's storage, and the signed-in session with it.
      const flags: Flags = {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      };
      const run = await lighthouse(screen.url, flags, device === 'desktop' ? desktopConfig : undefined);
      if (!run) throw new Error(`Lighthouse gave no result for ${screen.name} (${device})`);
      const { lhr } = run;
      if (process.env.LH_OUT) {
        fs.writeFileSync(path.join(process.env.LH_OUT, `${screen.name}-${device}.json`), String(run.report));
      }
      const scores: Record<string, number> = {};
      for (const [id, category] of Object.entries(lhr.categories)) scores[id] = category.score ?? Number.NaN;
      const unused = lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined;
      results.push({
        screen: screen.name,
        device,
        scores,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        unusedJsKiB: (unused?.overallSavingsBytes ?? 0) / 1024,
      });
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
        )
        .map((a) => a.id);
      if (failing.length > 0)
        console.log(`${screen.name} ${device}: accessibility audits below 1: ${failing.join(', ')}`);
    }
  }
  await driver.close();
} finally {
  chrome.kill('SIGTERM');
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profileDir, { recursive: true, force: true });
}

console.log('| screen | device | performance | accessibility | best practices | LCP | TBT | unused JS |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.screen} | ${r.device} | ${r.scores.performance?.toFixed(2)} | ${r.scores.accessibility?.toFixed(2)} | ` +
      `${r.scores['best-practices']?.toFixed(2)} | ${(r.lcpMs / 1000).toFixed(1)} s | ${Math.round(r.tbtMs)} ms | ` +
      `${r.unusedJsKiB.toFixed(0)} KiB |`,
  );
}
const missed = results.filter(
  (r) => (r.device === 'mobile' && (r.scores.performance ?? 0) < 0.9) || (r.scores.accessibility ?? 0) < 1,
);
for (const r of missed) console.log(`goal missed: ${r.screen} ${r.device}`);
process.exit(missed.length > 0 ? 1 : 0);
