/**
 * The printed papers reprinted, on print media, as PNG and PDF, against a running demo server
 * (`npm run demo`, or `npm start` after `npm run demo` filled its data):
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots \
 *     node --import tsx e2e/take-screenshots-papers.ts
 *
 * Takes the first released pledge (its release slip, Form H, and its pawn ticket, Form F, both kinds),
 * one of its receipts and the first notice batch, prints each paper twice with window.print counted
 * instead of opened (so the second is a reprint and carries the DUPLICATE / நகல் stamp; this counts
 * prints on the demo data), and writes papers-<paper>.png and .pdf. Then the ticket and the slip again
 * in the Tamil interface (papers-<paper>-ta.png).
 */
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, outDir, shot, themedPage } from './screenshot-kit.ts';

async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const token = window.localStorage.getItem('access_token') ?? '';
    const company = JSON.parse(window.localStorage.getItem('selected_company') ?? '{}') as { id?: number };
    const response = await fetch(`/api${p}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Company-Id': String(company.id ?? '') },
    });
    if (!response.ok) throw new Error(`${p}: ${response.status}`);
    return response.json();
  }, path) as Promise<T>;
}

async function printTwice(page: Page, name: string): Promise<void> {
  const print = page.getByRole('button', { name: /^(Print|அச்சிடு)$/ });
  for (const n of [1, 2]) {
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('button')).some(
        (b) => /^(Print|அச்சிடு)$/.test(b.textContent?.trim() ?? '') && !b.disabled,
      ),
    );
    await print.click();
    await page.waitForFunction((k) => (window as unknown as { prints: number }).prints >= k, n);
  }
  await page.getByTestId('duplicate-mark').first().waitFor();
  await page.emulateMedia({ media: 'print' });
  await shot(page, `papers-${name}`);
  await page.pdf({ path: join(outDir, `papers-${name}.pdf`), preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });
}

const browser = await chromium.launch(await launchOptions());
try {
  const page = await themedPage(browser, 'light');
  await page.addInitScript(() => {
    (window as unknown as { prints: number }).prints = 0;
    window.print = () => {
      (window as unknown as { prints: number }).prints += 1;
    };
  });
  await enterAsAdmin(page, /Chennai/);
  const releases = await api<{ pledge_id: number }[]>(page, '/releases?from=2020-01-01&skip=0&limit=1');
  const pledgeId = releases[0]?.pledge_id;
  if (!pledgeId) throw new Error('no released pledge in this database');
  const payments = await api<{ receipt_id: number }[]>(page, `/pledges/${pledgeId}/payments`);
  const notices = await api<{ rows: { batch_id: number }[] }>(page, '/notices?skip=0&limit=1');

  const papers: [string, string][] = [
    ['ticket-full', `/pledge/print/${pledgeId}?kind=full`],
    ['ticket-content', `/pledge/print/${pledgeId}?kind=content`],
    ['release-slip', `/pledge/release-slip/${pledgeId}`],
  ];
  if (payments[0]) papers.push(['receipt', `/pledge/receipt/${payments[0].receipt_id}?kind=full`]);
  if (notices.rows[0]) papers.push(['notice', `/pledge/notices/print/${notices.rows[0].batch_id}`]);
  for (const [name, path] of papers) {
    await page.goto(`${baseUrl}/#${path}`);
    await page.getByRole('article').first().waitFor();
    await printTwice(page, name);
  }

  await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
  for (const [name, path] of papers.slice(0, 3).filter(([n]) => n !== 'ticket-content')) {
    await page.goto(`${baseUrl}/#${path}`);
    await page.reload();
    await page.getByRole('article').first().waitFor();
    await page.getByTestId('duplicate-mark').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    await shot(page, `papers-${name}-ta`);
    await page.emulateMedia({ media: 'screen' });
  }
  await page.close();
} finally {
  await browser.close();
}
