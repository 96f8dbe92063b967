import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { useBrowser } from './support.ts';

// A tablet in landscape: below the 1280 px line, so the sidebar is an overlay.
const browser = useBrowser({ width: 1024, height: 768 });

describe('the shell on a tablet, by keyboard', () => {
  it('signs in and chooses the company with the keyboard alone', async () => {
    const page = browser.page();
    await page.goto(`${browser.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    // First the language switch (English, தமிழ்) and the theme toggle, then the two fields and the button.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      if (await page.getByLabel('Username').evaluate((el) => el === document.activeElement)) break;
    }
    expect(await page.getByLabel('Username').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(adminCredentials.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(adminCredentials.password);
    await page.keyboard.press('Enter');

    const continueButton = page.getByRole('button', { name: 'Continue with Selected Company' });
    await continueButton.waitFor();
    // Tab until the focus reaches Continue: it must be reachable, whatever the stops before it.
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      if (focused === 'Continue with Selected Company') break;
    }
    expect(await continueButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(browser.problems()).toEqual([]);
  });

  it('opens the sidebar over the page and closes it after a link is chosen', async () => {
    const page = browser.page();
    await page.goto(`${browser.baseUrl}/`);
    await page.getByLabel('Username').fill(adminCredentials.username);
    await page.getByLabel('Password').fill(adminCredentials.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    const sidebar = page.locator('#app-sidebar');
    expect(await sidebar.getAttribute('data-state')).toBe('closed');
    expect(await page.getByRole('link', { name: 'Profile' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await sidebar.getAttribute('data-state')).toBe('open');
    await page.getByRole('button', { name: 'Pledge Management' }).click();
    await page.getByRole('link', { name: 'Pledge List' }).click();
    await page.getByRole('heading', { name: 'Pledge Management', level: 1 }).waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('closed');
    expect(page.url()).toMatch(/#\/pledge\/list$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByText('Member Since').waitFor();
    // The Role tile of the profile; the closed sidebar's 'Admin' heading is not the one meant.
    expect(await page.locator('#main-content').getByText('Admin', { exact: true }).first().isVisible()).toBe(
      true,
    );

    await page.getByRole('button', { name: 'Change Company' }).click();
    await page.getByRole('heading', { name: 'Select a Company' }).waitFor();
    expect(browser.problems()).toEqual([]);
  });
});
