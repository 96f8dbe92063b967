/**
 * A whole counter day in the browser (the seams between screens tested), on a server and database of
 * its own (it closes the day). Before the day, through the API: the masters, and three pledges made
 * back in time (the server takes back-dated pledges): one a customer pays on today, one overdue whose
 * notice was posted six weeks ago (its waiting period is over), one overdue without a notice. The day,
 * on the screens, as the admin at the counter: the drawer opened with a counted float; a pledge typed
 * from the keyboard with weights to the milligram and a loan with paise, paid out in cash; an interest
 * payment; the notice of the overdue pledge made, and its posting recorded; a lot of the pledge whose
 * notice has run out, sold above what it owed; the surplus paid to the pawner; the drawer counted by
 * denomination and closed; the day closed. The day-end sheet's figures must be the books': its receipts
 * and payouts the day book's cash lines of the day, their difference the trial balance's movement of
 * Cash in Hand over the day, and its expected cash the drawer's float plus that movement.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { startOwnPostgresServer, startOwnServer } from './global-setup.ts';
import { indianDay, pledgeApi, seedPledgeMasters } from './pledge-masters.ts';
import { closeToast, useBrowser } from './support.ts';
import { seedStorage, signInByApi } from './walk.ts';

const browser = useBrowser({ width: 1280, height: 900 });
type Server = { baseUrl: string; stop: () => Promise<void> };
let pglite: Server | undefined;
let postgres: Server | null = null;
const artifacts = join(import.meta.dirname, 'artifacts');

beforeAll(async () => {
  pglite = await startOwnServer('whole-day', adminCredentials.password);
  // On PostgreSQL too when TEST_DATABASE_URL is set, on a database of its own (two workers).
  postgres = await startOwnPostgresServer('whole-day');
}, 180_000);

afterAll(async () => {
  await pglite?.stop();
  await postgres?.stop();
});

/** Rupees as the screens print them (Rs. 1,23,456.78). */
const rs = (rupees: number) =>
  `Rs. ${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** A printed amount read back (Rs. 1,23,456.78 → 123456.78). */
const amountOf = (text: string | null) => Number((text ?? '').replace('Rs.', '').replace(/[^0-9.-]/g, ''));
const paise = (rupees: number) => Math.round(rupees * 100);

interface Pledge {
  pledge_id: number;
  pledge_no: string;
}

async function wholeDay(baseUrl: string, tag: string): Promise<void> {
  const today = indianDay();
  const admin = await signInByApi(baseUrl, adminCredentials);
  const api = pledgeApi(baseUrl, admin);
  const masters = await seedPledgeMasters(baseUrl, admin, {
    rateEffectiveDate: indianDay(480),
    designs: ['Chain', 'Kasu Mala'],
    customer: { customer_name: 'Valli Ammal' },
  });
  const backDated = (days: number, loan: number) =>
    api.post<Pledge>('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(days),
      total_loan_amount: loan,
      document_charges: 100,
      cash_limit_confirmed: true,
      items: [{ jewell_design_id: masters.designs[1]!.id, gross_weight: 10.25, net_weight: 9.875 }],
    });
  const paying = await backDated(62, 30_000); // pays its interest today
  const toSell = await backDated(470, 40_000); // due 105 days ago; noticed six weeks ago
  const toNotice = await backDated(440, 25_000); // due 75 days ago; no notice yet
  const posted = await api.post<{ notices: { id: number }[] }>('/notices', {
    notice_date: indianDay(45),
    pledge_ids: [toSell.pledge_id],
  });
  await api.patch(`/notices/${posted.notices[0]!.id}`, {
    sent_on: indianDay(44),
    tracking_no: 'RL100200300IN',
    delivered_on: indianDay(41),
  });
  const before = await api.get<{ rows: { account_code: string; closing_balance: number }[] }>(
    `/reports/trial-balance?as_of=${indianDay(1)}`,
  );

  const page = browser.page();
  await seedStorage(page, admin, 'light');

  // 1. The drawer opened with its counted float: 200 × ₹500 and ₹37.50 in coins.
  await page.goto(`${baseUrl}/#/cash-drawer`);
  await page.getByRole('heading', { name: 'Cash Drawer', level: 1 }).waitFor();
  await page.getByLabel('₹500 notes').fill('200');
  await page.getByLabel('Coins (₹)').fill('37.50');
  await expect.poll(() => page.getByTestId('denomination-total').textContent()).toBe('Rs. 1,00,037.50');
  await page.getByRole('button', { name: 'Open drawer' }).click();
  await page.getByRole('heading', { name: 'Live drawer' }).waitFor();
  const float = 100_037.5;

  // 2. A pledge typed from the keyboard: a chain of 12.345 g (11.872 g net), a loan of ₹40,000.50.
  await page.goto(`${baseUrl}/#/pledge/create`);
  await page.getByRole('heading', { level: 1, name: 'Create Pledge', exact: true }).waitFor();
  const code = page.getByLabel('Customer ID');
  await code.fill(masters.customerCode);
  await code.press('Tab');
  await page.getByTestId('customer-card').getByText(masters.customerName).waitFor();
  const scheme = page.getByLabel('Scheme', { exact: true });
  const schemeValue = await scheme.locator('option', { hasText: masters.schemeName }).getAttribute('value');
  await scheme.selectOption(schemeValue ?? '');
  const add = page.getByRole('button', { name: 'Add Item' });
  await expect.poll(() => add.isEnabled()).toBe(true);
  await add.press('Enter');
  const design = page.getByRole('combobox', { name: 'Design, row 1' });
  await expect.poll(() => design.evaluate((el) => el === document.activeElement)).toBe(true);
  await design.pressSequentially('Chain');
  const option = page.getByRole('listbox').getByRole('option', { name: 'Chain', exact: true });
  await option.waitFor();
  await expect
    .poll(async () => {
      if ((await option.getAttribute('aria-selected')) !== 'true') await design.press('ArrowDown');
      return option.getAttribute('aria-selected');
    })
    .toBe('true');
  await design.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.keyboard.press('Enter');
  await page.keyboard.type('Good');
  await page.keyboard.press('Enter');
  await page.keyboard.type('12.345'); // gross, copied to net
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('11.872');
  // 11.872 g at ₹6,000 a gram: ₹71,232.00, of which 75 % may be lent.
  await expect.poll(() => page.getByTestId('summary-valuation').textContent()).toBe('Rs. 71,232.00');
  expect(await page.getByTestId('summary-eligible').textContent()).toBe('Rs. 53,424.00');
  await page.getByLabel('Final Loan Amount').focus();
  await page.keyboard.type('40000.50');
  await expect.poll(() => page.getByTestId('summary-final').textContent()).toMatch(/^Rs\. 39,/);
  await page.getByRole('button', { name: 'Save Pledge' }).click();
  const created = page.getByRole('dialog', { name: 'Pledge Created' });
  await created.waitFor();
  const newNo = (await created.getByTestId('saved-pledge-no').textContent()) ?? '';
  expect(newNo).toMatch(new RegExp(`^${masters.prefix}\\d+$`));
  await created.getByRole('button', { name: 'Close', exact: true }).click();
  await created.waitFor({ state: 'detached' });
  const list = await api.get<{ id: number; pledge_no: string }[]>(
    `/pledges/?search=${encodeURIComponent(newNo)}&limit=5`,
  );
  const stored = await api.get<{
    total_loan_amount: number;
    final_amount: number;
    items: { gross_weight: number; net_weight: number }[];
  }>(`/pledges/${list.find((p) => p.pledge_no === newNo)!.id}`);
  expect(stored.total_loan_amount).toBe(40_000.5);
  expect(stored.items.map((i) => [i.gross_weight, i.net_weight])).toEqual([[12.345, 11.872]]);

  // 3. The month's interest on the pledge made 62 days ago, in cash.
  const owed = await api.get<{ remaining_interest: number }>(`/pledges/${paying.pledge_id}/balance`);
  expect(owed.remaining_interest).toBeGreaterThan(0);
  await page.goto(`${baseUrl}/#/pledge/payment?pledge_id=${paying.pledge_id}`);
  await page.getByRole('heading', { name: 'Single Pledge Payment', level: 1 }).waitFor();
  await expect
    .poll(() => page.getByTestId('balance-remaining-interest').textContent())
    .toBe(rs(owed.remaining_interest));
  await page.getByLabel('Payment Type').selectOption('interest');
  await page.getByLabel('Amount', { exact: true }).fill(owed.remaining_interest.toFixed(2));
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await closeToast(page, 'Payment saved successfully');
  await expect.poll(() => page.getByTestId('balance-remaining-interest').textContent()).toBe('Rs. 0.00');

  // 4. The overdue pledge's notice, made and its posting recorded.
  await page.goto(`${baseUrl}/#/pledge/notices`);
  await page.getByRole('heading', { name: 'Notices', level: 1 }).waitFor();
  await page.getByRole('checkbox', { name: `Choose pledge ${toNotice.pledge_no}`, exact: true }).check();
  await page.getByRole('button', { name: /^Create notices \(1\)$/ }).click();
  await page.waitForURL(/#\/pledge\/notices\/print\/\d+$/);
  await page.getByRole('article', { name: /^Notice N\// }).waitFor();
  const [notice] = (
    await api.get<{ rows: { notice_no: string; status: string }[] }>(
      `/notices?pledge_id=${toNotice.pledge_id}`,
    )
  ).rows;
  await page.getByRole('link', { name: 'Back to Notices' }).click();
  const row = page.getByTestId(`notice-row-${notice!.notice_no}`);
  await row.waitFor();
  await row.getByLabel(`Date sent of ${notice!.notice_no}`).fill(today);
  await row.getByLabel(`Tracking number of ${notice!.notice_no}`).fill('RL100200301IN');
  await row.getByRole('button', { name: `Save how ${notice!.notice_no} was served` }).click();
  await row.getByText('Saved').waitFor();

  // 5. A lot of the pledge whose notice ran out, sold ₹2,500.50 above what it owes.
  await page.goto(`${baseUrl}/#/auctions/new`);
  await page.getByRole('heading', { name: 'Pledges that may be sold' }).waitFor();
  await page.getByLabel('Auctioneer').fill('K. Raman');
  // The pledge noticed today waits for its notice period: it is not offered.
  expect(
    await page.getByRole('checkbox', { name: `Put pledge ${toNotice.pledge_no} in the lot` }).count(),
  ).toBe(0);
  await page.getByRole('checkbox', { name: `Put pledge ${toSell.pledge_no} in the lot` }).check();
  await page.getByRole('button', { name: /Make the lot/ }).click();
  await page.getByRole('heading', { name: /Auction Catalogue/ }).waitFor();
  await page.getByRole('button', { name: 'Record sale' }).click();
  const sale = page.getByRole('form', { name: `Sale of pledge ${toSell.pledge_no}` });
  const outstanding = sale.getByTestId('sale-outstanding');
  await expect.poll(() => outstanding.textContent()).toMatch(/^Rs\. /);
  const due = amountOf(await outstanding.textContent());
  await sale.getByLabel("Buyer's name").fill('Sri Murugan Jewellers');
  await sale.getByLabel('Sale price (Rs.)').fill(((paise(due) + 250_050) / 100).toFixed(2));
  expect(await sale.getByTestId('sale-result').textContent()).toBe('Surplus Rs. 2,500.50 owed to the pawner');
  await sale.getByRole('button', { name: 'Save the sale' }).click();
  await page.getByText(/Sri Murugan Jewellers; surplus 2,500\.50/).waitFor();

  // 6. The surplus paid to the pawner in cash.
  await page.goto(`${baseUrl}/#/auctions/surpluses`);
  await page
    .getByRole('cell', { name: new RegExp(toSell.pledge_no) })
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Pay out' }).click();
  await page.getByRole('button', { name: 'Pay Rs. 2,500.50' }).click();
  await page.getByRole('heading', { name: /Receipt for Auction Surplus/ }).waitFor();

  // 7. The drawer counted by denomination: what it should hold, to the paisa.
  await page.goto(`${baseUrl}/#/cash-drawer`);
  await page.getByRole('heading', { name: 'Live drawer' }).waitFor();
  const current = await api.get<{ drawer: { expected: number; receipts: number; payouts: number } }>(
    `/cash-drawer/current?date=${today}`,
  );
  await expect
    .poll(() => page.getByTestId('drawer-expected').textContent())
    .toBe(rs(current.drawer.expected));
  let left = paise(current.drawer.expected);
  const grid = page.getByRole('table', { name: 'Counted at the close' });
  for (const note of [500, 200, 100, 50, 20, 10]) {
    const count = Math.floor(left / (note * 100));
    left -= count * note * 100;
    await grid.getByLabel(`₹${note} notes`).fill(String(count));
  }
  await grid.getByLabel('Coins (₹)').fill((left / 100).toFixed(2));
  await expect.poll(() => page.getByTestId('close-counted').textContent()).toBe(rs(current.drawer.expected));
  await page.getByRole('button', { name: 'Close drawer' }).click();
  await page.getByRole('heading', { name: 'Drawer closed' }).waitFor();

  // 8. The day closed.
  await page.goto(`${baseUrl}/#/day-close`);
  await page.getByRole('heading', { name: 'Day Close', level: 1 }).waitFor();
  await page.getByTestId('day-drawers').getByRole('rowheader', { name: adminCredentials.username }).waitFor();
  await page.getByRole('button', { name: 'Close day' }).click();
  await page
    .getByRole('dialog', { name: 'Close the day?' })
    .getByRole('button', { name: 'Close day' })
    .click();
  await expect.poll(() => page.getByTestId('day-status').textContent()).toBe('Day closed');

  // 9. The day-end sheet against the books.
  await page.getByRole('link', { name: 'Day-end sheet' }).click();
  const sheet = page.getByTestId('day-end-sheet');
  await sheet.waitFor();
  const figure = async (id: string) => amountOf(await sheet.getByTestId(id).textContent());
  const figures = {
    opening: await figure('sheet-opening'),
    receipts: await figure('sheet-receipts'),
    payouts: await figure('sheet-payouts'),
    expected: await figure('sheet-expected'),
    counted: await figure('sheet-counted'),
  };
  expect(await sheet.getByTestId('sheet-difference').textContent()).not.toMatch(/Shortage|Excess/);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `whole-day-sheet-${tag}.png`), fullPage: true });

  const dayBook = await api.get<{
    vouchers: { lines: { account_code: string; debit: number; credit: number }[] }[];
  }>(`/reports/day-book?from=${today}&to=${today}`);
  const cash = dayBook.vouchers.flatMap((v) => v.lines.filter((l) => l.account_code === '1000'));
  const cashIn = cash.reduce((s, l) => s + paise(l.debit), 0);
  const cashOut = cash.reduce((s, l) => s + paise(l.credit), 0);
  const after = await api.get<{ rows: { account_code: string; closing_balance: number }[] }>(
    `/reports/trial-balance?as_of=${today}`,
  );
  const cashOn = (tb: typeof after) =>
    paise(tb.rows.find((r) => r.account_code === '1000')?.closing_balance ?? 0);
  // Every movement of the day went through the drawer: pledge payout, interest, sale, surplus.
  expect(paise(figures.opening)).toBe(paise(float));
  expect(paise(figures.receipts)).toBe(cashIn);
  expect(paise(figures.payouts)).toBe(cashOut);
  expect(cashOn(after) - cashOn(before)).toBe(cashIn - cashOut);
  expect(paise(figures.expected)).toBe(paise(float) + cashIn - cashOut);
  expect(paise(figures.counted)).toBe(paise(figures.expected));
  // What moved: the new pledge's payout and the surplus out; the interest and the sale price in.
  expect(cashOut).toBe(paise(stored.final_amount) + 250_050);
  expect(cashIn).toBe(paise(owed.remaining_interest) + paise(due) + 250_050);

  const books = await api.get<{ checks: { name: string; status: string }[] }>('/books/check');
  expect(books.checks.filter((c) => c.status !== 'ok')).toEqual([]);
  expect(browser.problems()).toEqual([]);
}

const title =
  'opens the drawer, pledges, takes a payment, sends a notice, sells a lot, pays its surplus, closes the drawer and the day, and the sheet is the books';

describe('a whole counter day', () => {
  it(`${title} (PGlite)`, () => wholeDay(pglite!.baseUrl, 'pglite'), 240_000);
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `${title} (PostgreSQL)`,
    () => wholeDay(postgres!.baseUrl, 'postgres'),
    240_000,
  );
});
