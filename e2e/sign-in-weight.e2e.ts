import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support.ts';

const browser = useBrowser();

/** ARCHITECTURE §7: every route lazy, so the first screen loads little. */
const SIGN_IN_JS_BUDGET_GZIP = 200 * 1024;

describe('the sign-in screen', () => {
  it('loads under 200 KB of gzipped JavaScript, without the charts or the router', async () => {
    const page = browser.page();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body();
      scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${browser.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');

    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(
      `sign-in JS: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files\n` +
        [...scripts].map(([path, size]) => `  ${path} ${(size / 1024).toFixed(1)} KB`).join('\n'),
    );
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThan(SIGN_IN_JS_BUDGET_GZIP);
    const names = [...scripts.keys()].join(' ');
    expect(names).not.toMatch(/dashboard|router/);
    expect(browser.problems()).toEqual([]);
  });

  it('fetches nothing from another origin (CSP: self only)', async () => {
    const page = browser.page();
    const origins = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:') origins.add(url.origin);
    });
    await page.goto(`${browser.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    // Tamil text on the page makes the browser fetch the Tamil subset of the font.
    await page.waitForLoadState('networkidle');
    expect([...origins]).toEqual([browser.baseUrl]);
    const fontLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('16px "Noto Sans Tamil"', 'நகை');
    });
    expect(fontLoaded).toBe(true);
    expect(browser.problems()).toEqual([]);
  });
});
