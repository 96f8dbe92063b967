/**
 * The registers against the real server: a pledge of the test's own, dated a day no
 * other suite uses, is found in the Pledge Book of that day with its register serial and page; the CSV
 * downloads with it; the print view shows it under its fixed page; the Vault Register of that day holds
 * its article, its print numbered sheet by sheet with the weights grouped the Indian way; and the
 * printed pledge book carries every particular of Form E that docs/forms.md lists, in English and
 * Tamil, with the redeemer the release names.
 */
import { readFileSync } from 'node:fs';
import { formatGrams, formatIndianDate, groupIndianDigits } from '@pledge-desk/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { inTamil, missingParticulars, PAPER_POINTS, pageRules, pdfPageSize } from './forms.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { useBrowser } from './support.ts';
import { type SignedIn, seedStorage, signInByApi } from './walk.ts';

const browser = useBrowser({ width: 1400, height: 900 });
let session: SignedIn;
// A day well back, ours alone on the shared database as far as anything can be (day 300 to 330 back).
const day = indianDay(300 + Math.floor(Math.random() * 30));
const toIndian = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
let pledgeNo = '';
let pledgeId = 0;
let customerName = '';

/** Grams as the register prints them: 4914.551 → "4,914.551". */
const indianGrams = (g: number) => {
  const [whole = '0', decimals = '000'] = formatGrams(Math.round(g * 1000)).split('.');
  return `${groupIndianDigits(whole)}.${decimals}`;
};

beforeAll(async () => {
  session = await signInByApi(browser.baseUrl, adminCredentials);
  customerName = `Registers ${uniqueSuffix()}`;
  const masters = await seedPledgeMasters(browser.baseUrl, session, {
    rateEffectiveDate: indianDay(400),
    designs: [`Kasu Mala ${uniqueSuffix()}`],
    customer: { customer_name: customerName },
  });
  const saved = await pledgeApi(browser.baseUrl, session).post<{ pledge_id: number; pledge_no: string }>(
    '/pledges/with-items',
    {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: day,
      total_loan_amount: 125000,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 35.5, net_weight: 34.25 }],
    },
  );
  pledgeNo = saved.pledge_no;
  pledgeId = saved.pledge_id;
});

describe('registers', () => {
  it('finds the pledge in the pledge book of its day, downloads the CSV and opens the print view', async () => {
    const page = browser.page();
    await seedStorage(page, session, 'light');
    await page.goto(`${browser.baseUrl}/#/registers/pledge-book`);
    await page.getByRole('heading', { level: 1, name: 'Pledge Book' }).waitFor();
    // To first: a new To may carry From to the first of its month (the range kept in the address), so
    // From is set last and read back before anything depends on it (a CI run caught it at 01/01).
    await page.getByLabel('To', { exact: true }).fill(day);
    await page.getByLabel('From', { exact: true }).fill(day);
    await expect
      .poll(() => page.getByLabel('From', { exact: true }).inputValue())
      .toBe(formatIndianDate(day));
    await expect.poll(() => page.getByLabel('To', { exact: true }).inputValue()).toBe(formatIndianDate(day));
    const table = page.getByRole('table', { name: 'Pledge book' });
    const row = table.getByRole('row').filter({ hasText: pledgeNo });
    await row.waitFor();
    expect(await row.textContent()).toContain(customerName);
    expect(await row.textContent()).toContain('1,25,000.00');
    expect(await row.textContent()).toContain(toIndian(day));
    await table.getByRole('columnheader', { name: /Pawner\s*அடகு வைத்தவர்/ }).waitFor();
    const serial = Number((await row.getByRole('cell').first().textContent())?.trim());
    expect(serial).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`pledge-book-${day}-${day}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF"Serial\nவரிசை எண்","Page\nபக்கம்","Pledge No.\nஅடகு எண்",')).toBe(true);
    // The customer code and the interest charged, as the screen shows them.
    expect(csv).toMatch(
      new RegExp(`${serial},${Math.ceil(serial / 10)},${pledgeNo},${toIndian(day)},C\\d+,${customerName},`),
    );
    expect(csv).toContain('"First Month Interest\nமுதல் மாத வட்டி"');

    await page.getByRole('link', { name: 'Print' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pledge Book Print' }).waitFor();
    const sheet = page.getByRole('region', { name: `Page ${Math.ceil(serial / 10)}`, exact: true });
    await sheet.getByText(pledgeNo).waitFor();
    expect(await page.getByRole('button', { name: 'Print' }).isEnabled()).toBe(true);
    expect(browser.problems()).toEqual([]);
  });

  it('holds the pledge’s article in the vault register of its day', async () => {
    const page = browser.page();
    await seedStorage(page, session, 'dark');
    await page.goto(`${browser.baseUrl}/#/registers/vault`);
    await page.getByRole('heading', { level: 1, name: 'Vault Register' }).waitFor();
    await page.getByLabel('As of').fill(day);
    await page
      .getByText(`Articles held at the end of ${toIndian(day)}`)
      .first()
      .waitFor();
    const table = page.getByRole('table', { name: 'Vault register' });
    // The day's vault may hold older pledges of other suites: ours is the newest, on the last page.
    const last = page.getByRole('button', { name: /^Vault register page \d+$/ }).last();
    if (await last.count()) await last.click();
    const row = table.getByRole('row').filter({ hasText: pledgeNo });
    await row.waitFor();
    expect(await row.textContent()).toContain('35.500');
    expect(await row.textContent()).toContain('34.250');
    await page.getByRole('table', { name: 'Totals by jewel type' }).waitFor();
    await page.getByRole('link', { name: 'Print' }).click();
    await page.getByText(/Checked by/).waitFor();

    // On paper: every sheet numbered 'n / N' at its foot (a margin box Chromium keeps only if it prints
    // it), A4 portrait, and the totals grouped the Indian way as the API's figures.
    const rules = await pageRules(page);
    expect(rules.join('\n')).toMatch(
      /@bottom-right\s*\{[^}]*content:\s*counter\(page\) ["'] \/ ["'] counter\(pages\)/,
    );
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const [width, height] = pdfPageSize(pdf);
    expect(Math.abs(width - PAPER_POINTS.A4[0])).toBeLessThan(2);
    expect(Math.abs(height - PAPER_POINTS.A4[1])).toBeLessThan(2);
    const vault = await pledgeApi(browser.baseUrl, session).get<{
      totals: { overall: { gross_weight: number; net_weight: number } };
    }>(`/registers/vault?as_of=${day}&page_size=1`);
    const overall = page
      .getByRole('table', { name: 'Totals by jewel type' })
      .getByRole('row')
      .filter({ hasText: 'Total / மொத்தம்' });
    const cells = await overall.getByRole('cell').allTextContents();
    expect(cells.slice(-2)).toEqual([
      indianGrams(vault.totals.overall.gross_weight),
      indianGrams(vault.totals.overall.net_weight),
    ]);
    expect(browser.problems()).toEqual([]);
  });

  it('prints every particular of Form E (docs/forms.md) in English and Tamil, with the redeemer', async () => {
    // The pledge paid off and its articles released to an agent with the pawner's letter.
    const api = pledgeApi(browser.baseUrl, session);
    const closedOn = indianDay(250);
    const balance = await api.get<{ total_outstanding: number }>(
      `/pledges/${pledgeId}/balance?as_of=${closedOn}`,
    );
    await api.post('/pledge-payments/', {
      pledge_id: pledgeId,
      payment_date: closedOn,
      payment_type: 'full_payment',
      amount: balance.total_outstanding,
      payment_method: 'cash',
      cash_limit_confirmed: true,
    });
    await api.post(`/pledges/${pledgeId}/release`, {
      released_on: closedOn,
      receiver_kind: 'agent',
      receiver_name: 'Selvam Rajendran',
      receiver_id_proof: 'Voter ID TN1234567',
      proof_reference: "The pawner's letter",
    });

    const page = browser.page();
    await seedStorage(page, session, 'light');
    await page.goto(`${browser.baseUrl}/#/registers/pledge-book/print?from=${day}&to=${day}`);
    for (const language of ['en', 'ta'] as const) {
      if (language === 'ta') {
        await inTamil(page);
        await page.reload();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ta');
      }
      const row = page.getByRole('row').filter({ hasText: pledgeNo });
      await row.waitFor();
      const table = page.getByRole('table').filter({ has: row });
      expect(await missingParticulars(table, 'Form E — pledge book'), language).toEqual([]);
      expect(await row.getByRole('cell').last().textContent()).toBe(
        `Selvam Rajendran${language === 'ta' ? 'கடிதத்துடன் முகவர்' : 'Agent with letter'}`,
      );
      expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toContain(
        'Pledge Book (Form E) / அடகுப் புத்தகம் (படிவம் E)',
      );
    }
    expect(browser.problems()).toEqual([]);
  });
});
