import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { startOwnPostgresServer } from './global-setup.ts';
import { signIn, storageValue, useBrowser } from './support.ts';

// The shell once more, against the server on PostgreSQL (two workers behind one port), started here
// when TEST_DATABASE_URL is set, as CI does: the other browser flows run on PGlite only, their API on
// both databases in the server suites (docs/decisions.md). Without PostgreSQL there is no test.
const browser = useBrowser({ width: 1280, height: 900 });
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(hasPostgres)('the shell on PostgreSQL', () => {
  let server: { baseUrl: string; stop: () => Promise<void> } | null = null;

  beforeAll(async () => {
    server = await startOwnPostgresServer('shell');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('signs in, chooses the company, shows the dashboard and profile, and signs out', async () => {
    const page = browser.page();
    await signIn(page, server!.baseUrl, adminCredentials.username, adminCredentials.password);
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
