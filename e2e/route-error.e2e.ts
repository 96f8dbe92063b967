import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { useBrowser } from './support.ts';

const browser = useBrowser({ width: 1280, height: 800 });

describe('a page whose code cannot be fetched', () => {
  it('shows the error inside the shell, keeps the sidebar, and works again after Reload', async () => {
    const page = browser.page();
    await page.goto(`${browser.baseUrl}/`);
    await page.getByLabel('Username').fill(adminCredentials.username);
    await page.getByLabel('Password').fill(adminCredentials.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // The network drops for the Profile page's own code (as after a deploy, or on a bad line).
    await page.route(/profile-page-[^/]*\.js/, (route) => route.abort('internetdisconnected'));
    await page.goto(`${browser.baseUrl}/#/profile`);
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong on this page' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'This page could not be loaded. Check the connection and reload.',
    );
    // The shell is still there: the clerk can go on with another screen.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await page.screenshot({ path: 'e2e/artifacts/route-error.png' });

    await page.unroute(/profile-page-[^/]*\.js/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByText('Member Since').waitFor();
    // Only the aborted chunk was a problem: nothing else failed on the way.
    expect(browser.problems().filter((p) => !/profile-page-|ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  });
});
