/**
 * The shell's layout: at 375 px the header fits (the avatar was cut), and at 1280 px
 * the company chip shows the part that tells two branches of one business apart.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { useBrowser } from './support.ts';
import { type SignedIn, seedStorage, signInByApi } from './walk.ts';

const phone = useBrowser({ width: 375, height: 800 });
let session: SignedIn;

beforeAll(async () => {
  const signedIn = await signInByApi(phone.baseUrl, adminCredentials);
  // The demo's two branches: only the stored copy is renamed, the server still knows the company by id.
  session = {
    ...signedIn,
    company: { ...signedIn.company, company_name: 'Sri Lakshmi Jewel Loans - Chennai', city: 'Chennai' },
  };
});

describe('the shell at 375 px', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keeps the header and the avatar inside the screen (${theme})`, async () => {
      const page = phone.page();
      await seedStorage(page, session, theme);
      await page.goto(`${phone.baseUrl}/#/dashboard`);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      // Once the web font is in: font-display: swap draws the fallback first, with other widths.
      const widths = await page.evaluate(async () => {
        await document.fonts.ready;
        return {
          page: document.documentElement.scrollWidth,
          header: document.querySelector('header')!.scrollWidth,
        };
      });
      expect(widths.page).toBeLessThanOrEqual(375);
      expect(widths.header).toBeLessThanOrEqual(375);
      const avatar = await page.getByRole('button', { name: /^Open user menu/ }).boundingBox();
      expect(avatar).not.toBeNull();
      expect(avatar!.x).toBeGreaterThanOrEqual(0);
      expect(avatar!.x + avatar!.width).toBeLessThanOrEqual(375);
      // The chip may shorten the name, never the branch.
      expect(await page.getByTestId('company-chip').getByText('- Chennai').isVisible()).toBe(true);
      expect(phone.problems()).toEqual([]);
    });
  }
});
