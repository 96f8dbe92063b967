/**
 * The auction in the browser, on a server of its own: an overdue pledge gets its notice before
 * sale through the notices API (the company's waiting period set to 0 days, so it may be sold the day
 * the notice is sent), goes into a new auction lot, is sold above its outstanding on the lot page (the
 * surplus shown before saving), and the surplus owed to the pawner is paid out on the Surpluses screen,
 * ending on its printable receipt. The printed sale book (Form G) carries every particular docs/forms.md
 * lists, in English and Tamil, on the chosen paper (A4 or A5 landscape) with its sheets numbered.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { inTamil, missingParticulars, PAPER_POINTS, pageRules, pdfPageSize } from './forms.ts';
import { cleanEnv, freePort, raiseCashLimit, startServerProcess } from './global-setup.ts';
import { indianDay, type PledgeApi, pledgeApi, seedPledgeMasters } from './pledge-masters.ts';
import { useBrowser } from './support.ts';
import { describeViolations, seedStorage, seriousViolations, signInByApi } from './walk.ts';

// axe-core is injected as an inline script, which the app's CSP refuses: bypassed here only.
const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });
const tmpRoot = mkdtempSync(join(tmpdir(), 'pledge-desk-e2e-auction-'));
const dataDir = join(tmpRoot, 'data');
const webDist = join(tmpRoot, 'web');
let server: { baseUrl: string; stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  mkdirSync(dataDir);
  cpSync(resolve(import.meta.dirname, '../apps/web/dist'), webDist, { recursive: true });
  const port = await freePort();
  const env = cleanEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    ADMIN_PASSWORD: adminCredentials.password,
  });
  server = await startServerProcess(env, port, async () => {});
  await raiseCashLimit(server.baseUrl);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(tmpRoot, { recursive: true, force: true });
});

/** The notice before sale made and sent today on the pledge, which may then be sold today. */
async function serveNotice(api: PledgeApi, companyId: number, pledgeId: number): Promise<void> {
  await api.put(`/companies/${companyId}/end-of-pledge-settings`, {
    overdue_grace_days: 0,
    release_wait_working_days: 7,
    notice_wait_days: 0,
    surplus_hold_months: 6,
  });
  const batch = await api.post<{ notices: { id: number }[] }>('/notices', {
    notice_date: indianDay(0),
    pledge_ids: [pledgeId],
  });
  await api.patch(`/notices/${batch.notices[0]!.id}`, {
    sent_on: indianDay(0),
    tracking_no: 'RL000000001IN',
  });
}

describe('auction', () => {
  it('sells a lot with one surplus and pays the surplus out', async () => {
    const first = await signInByApi(server!.baseUrl, adminCredentials);
    const masters = await seedPledgeMasters(server!.baseUrl, first, {
      // Made 400 days ago on a 12-month scheme: overdue for a month, so a notice may be served.
      rateEffectiveDate: indianDay(400),
      designs: ['Kasu Mala'],
      customer: { customer_name: 'Meenakshi Sundaram' },
    });
    const pledge = await pledgeApi(server!.baseUrl, first).post<{ pledge_id: number; pledge_no: string }>(
      '/pledges/with-items',
      {
        customer_id: masters.customerId,
        scheme_id: masters.schemeId,
        pledge_date: indianDay(400),
        total_loan_amount: 40000,
        cash_limit_confirmed: true,
        document_charges: 100,
        items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10.5, net_weight: 10 }],
      },
    );
    await serveNotice(pledgeApi(server!.baseUrl, first), first.company.id, pledge.pledge_id);
    const baseUrl = server!.baseUrl;
    const session = first;
    const found: string[] = [];
    const page = browser.page();
    await seedStorage(page, session, 'light');

    // 1. A new lot of the pledges that may be sold today.
    await page.goto(`${baseUrl}/#/auctions/new`);
    await page.getByRole('heading', { name: 'Pledges that may be sold' }).waitFor();
    await page.getByLabel('Auctioneer').fill('K. Raman');
    const choose = page.getByRole('checkbox', { name: `Put pledge ${pledge.pledge_no} in the lot` });
    await choose.check();
    found.push(...describeViolations('new lot', await seriousViolations(page)));
    await page.getByRole('button', { name: /Make the lot/ }).click();

    // 2. The lot's catalogue, and the sale with its surplus shown before saving.
    await page.getByRole('heading', { name: /Auction Catalogue/ }).waitFor();
    expect(await page.getByRole('heading', { name: /Auction Catalogue/ }).textContent()).toContain('AL/');
    await page.getByText('Kasu Mala').first().waitFor();
    await page.getByRole('button', { name: 'Record sale' }).click();
    const form = page.getByRole('form', { name: `Sale of pledge ${pledge.pledge_no}` });
    const outstanding = form.getByTestId('sale-outstanding');
    await expect.poll(() => outstanding.textContent()).toMatch(/^Rs\. /);
    const owed = Number((await outstanding.textContent())!.replace('Rs. ', '').replaceAll(',', ''));
    await form.getByLabel("Buyer's name").fill('Sri Murugan Jewellers');
    await form.getByLabel('Sale price (Rs.)').fill(String(owed + 2500));
    expect(await form.getByTestId('sale-result').textContent()).toBe(
      'Surplus Rs. 2,500.00 owed to the pawner',
    );
    found.push(...describeViolations('sale form', await seriousViolations(page)));
    await form.getByRole('button', { name: 'Save the sale' }).click();
    await page.getByText(/Sri Murugan Jewellers; surplus 2,500\.00/).waitFor();

    // 3. The surplus owed, paid out, and its receipt.
    await page.goto(`${baseUrl}/#/auctions/surpluses`);
    await page
      .getByRole('cell', { name: new RegExp(pledge.pledge_no) })
      .first()
      .waitFor();
    // The amount's cell may render a moment after the row's first cell: wait for it, then count.
    await expect.poll(() => page.getByRole('cell', { name: '2,500.00', exact: true }).count()).toBe(1);
    found.push(...describeViolations('surpluses', await seriousViolations(page)));
    await page.getByRole('button', { name: 'Pay out' }).click();
    await page.getByRole('button', { name: 'Pay Rs. 2,500.00' }).click();
    await page.getByRole('heading', { name: /Receipt for Auction Surplus/ }).waitFor();
    const receipt = await page.getByRole('article').textContent();
    expect(receipt).toContain('Meenakshi Sundaram');
    expect(receipt).toContain('Rs. 2,500.00');
    expect(receipt).toContain(pledge.pledge_no);
    found.push(...describeViolations('receipt', await seriousViolations(page)));
    mkdirSync(join(import.meta.dirname, 'artifacts'), { recursive: true });
    await page.screenshot({
      path: join(import.meta.dirname, 'artifacts', 'auction-surplus-receipt.png'),
      fullPage: true,
    });

    // 4. The sale book (Form G) at 1280 px: every column in view, the Shortfall included, and on paper
    // the totals under the rows.
    await page.goto(`${baseUrl}/#/registers/sale-book?from=${indianDay(0)}&to=${indianDay(0)}`);
    const saleBook = page.getByRole('table', { name: 'Sale book' });
    await saleBook.getByRole('columnheader', { name: /^Shortfall/ }).waitFor();
    await saleBook.getByText(pledge.pledge_no).waitFor();
    expect(
      await saleBook.evaluate((table) => {
        const box = table.parentElement!;
        return box.scrollWidth - box.clientWidth;
      }),
    ).toBeLessThanOrEqual(0);
    found.push(...describeViolations('sale book', await seriousViolations(page)));
    await page.goto(`${baseUrl}/#/registers/sale-book/print?from=${indianDay(0)}&to=${indianDay(0)}`);
    const totals = page.getByTestId('sale-book-totals');
    await totals.waitFor();
    expect(await totals.textContent()).toContain('Total: 1 sale');
    expect(await totals.textContent()).toContain('2,500.00');

    // 5. Form G on paper: each particular of docs/forms.md a heading in English and Tamil, in both
    // interface languages; A4 landscape unless A5 is chosen, printed at that size; sheets numbered.
    const printed = page.getByRole('table').filter({ has: page.getByTestId('sale-book-totals') });
    expect(await missingParticulars(printed, 'Form G — sale book')).toEqual([]);
    await page.getByRole('heading', { name: 'Sale Book (Form G) / விற்பனைப் புத்தகம் (படிவம் G)' }).waitFor();
    const size = async () => pdfPageSize(await page.pdf({ preferCSSPageSize: true }));
    const near = ([w, h]: [number, number], [ew, eh]: readonly [number, number]) =>
      Math.abs(w - ew) < 2 && Math.abs(h - eh) < 2;
    expect(await page.getByRole('radio', { name: 'A4' }).isChecked()).toBe(true);
    // Landscape: the long side across.
    expect(near(await size(), [PAPER_POINTS.A4[1], PAPER_POINTS.A4[0]])).toBe(true);
    await page.getByRole('radio', { name: 'A5' }).check();
    expect(near(await size(), [PAPER_POINTS.A5[1], PAPER_POINTS.A5[0]])).toBe(true);
    expect((await pageRules(page)).join('\n')).toMatch(
      /size: A5 landscape;[\s\S]*@bottom-right\s*\{[^}]*content:\s*counter\(page\) ["'] \/ ["'] counter\(pages\)/i,
    );
    // On paper the totals print once, under the last sale (not repeated under each sheet's sales), and
    // a sale is never split across two sheets.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('sale-book-totals').evaluate((el) => getComputedStyle(el).display)).toBe(
      'table-row-group',
    );
    expect(
      await printed
        .locator('tbody tr')
        .first()
        .evaluate((el) => getComputedStyle(el).breakInside),
    ).toBe('avoid');
    await page.emulateMedia({ media: 'screen' });
    await inTamil(page);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ta');
    await page.getByTestId('sale-book-totals').waitFor();
    expect(await missingParticulars(printed, 'Form G — sale book')).toEqual([]);
    // The paper chosen is remembered on this browser.
    expect(await page.getByRole('radio', { name: 'A5' }).isChecked()).toBe(true);

    const books = await pledgeApi(baseUrl, session).get<{ checks: { name: string; status: string }[] }>(
      '/books/check',
    );
    expect(books.checks.filter((c) => c.status !== 'ok')).toEqual([]);
    expect(found).toEqual([]);
    expect(browser.problems()).toEqual([]);
  }, 240_000);
});
