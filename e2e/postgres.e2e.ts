import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { signIn, storageValue, useBrowser } from './support.ts';

// The main flow once more, against the server on PostgreSQL (started by the global setup when
// TEST_DATABASE_URL is set, as CI does). Without PostgreSQL there is no such server and no test.
const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrlPostgres');
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(hasPostgres)('the shell on PostgreSQL', () => {
  it('signs in, chooses the company, shows the dashboard and profile, and signs out', async () => {
    const page = browser.page();
    await signIn(page, browser.baseUrl, adminCredentials.username, adminCredentials.password);
    await page.getByRole('heading', { name: 'Select a Company' }).waitFor();
    await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByText('Pages / Dashboard').isVisible()).toBe(true);

    const health = await page.evaluate(async () => (await fetch('/api/health')).json());
    expect(health.database_kind).toBe('postgres');

    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByText('Member Since').waitFor();
    expect(await page.locator('#main-content').getByText('Admin', { exact: true }).first().isVisible()).toBe(
      true,
    );

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await storageValue(page, 'access_token')).toBeNull();
  });
});
