/**
 * Screenshots of the Aadhaar masking dialog for review, against a running server:
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-kyc.ts
 *
 * Opens Add Customer, chooses a drawn card-like image as the ID proof and shots the dialog with its
 * first box and a second one, in light and dark at 1280 px and in Tamil, and at 390 px (a phone).
 */
import { chromium, type Page } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, THEMES, themedPage } from './screenshot-kit.ts';

async function card(page: Page): Promise<Buffer> {
  return Buffer.from(
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 1000;
      canvas.height = 630;
      const c = canvas.getContext('2d')!;
      c.fillStyle = '#f5f0e6';
      c.fillRect(0, 0, 1000, 630);
      c.fillStyle = '#c2410c';
      c.fillRect(0, 0, 1000, 70);
      c.fillStyle = '#1e293b';
      c.font = '28px sans-serif';
      c.fillText('Government of India', 320, 45);
      c.fillRect(60, 140, 200, 240);
      c.font = '26px sans-serif';
      c.fillText('Murugan S', 300, 180);
      c.fillText('DOB: 01/01/1980', 300, 230);
      c.font = 'bold 52px monospace';
      c.fillText('4991 1866 5246', 230, 515);
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
      return [...new Uint8Array(await blob.arrayBuffer())];
    }),
  );
}

const browser = await chromium.launch(await launchOptions());
try {
  for (const [theme, width, tamil] of [
    ...THEMES.map((t) => [t, 1280, false] as const),
    ['light', 1280, true] as const,
    ['light', 390, false] as const,
  ]) {
    const page = await themedPage(browser, theme, width);
    await enterAsAdmin(page, new RegExp(process.env.COMPANY ?? 'Chennai|Main Branch'));
    if (tamil) {
      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.reload();
    }
    await page.goto(`${baseUrl}/#/customers`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByRole('button', { name: tamil ? 'வாடிக்கையாளரைச் சேர்' : 'Add Customer' })
      .first()
      .click();
    const input = page.locator('input[type="file"]').first();
    await input.setInputFiles({ name: 'aadhaar.png', mimeType: 'image/png', buffer: await card(page) });
    await page.getByTestId('mask-box').first().waitFor();
    const name = `kyc-mask-${theme}-${width}${tamil ? '-tamil' : ''}`;
    await shot(page, name, { fullPage: false });
    await page.getByRole('button', { name: tamil ? 'பெட்டி சேர்' : 'Add a box' }).click();
    await shot(page, `${name}-two-boxes`, { fullPage: false });
    await page.close();
  }
} finally {
  await browser.close();
}
