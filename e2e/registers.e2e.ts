/**
 * The registers against the real server: a pledge of the test's own, dated a day no
 * other suite uses, is found in the Pledge Book of that day with its register serial and page; the CSV
 * downloads with it; the print view shows it under its fixed page; the Vault Register of that day holds
 * its article.
 */
import { readFileSync } from 'node:fs';
import { formatIndianDate } from '@pledge-desk/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { useBrowser } from './support.ts';
import { type SignedIn, seedStorage, signInByApi } from './walk.ts';

const browser = useBrowser({ width: 1400, height: 900 });
let session: SignedIn;
// A day well back, ours alone on the shared database as far as anything can be (day 300 to 330 back).
const day = indianDay(300 + Math.floor(Math.random() * 30));
const toIndian = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
let pledgeNo = '';
let customerName = '';

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
    expect(browser.problems()).toEqual([]);
  });
});
