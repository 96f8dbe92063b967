/**
 * Issue 17 in the browser: a clerk of their own (the shared admin's language must not change under
 * the other suites) chooses தமிழ் on the sign-in screen, reads the validation message in Tamil, signs
 * in, chooses the branch and reads the dashboard in Tamil; the choice is saved on the server from the
 * avatar menu. At 1280 px and at 768 px nothing is clipped: the page and the header fit the window,
 * and no button, link or heading of the shell cuts its text.
 *
 * Screenshots go to `e2e/artifacts/` (or SHOTS_DIR when set).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { uniqueSuffix } from './pledge-masters.ts';
import { useBrowser } from './support.ts';
import { describeViolations, seriousViolations, signInByApi } from './walk.ts';

const shots = process.env.SHOTS_DIR ?? join(import.meta.dirname, 'artifacts');
const CLERK_PASSWORD = 'tamil-clerk-1';

async function newClerk(baseUrl: string): Promise<string> {
  const admin = await signInByApi(baseUrl, adminCredentials);
  const username = `tamil_${uniqueSuffix()}`;
  const response = await fetch(`${baseUrl}/api/users/`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${admin.token}`,
      'X-Company-Id': String(admin.company.id),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: CLERK_PASSWORD,
      role: 'user',
      company_id: admin.company.id,
    }),
  });
  if (!response.ok)
    throw new Error(`creating ${username} failed: ${response.status} ${await response.text()}`);
  return username;
}

/** What is clipped on the page: wider than the window, or an element whose text overflows its box. */
async function clipped(page: Page, width: number): Promise<string[]> {
  return page.evaluate(async (viewport) => {
    // The widths of the web font, not the fallback that font-display: swap draws first.
    await document.fonts.ready;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > viewport) {
      found.push(`page ${document.documentElement.scrollWidth} px wide`);
    }
    const header = document.querySelector('header');
    if (header && header.scrollWidth > viewport) found.push(`header ${header.scrollWidth} px wide`);
    const elements = Array.from(
      document.querySelectorAll<HTMLElement>('header button, header h1, nav a, nav button, main h2'),
    );
    for (const el of elements) {
      const style = getComputedStyle(el);
      // A title that truncates on purpose (an ellipsis) shows its whole text on hover; anything else cut is a fault.
      if (style.textOverflow === 'ellipsis') continue;
      if (el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1) {
        found.push(`"${el.textContent?.trim()}" cut (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    return found;
  }, width);
}

for (const size of [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
]) {
  describe(`the interface in Tamil at ${size.width} px`, () => {
    // axe-core is injected as an inline script, which the app's CSP refuses: bypassed here only.
    const browser = useBrowser(size, 'baseUrl', { bypassCSP: true });
    let username: string;

    beforeAll(async () => {
      username = await newClerk(browser.baseUrl);
    });

    it('signs in, chooses the branch and reads the dashboard in Tamil, and keeps the choice', async () => {
      const page = browser.page();
      await page.goto(`${browser.baseUrl}/`);
      await page.getByRole('button', { name: 'தமிழ்' }).click();
      await page.getByRole('heading', { name: 'உள்நுழைக' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ta');

      // A Tamil validation message, then the sign-in.
      await page.getByRole('button', { name: 'உள்நுழைக' }).click();
      await page.getByText('பயனர் பெயர் தேவை').waitFor();
      const found = describeViolations('sign-in', await seriousViolations(page));
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/tamil-sign-in-${size.width}.png`, fullPage: true });
      await page.getByLabel('பயனர் பெயர்').fill(username);
      await page.getByLabel('கடவுச்சொல்').fill(CLERK_PASSWORD);
      await page.getByRole('button', { name: 'உள்நுழைக' }).click();

      await page.getByRole('heading', { name: 'நிறுவனத்தைத் தேர்ந்தெடுக்கவும்' }).waitFor();
      await page.getByRole('button', { name: 'தேர்ந்தெடுத்த நிறுவனத்துடன் தொடர்க' }).click();
      await page.getByRole('heading', { name: 'முகப்பு', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'வருமானம்', level: 2, exact: true }).waitFor();
      await page.getByRole('heading', { name: 'வார வருமானம்' }).waitFor();
      expect(await clipped(page, size.width)).toEqual([]);
      found.push(...describeViolations('dashboard', await seriousViolations(page)));
      await page.screenshot({ path: `${shots}/tamil-dashboard-${size.width}.png`, fullPage: true });

      // Below 1280 px the sidebar is an overlay: open it and check its Tamil links too.
      if (size.width < 1280)
        await page.getByRole('button', { name: 'பக்கப் பட்டியைத் திற', exact: true }).click();
      const nav = page.getByRole('navigation', { name: 'முதன்மை' });
      await nav.getByRole('link', { name: 'முகப்பு' }).waitFor();
      expect(await clipped(page, size.width)).toEqual([]);
      if (size.width < 1280)
        await page.getByRole('button', { name: 'பக்கப் பட்டியை மூடு', exact: true }).click();

      // The avatar menu saves the choice on the server, so it follows the clerk to another counter.
      await page.getByRole('button', { name: /^பயனர் பட்டியைத் திற/ }).click();
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'தமிழ்' }).click();
      await page.getByRole('heading', { name: 'முகப்பு', level: 1 }).waitFor();
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      await expect
        .poll(async () => {
          const me = await fetch(`${browser.baseUrl}/api/users/me`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          return ((await me.json()) as { language: string | null }).language;
        })
        .toBe('ta');

      expect(found).toEqual([]);
      expect(browser.problems()).toEqual([]);
    }, 120_000);
  });
}
