/**
 * The lists and the payment form in Tamil, whose words are longer: at 1280 px the pledge list,
 * Awaiting Release and Customers (and Customers at 1440 px) fit their content box without a sideways
 * scroll (their row actions in view), and on Single Payment the payment type's select and the
 * placeholders show their whole text, as does the pledge list's search box.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { useBrowser } from './support.ts';
import { type SignedIn, seedStorage, signInByApi } from './walk.ts';

async function openInTamil(page: Page, session: SignedIn, baseUrl: string, path: string): Promise<void> {
  await seedStorage(page, session, 'light');
  await page.addInitScript(() => window.localStorage.setItem('language', 'ta'));
  await page.goto(`${baseUrl}/#${path}`);
  await page.locator('h1').waitFor();
}

/** Each table's scrolling region that is wider inside than its box, once the web font is in. */
function overflowingTables(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) {
      found.push(`page ${document.documentElement.scrollWidth} px wide`);
    }
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1) {
        found.push(
          `table "${table.getAttribute('aria-label') ?? ''}" ${box.scrollWidth} px in ${box.clientWidth} px`,
        );
      }
    }
    return found;
  });
}

/**
 * The fields whose shown text (a select's chosen option, an empty input's placeholder) is wider than
 * the room inside the field: the text drawn in the field's own font, against its content box (less
 * the select's arrow). A select draws its text without overflow, so scrollWidth cannot tell.
 */
function cutFieldTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    async ({ selector }) => {
      await document.fonts.ready;
      const context = document.createElement('canvas').getContext('2d')!;
      const found: string[] = [];
      for (const el of Array.from(
        document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(selector),
      )) {
        if (el.offsetParent === null) continue;
        const text =
          el instanceof HTMLSelectElement
            ? (el.selectedOptions[0]?.text ?? '')
            : el.value
              ? ''
              : el.placeholder;
        if (!text) continue;
        const style = getComputedStyle(el);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const arrow = el instanceof HTMLSelectElement ? 20 : 0;
        const room =
          el.clientWidth -
          Number.parseFloat(style.paddingLeft) -
          Number.parseFloat(style.paddingRight) -
          arrow;
        const width = context.measureText(text).width;
        if (width > room + 1) found.push(`"${text}" cut (${Math.ceil(width)} > ${Math.floor(room)})`);
      }
      return found;
    },
    { selector },
  );
}

describe('the lists in Tamil', () => {
  const desktop = useBrowser({ width: 1280, height: 900 });
  let session: SignedIn;

  beforeAll(async () => {
    session = await signInByApi(desktop.baseUrl, adminCredentials);
    // A pledge of its own, so the pledge list and Customers have rows (and row actions) to draw.
    const suffix = uniqueSuffix();
    const masters = await seedPledgeMasters(desktop.baseUrl, session, {
      rateEffectiveDate: indianDay(30),
      designs: [`Chain ${suffix}`],
      customer: { customer_name: `Thenmozhi Arunachalam ${suffix}` },
    });
    await pledgeApi(desktop.baseUrl, session).post('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(10),
      total_loan_amount: 20000,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 9.5 }],
    });
  });

  it.each([
    ['the pledge list', '/pledges'],
    ['Awaiting Release', '/pledge/awaiting-release'],
    ['Customers', '/customers'],
  ])('%s fits 1280 px without a sideways scroll', async (_name, path) => {
    const page = desktop.page();
    await openInTamil(page, session, desktop.baseUrl, path);
    await page.waitForLoadState('networkidle');
    if (path !== '/pledge/awaiting-release') await page.locator('main table tbody tr').first().waitFor();
    expect(await overflowingTables(page)).toEqual([]);
  });

  it("shows the pledge list search box's whole placeholder", async () => {
    const page = desktop.page();
    await openInTamil(page, session, desktop.baseUrl, '/pledges');
    expect(await cutFieldTexts(page, 'main input[type="search"]')).toEqual([]);
  });

  it("Single Payment shows the payment type's whole text and every placeholder", async () => {
    const page = desktop.page();
    await openInTamil(page, session, desktop.baseUrl, '/pledge/payment');
    await page.getByLabel('செலுத்துதல் வகை', { exact: true }).waitFor();
    expect(await cutFieldTexts(page, 'main select, main input')).toEqual([]);
  });
});

describe('Customers in Tamil at 1440 px', () => {
  const wide = useBrowser({ width: 1440, height: 900 });

  it('fits without a sideways scroll', async () => {
    const session = await signInByApi(wide.baseUrl, adminCredentials);
    const page = wide.page();
    await openInTamil(page, session, wide.baseUrl, '/customers');
    await page.locator('main table tbody tr').first().waitFor();
    expect(await overflowingTables(page)).toEqual([]);
  });
});

describe('Single Payment in Tamil at 768 px', () => {
  const tablet = useBrowser({ width: 768, height: 1024 });

  it("shows the payment type's whole text and every placeholder", async () => {
    const session = await signInByApi(tablet.baseUrl, adminCredentials);
    const page = tablet.page();
    await openInTamil(page, session, tablet.baseUrl, '/pledge/payment');
    await page.getByLabel('செலுத்துதல் வகை', { exact: true }).waitFor();
    expect(await cutFieldTexts(page, 'main select, main input')).toEqual([]);
  });
});
