/**
 * Notices before sale, a notice batch sent (on PGlite; the server suites run its API on both databases): a
 * pledge made 400 days ago on a 12-month scheme is overdue; on the Notices screen the admin chooses it
 * and creates the notices, the batch print shows its letter (English and Tamil, the amount due and the
 * date after which the articles may be sold) and counts the print, and back on the list the date sent
 * and the registered post's tracking number are recorded. The server agrees.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { printedSheets } from './paper-checks.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { useBrowser } from './support.ts';
import { describeViolations, seedStorage, seriousViolations, signInByApi } from './walk.ts';

interface NoticeRow {
  id: number;
  notice_no: string;
  notice_date: string;
  sale_after: string;
  amount_due: number;
  sent_on: string | null;
  tracking_no: string | null;
  status: string;
  prints: number;
}

const shots = process.env.NOTICE_SHOTS;

describe('notice batch', () => {
  // axe-core is injected as an inline script, which the app's CSP refuses: bypassed here only.
  const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });

  it('creates a batch for an overdue pledge, prints its letter, records the date sent and tracking number', async () => {
    const session = await signInByApi(browser.baseUrl, adminCredentials);
    const suffix = uniqueSuffix();
    const masters = await seedPledgeMasters(browser.baseUrl, session, {
      rateEffectiveDate: indianDay(400),
      designs: [`Chain ${suffix}`],
      customer: { customer_name: `Meenakshi ${suffix}` },
    });
    const api = pledgeApi(browser.baseUrl, session);
    const pledge = await api.post<{ pledge_id: number; pledge_no: string }>('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(400),
      total_loan_amount: 40000,
      cash_limit_confirmed: true,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 10 }],
    });
    const balance = await api.get<{ total_outstanding: number }>(`/pledges/${pledge.pledge_id}/balance`);

    const page = browser.page();
    // The print dialog is the browser's: counted here instead of opened.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await seedStorage(page, session, 'light');
    await page.goto(`${browser.baseUrl}/#/pledge/notices`);
    await page.getByRole('heading', { name: 'Notices', level: 1 }).waitFor();
    const choose = page.getByRole('checkbox', { name: `Choose pledge ${pledge.pledge_no}`, exact: true });
    await choose.check();
    const found = describeViolations('with a pledge chosen', await seriousViolations(page));
    await page.getByRole('button', { name: /^Create notices \(\d+\)$/ }).click();

    // The batch print: one letter, in English and Tamil.
    await page.waitForURL(/#\/pledge\/notices\/print\/\d+$/);
    const letter = page.getByRole('article', { name: /^Notice N\// });
    await letter.waitFor();
    const [notice] = (await api.get<{ rows: NoticeRow[] }>(`/notices?pledge_id=${pledge.pledge_id}`)).rows;
    expect(notice).toMatchObject({ status: 'unsent', prints: 0, amount_due: balance.total_outstanding });
    expect(await letter.getAttribute('aria-label')).toBe(`Notice ${notice!.notice_no}`);
    expect(await letter.textContent()).toContain(`Meenakshi ${suffix}`);
    expect(await letter.textContent()).toContain('விற்பனைக்கு முன் அறிவிப்பு');
    expect(await letter.textContent()).toContain(`Chain ${suffix}`);
    const [y, m, d] = notice!.sale_after.split('-');
    expect(await letter.getByTestId('notice-sale-after').textContent()).toBe(`${d}/${m}/${y}`);
    const printButton = page.getByRole('button', { name: 'Print' });
    await expect.poll(() => printButton.isEnabled()).toBe(true);
    found.push(...describeViolations('the batch print', await seriousViolations(page)));
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/notice-print.png`, fullPage: true });
    }
    await printButton.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expect.poll(async () => (await api.get<NoticeRow>(`/notices/${notice!.id}`)).prints).toBe(1);
    // One letter, one A4 sheet: no blank sheet after the last letter.
    expect(await printedSheets(page)).toBe(1);

    // Back on the list: the date sent and the tracking number.
    await page.getByRole('link', { name: 'Back to Notices' }).click();
    const row = page.getByTestId(`notice-row-${notice!.notice_no}`);
    await row.waitFor();
    await row.getByLabel(`Date sent of ${notice!.notice_no}`).fill(notice!.notice_date);
    await row.getByLabel(`Tracking number of ${notice!.notice_no}`).fill('RK123456789IN');
    await row.getByRole('button', { name: `Save how ${notice!.notice_no} was served` }).click();
    await row.getByText('Saved').waitFor();
    found.push(...describeViolations('the notices list', await seriousViolations(page)));
    if (shots) await page.screenshot({ path: `${shots}/notices.png`, fullPage: true });
    const stored = await api.get<NoticeRow>(`/notices/${notice!.id}`);
    expect(stored).toMatchObject({
      sent_on: notice!.notice_date,
      tracking_no: 'RK123456789IN',
      status: 'sent',
    });

    // The reminders page lists the pledge with its WhatsApp and Call links.
    await page.goto(`${browser.baseUrl}/#/pledge/reminders`);
    const reminder = page.getByTestId(`reminder-row-${pledge.pledge_no}`);
    await reminder.waitFor();
    const wa = await reminder.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href');
    expect(wa).toMatch(/^https:\/\/wa\.me\/91\d{10}\?text=/);
    expect(decodeURIComponent(wa!.split('?text=')[1]!)).toContain(pledge.pledge_no);
    await reminder.getByRole('button', { name: 'Mark reminded' }).click();
    await reminder.getByText('Logged today').waitFor();
    found.push(...describeViolations('the reminders', await seriousViolations(page)));
    if (shots) await page.screenshot({ path: `${shots}/reminders.png`, fullPage: true });
    expect(found).toEqual([]);
    expect(browser.problems()).toEqual([]);
  }, 120_000);
});
