/**
 * The release of a pledge's articles on the real server (PGlite; the
 * server suites run its API on both databases): a pledge made 60 days ago is closed by its full payment dated 40 days
 * ago (through the API; the payment screen has its own test), so it waits, overdue, in Awaiting
 * Release; the clerk releases it to the pawner from there, prints the slip (the reprint says
 * DUPLICATE), and the pledge leaves the list.
 */
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { closeToast, useBrowser } from './support.ts';
import { describeViolations, seedStorage, seriousViolations, signInByApi } from './walk.ts';

describe("release of a pledge's articles", () => {
  const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });

  it('closes a pledge by full payment, releases it to the pawner and prints the slip', async () => {
    const session = await signInByApi(browser.baseUrl, adminCredentials);
    const suffix = uniqueSuffix();
    const masters = await seedPledgeMasters(browser.baseUrl, session, {
      rateEffectiveDate: indianDay(70),
      designs: [`Chain ${suffix}`],
      customer: { customer_name: `Lakshmi ${suffix}` },
    });
    const api = pledgeApi(browser.baseUrl, session);
    const pledge = await api.post<{ pledge_id: number; pledge_no: string }>('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(60),
      total_loan_amount: 15000,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 10 }],
    });
    const closedOn = indianDay(40);
    const balance = await api.get<{ total_outstanding: number }>(
      `/pledges/${pledge.pledge_id}/balance?as_of=${closedOn}`,
    );
    await api.post('/pledge-payments/', {
      pledge_id: pledge.pledge_id,
      payment_date: closedOn,
      payment_type: 'full_payment',
      amount: balance.total_outstanding,
      payment_method: 'cash',
      cash_limit_confirmed: true,
    });

    const page = browser.page();
    await seedStorage(page, session, 'light');
    await page.addInitScript(() => {
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => {
        (window as unknown as { prints: number }).prints += 1;
      };
    });
    await page.goto(`${browser.baseUrl}/#/pledge/awaiting-release`);
    await page.getByRole('heading', { name: 'Awaiting Release', level: 1 }).waitFor();
    const releaseLink = page.getByRole('link', { name: `Release ${pledge.pledge_no}`, exact: true });
    await releaseLink.waitFor();
    const row = page.getByRole('row').filter({ hasText: pledge.pledge_no });
    expect(await row.textContent()).toContain('Overdue');
    const countText = page.getByTestId('awaiting-count');
    const before = Number((await countText.textContent())?.split(' ')[0]);
    expect(before).toBeGreaterThan(0);
    const found = describeViolations('awaiting release', await seriousViolations(page));

    // The release form: the pawner by default; another receiver asks for the proof.
    await releaseLink.click();
    await page.getByRole('heading', { name: 'Release Articles', level: 1 }).waitFor();
    await page.getByText(`Release the articles of ${pledge.pledge_no}`).waitFor();
    const receivedBy = page.getByLabel('Received by');
    await receivedBy.selectOption('agent');
    await page.getByRole('button', { name: 'Release Articles' }).click();
    await page.getByText('Enter the proof (letter, document or declaration) the receiver showed').waitFor();
    found.push(...describeViolations('release form with messages', await seriousViolations(page)));
    await receivedBy.selectOption('pawner');
    await page.getByLabel("Receiver's ID proof (type and number)").fill('Aadhaar XXXX 4321');
    await page.getByRole('button', { name: 'Release Articles' }).click();
    await closeToast(page, 'The articles are released. Print the slip.');

    // The slip (Form H): the pawner, the article, the signatures; printed twice, the second a DUPLICATE.
    await page.getByRole('heading', { name: 'Release Slip', level: 1 }).waitFor();
    const slip = page.getByRole('article', { name: 'Release slip' });
    await slip.waitFor();
    const text = (await slip.textContent()) ?? '';
    expect(text).toContain(pledge.pledge_no);
    expect(text).toContain(`Lakshmi ${suffix}`);
    expect(text).toContain(`Chain ${suffix}`);
    expect(text).toContain('மீட்பு ரசீது');
    expect(text).toContain("Receiver's Signature");
    expect(text).not.toContain('DUPLICATE');
    // Every printed total is the sum of the lines printed above it: the receipt's
    // cash and the first month's interest taken from the loan.
    const paid = slip.getByTestId('slip-paid');
    const lines = await paid
      .locator('[data-amount]')
      .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-amount'))));
    const total = Number(await paid.locator('[data-total]').getAttribute('data-total'));
    expect(lines).toHaveLength(4);
    expect(Math.round(lines.reduce((s, x) => s + x * 100, 0))).toBe(Math.round(total * 100));
    // Interest paid (the second line) holds the first month's interest, taken from the loan at the start.
    const firstMonth = Number(
      await paid
        .locator('[data-part="firstMonthInterest"] [data-part-amount]')
        .getAttribute('data-part-amount'),
    );
    expect(firstMonth).toBeGreaterThan(0);
    expect(lines[1]!).toBeGreaterThanOrEqual(firstMonth);
    expect(Math.round((total - firstMonth) * 100)).toBe(Math.round(balance.total_outstanding * 100));
    found.push(...describeViolations('release slip', await seriousViolations(page)));
    const print = page.getByRole('button', { name: 'Print', exact: true });
    await print.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);
    expect(await slip.textContent()).not.toContain('DUPLICATE');
    await print.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(2);
    expect(await slip.textContent()).toContain('DUPLICATE');
    const stored = await api.get<{ slip_prints: number; released_on: string; receiver_kind: string }>(
      `/pledges/${pledge.pledge_id}/release`,
    );
    expect(stored).toMatchObject({ slip_prints: 2, released_on: indianDay(0), receiver_kind: 'pawner' });

    // The list shrank: the pledge is gone from Awaiting Release.
    await page.getByRole('link', { name: 'Awaiting Release' }).first().click();
    await page.getByRole('heading', { name: 'Awaiting Release', level: 1 }).waitFor();
    await countText.waitFor();
    await expect.poll(() => releaseLink.count()).toBe(0);
    const after = Number((await countText.textContent())?.split(' ')[0]);
    expect(after).toBeLessThan(before + 1);
    expect(found).toEqual([]);
    expect(browser.problems()).toEqual([]);
  }, 180_000);
});
