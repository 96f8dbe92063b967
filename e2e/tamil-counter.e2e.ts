/**
 * A counter's work in Tamil in the browser: a user of their own chooses தமிழ் on the sign-in
 * screen, signs in, takes a pledge on Create Pledge (a Tamil validation message first, then the customer,
 * the scheme and an article typed in, saved with its Tamil toast and dialog), takes a part payment of it
 * on Single Pledge Payment (a Tamil validation message, then the payment and its Tamil toast), and opens
 * the receipt: its labels, the amount in Tamil words. At 1280 px and at 768 px nothing of the screens is
 * clipped and axe finds nothing serious.
 *
 * The figures: 10 g at 6,000 a gram lends 75 %; a loan of 15,000 (under the cash limit) less 1.5 % and
 * no charges; the pledge is of today, so its first month's interest was taken and a part payment of
 * 5,000 goes to principal, received as 'ஐந்து ஆயிரம் ரூபாய் மட்டும்'.
 *
 * Screenshots go to `e2e/artifacts/` (or SHOTS_DIR when set).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { indianDay, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { useBrowser } from './support.ts';
import { clippedTexts, createUserByApi, describeViolations, seriousViolations, signInByApi } from './walk.ts';

const shots = process.env.SHOTS_DIR ?? join(import.meta.dirname, 'artifacts');
const CLERK_PASSWORD = 'tamil-counter-1';

/** The screens' texts that must not be cut. */
const COUNTER_TEXTS = 'main button, main h1, main h2, main label, main th, header button';

/** Waits for a toast with this text and closes it, by its Tamil close button. */
async function closeTamilToast(page: Page, text: string): Promise<void> {
  const card = page.getByTestId('toast').filter({ hasText: text }).first();
  await card.waitFor();
  await card.getByRole('button', { name: 'அறிவிப்பை மூடு' }).click();
}

for (const size of [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
]) {
  describe(`a counter's work in Tamil at ${size.width} px`, () => {
    // axe-core is injected as an inline script, which the app's CSP refuses: bypassed here only.
    const browser = useBrowser(size, 'baseUrl', { bypassCSP: true });

    it('takes a pledge and a payment in Tamil and prints a Tamil receipt', async () => {
      const admin = await signInByApi(browser.baseUrl, adminCredentials);
      const suffix = uniqueSuffix();
      const masters = await seedPledgeMasters(browser.baseUrl, admin, {
        rateEffectiveDate: indianDay(10),
        designs: [`Valayal ${suffix}`],
        customer: { customer_name: `Kannammal ${suffix}` },
      });
      // A user of their own, so the shared admin's language stays English for the other suites; an
      // admin, as the shared server leaves the pledge screens to admins (STAFF_CAN_HANDLE_PLEDGES unset).
      const username = await createUserByApi(browser.baseUrl, admin, {
        prefix: 'tamil_counter',
        password: CLERK_PASSWORD,
        role: 'admin',
      });
      mkdirSync(shots, { recursive: true });
      const found: string[] = [];
      const page = browser.page();

      // Sign in, in Tamil.
      await page.goto(`${browser.baseUrl}/`);
      await page.getByRole('button', { name: 'தமிழ்' }).click();
      await page.getByLabel('பயனர் பெயர்').fill(username);
      await page.getByLabel('கடவுச்சொல்').fill(CLERK_PASSWORD);
      await page.getByRole('button', { name: 'உள்நுழைக' }).click();
      // An admin may use every branch: the one the masters were made in.
      await page.getByRole('heading', { name: 'நிறுவனத்தைத் தேர்ந்தெடுக்கவும்' }).waitFor();
      await page
        .getByRole('button', { name: admin.company.company_name, exact: false })
        .and(page.locator('[aria-pressed]'))
        .first()
        .click();
      await page.getByRole('button', { name: 'தேர்ந்தெடுத்த நிறுவனத்துடன் தொடர்க' }).click();
      await page.getByRole('heading', { name: 'முகப்பு', level: 1 }).waitFor();

      // Create Pledge: Save with nothing chosen says what is missing, in Tamil.
      await page.goto(`${browser.baseUrl}/#/pledge/create`);
      await page.getByRole('heading', { name: 'புதிய அடகு', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'அடகைச் சேமி' }).click();
      await page.getByText('சரிபார்ப்புப் பிழை', { exact: false }).first().waitFor();
      await page.getByTestId('toast').first().getByRole('button', { name: 'அறிவிப்பை மூடு' }).click();

      const code = page.getByLabel('வாடிக்கையாளர் எண்');
      await code.fill(masters.customerCode);
      await code.press('Tab');
      await page.getByTestId('customer-card').getByText(masters.customerName).waitFor();
      const scheme = page.getByLabel('திட்டம்', { exact: true });
      const value = await scheme.locator('option', { hasText: masters.schemeName }).getAttribute('value');
      await scheme.selectOption(value ?? '');
      const add = page.getByRole('button', { name: 'நகை சேர்' });
      await expect.poll(() => add.isEnabled()).toBe(true);
      await add.click();
      const design = page.getByRole('combobox', { name: 'வடிவம், வரிசை 1' });
      await design.pressSequentially(masters.designs[0]!.name);
      await page
        .getByRole('listbox')
        .getByRole('option', { name: masters.designs[0]!.name, exact: true })
        .click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.getByLabel('மொத்த எடை கிராமில், வரிசை 1').fill('10');
      await expect.poll(() => page.getByLabel('நிகர எடை கிராமில், வரிசை 1').inputValue()).toBe('10');
      await expect.poll(() => page.getByTestId('summary-eligible').textContent()).toBe('Rs. 45,000.00');
      await page.getByLabel('இறுதிக் கடன் தொகை').fill('15000');
      await page.screenshot({ path: `${shots}/tamil-create-pledge-${size.width}.png`, fullPage: true });
      expect(await clippedTexts(page, size.width, COUNTER_TEXTS, { header: false })).toEqual([]);
      found.push(...describeViolations('create pledge', await seriousViolations(page)));

      await page.getByRole('button', { name: 'அடகைச் சேமி' }).click();
      await closeTamilToast(page, '1 நகையுடன் அடகு உருவாக்கப்பட்டது');
      const created = page.getByRole('dialog', { name: 'அடகு உருவாக்கப்பட்டது' });
      const pledgeNo = (await created.getByTestId('saved-pledge-no').textContent()) ?? '';
      expect(pledgeNo).toMatch(new RegExp(`^${masters.prefix}\\d+$`));
      await created.getByRole('button', { name: 'மூடு', exact: true }).click();
      await created.waitFor({ state: 'detached' });

      // Single Pledge Payment: Submit with no type says so in Tamil; then 5,000 of principal.
      const stored = await fetch(
        `${browser.baseUrl}/api/pledges/?search=${encodeURIComponent(pledgeNo)}&limit=1`,
        { headers: { Authorization: `Bearer ${admin.token}`, 'X-Company-Id': String(admin.company.id) } },
      );
      const listed = (await stored.json()) as { pledge_id?: number; id?: number }[];
      const pledgeId = listed[0]?.pledge_id ?? listed[0]?.id;
      expect(pledgeId).toBeGreaterThan(0);
      await page.goto(`${browser.baseUrl}/#/pledge/payment?pledge_id=${pledgeId}`);
      await page.getByRole('heading', { name: 'ஒரு அடகுக்குச் செலுத்துதல்', level: 1 }).waitFor();
      await expect.poll(() => page.getByTestId('balance-total').textContent()).toBe('Rs. 15,000.00');
      const submit = page.getByRole('button', { name: 'செலுத்துதலைச் சமர்ப்பி' });
      await submit.click();
      await closeTamilToast(page, 'சரிபார்ப்புப் பிழைகளைச் சரிசெய்யவும்');
      await page.locator('[id$="-error"]').filter({ hasText: 'செலுத்துதல் வகையைத் தேர்ந்தெடுக்கவும்' }).waitFor();
      await page.getByLabel('செலுத்துதல் வகை').selectOption('partial_principal');
      await page.getByLabel('தொகை', { exact: true }).fill('5000');
      await page.screenshot({ path: `${shots}/tamil-payment-${size.width}.png`, fullPage: true });
      expect(await clippedTexts(page, size.width, COUNTER_TEXTS, { header: false })).toEqual([]);
      found.push(...describeViolations('single payment', await seriousViolations(page)));
      await submit.click();
      await closeTamilToast(page, 'செலுத்துதல் வெற்றிகரமாகச் சேமிக்கப்பட்டது');
      await expect.poll(() => page.getByTestId('balance-total').textContent()).toBe('Rs. 10,000.00');

      // The receipt: its page in Tamil, the bilingual labels, the amount in Tamil words.
      await page.getByRole('link', { name: 'ரசீதை அச்சிடு' }).click();
      await page.getByRole('heading', { name: 'செலுத்துதல் ரசீது', level: 1 }).waitFor();
      const sheet = page.getByRole('article', { name: /பணம் பெற்ற ரசீது/ });
      await sheet.waitFor();
      expect(await sheet.getByTestId('amount-received').textContent()).toContain('5,000.00');
      expect(await sheet.getByTestId('amount-in-words').textContent()).toBe('ஐந்து ஆயிரம் ரூபாய் மட்டும்');
      expect(await sheet.textContent()).toContain(pledgeNo);
      found.push(...describeViolations('receipt', await seriousViolations(page)));
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `${shots}/tamil-receipt-${size.width}.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });

      expect(found).toEqual([]);
      expect(browser.problems()).toEqual([]);
    }, 180_000);
  });
}
