/**
 * The one date control in a browser whose language is American English (Chromium started with
 * --lang=en-US, the page's navigator.language en-US): it shows and takes DD/MM/YYYY, never the
 * browser's 11/28/2026; an impossible date is named; its calendar button shows the focus ring. And a
 * field that takes focus is not hidden under the sticky header with its label.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchOptions } from './browser.ts';
import { adminCredentials } from './credentials.ts';
import { type SignedIn, seedStorage, signInByApi } from './walk.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext | undefined;
let session: SignedIn;

beforeAll(async () => {
  const options = await launchOptions();
  browser = await chromium.launch({ ...options, args: [...(options.args ?? []), '--lang=en-US'] });
  session = await signInByApi(baseUrl, adminCredentials);
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openPage(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  context = await browser.newContext({ locale: 'en-US', viewport });
  const page = await context.newPage();
  await seedStorage(page, session, 'light');
  await page.goto(`${baseUrl}/#${path}`);
  return page;
}

describe('the date field on an en-US browser', () => {
  it('shows 28/11/2026 for 2026-11-28, takes a typed DD/MM/YYYY and names an impossible date', async () => {
    const page = await openPage('/registers/vault?as_of=2026-11-28');
    await page.getByRole('heading', { name: 'Vault Register', level: 1 }).waitFor();
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    const field = page.getByLabel('As of', { exact: true });
    expect(await field.inputValue()).toBe('28/11/2026');
    // What the browser itself would draw for the day: the order the field does not follow.
    expect(await page.evaluate(() => new Date(2026, 10, 28).toLocaleDateString())).toBe('11/28/2026');

    await field.fill('');
    await field.pressSequentially('05112026');
    expect(await field.inputValue()).toBe('05/11/2026');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toContain('as_of=2026-11-05');

    await field.fill('');
    await field.pressSequentially('31022026');
    expect(await field.inputValue()).toBe('31/02/2026');
    await page.getByText('31/02/2026 is not a date: check the day and the month.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
  });

  it('draws the shared focus ring on the calendar button, reached by Tab from the field, which opens the picker', async () => {
    const page = await openPage('/registers/vault?as_of=2026-11-28');
    const field = page.getByLabel('As of', { exact: true });
    await field.focus();
    await page.keyboard.press('Tab');
    const calendar = page.getByRole('button', { name: 'Open calendar' });
    expect(await calendar.evaluate((el) => el === document.activeElement)).toBe(true);
    const outline = await calendar.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);

    // Enter on the button opens the browser's picker of the hidden date input, without an error.
    await page.evaluate(() => {
      const opened: string[] = [];
      (window as unknown as { opened: string[] }).opened = opened;
      const original = HTMLInputElement.prototype.showPicker;
      HTMLInputElement.prototype.showPicker = function (this: HTMLInputElement) {
        opened.push(`${this.type}:${this.value}`);
        original.call(this);
      };
    });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([
      'date:2026-11-28',
    ]);
  });
});

describe('the sticky header and a focused field', () => {
  it('keeps a field that takes focus, and its label, below the header', async () => {
    const page = await openPage('/pledge/payment', { width: 1280, height: 500 });
    await page.getByRole('heading', { name: 'Single Pledge Payment', level: 1 }).waitFor();
    const field = page.getByLabel('Payment Date', { exact: true });
    // From the bottom of the page back up to the field, as Shift+Tab does.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Submit Payment' }).focus();
    await field.focus();
    const boxes = await field.evaluate((el) => {
      const label = document.querySelector(`label[for="${el.id}"]`)!;
      return {
        headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
        labelTop: label.getBoundingClientRect().top,
      };
    });
    expect(boxes.labelTop).toBeGreaterThanOrEqual(boxes.headerBottom);
  });
});
