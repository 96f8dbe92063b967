/**
 * The printed papers against the Tamil Nadu Pawnbrokers forms (docs/forms.md), on the shared server
 * (PGlite): a pledge made 25 days back, its pawn ticket (Form F) printed twice and its release slip
 * (Form H) printed twice after a full payment within the first month. On each printed paper, in the
 * English and in the Tamil interface, every label docs/forms.md lists for the form is found in both
 * languages; the reprint's DUPLICATE / நகல் stamp covers no text (its box meets neither the title nor the
 * form's name, nor any other text of the paper); the ticket writes the sum lent in words and the slip
 * counts the first month's interest, taken from the loan, as interest paid.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { amountInTamilWords, amountInWords, rupeesToPaise } from '@pledge-desk/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { boxesMeet, printedSheets, textsUnderStamp } from './paper-checks.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { atRest, useBrowser } from './support.ts';
import { type SignedIn, seedStorage, signInByApi } from './walk.ts';

const artifactsDir = join(import.meta.dirname, 'artifacts');

/** The labels docs/forms.md lists (in `code`, last column) under a form's section heading. */
function formLabels(heading: string): string[] {
  const doc = readFileSync(join(import.meta.dirname, '..', 'docs', 'forms.md'), 'utf8');
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/forms.md has no section '${heading}'`);
  const next = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, next < 0 ? undefined : next);
  const labels: string[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('|') || line.startsWith('|---')) continue;
    const cells = line.split('|').slice(1, -1);
    const printed = cells[cells.length - 1] ?? '';
    for (const match of printed.matchAll(/`([^`]+)`/g)) labels.push(match[1]!);
  }
  return labels;
}

const tamilLetters = /[\u0B80-\u0BFF]/;
const latinLetters = /[A-Za-z]/;

/** The labels of `labels` the paper does not print, each checked to be written in both languages. */
async function missingLabels(paper: Locator, labels: string[]): Promise<string[]> {
  const text = ((await paper.textContent()) ?? '').replace(/\s+/g, ' ');
  return labels.filter(
    (label) => !(latinLetters.test(label) && tamilLetters.test(label) && text.includes(label)),
  );
}

/** Counts window.print instead of opening the dialog. */
async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { prints: number }).prints = 0;
    window.print = () => {
      (window as unknown as { prints: number }).prints += 1;
    };
  });
}

async function printTwice(page: Page, button: Locator): Promise<void> {
  for (const n of [1, 2]) {
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(n);
  }
}

/** Reloads the page with the interface in Tamil (the browser's choice; the admin has none saved). */
async function inTamil(page: Page): Promise<void> {
  await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
  await page.reload();
}

/** A pledge of Rs. 15,000 made 25 days back, with a Chain and a Ring. */
async function pledgeOf(baseUrl: string, session: SignedIn) {
  const suffix = uniqueSuffix();
  const masters = await seedPledgeMasters(baseUrl, session, {
    rateEffectiveDate: indianDay(40),
    designs: [`Chain ${suffix}`, `Ring ${suffix}`],
    customer: { customer_name: `Valli ${suffix}` },
  });
  const api = pledgeApi(baseUrl, session);
  const pledge = await api.post<{ pledge_id: number; pledge_no: string; first_month_interest: number }>(
    '/pledges/with-items',
    {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(25),
      total_loan_amount: 15000,
      document_charges: 100,
      items: [
        { jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 9.5 },
        { jewell_design_id: masters.designs[1]!.id, gross_weight: 4, net_weight: 3.75 },
      ],
    },
  );
  return { api, pledge, masters };
}

describe('the printed papers and their forms (docs/forms.md)', () => {
  const browser = useBrowser({ width: 1280, height: 900 });

  it('prints on the pawn ticket (Form F) every particular, the sum lent in words, and a reprint stamp over no text', async () => {
    const session = await signInByApi(browser.baseUrl, adminCredentials);
    const { pledge, masters } = await pledgeOf(browser.baseUrl, session);
    const labels = formLabels('Form F — pawn ticket');
    expect(labels.length).toBeGreaterThan(15);

    const page = browser.page();
    await seedStorage(page, session, 'light');
    await countPrints(page);
    await page.goto(`${browser.baseUrl}/#/pledge/print/${pledge.pledge_id}?kind=full`);
    const ticket = page.locator('article.pawn-ticket');
    await ticket.getByText(pledge.pledge_no, { exact: true }).waitFor();
    await atRest(page);
    expect(await missingLabels(ticket, labels)).toEqual([]);
    expect(await ticket.textContent()).toContain(session.company.company_name);
    expect(await ticket.textContent()).toContain(masters.customerName);
    // Form F states the sum lent in words (15,000), not the cash handed over (less interest and charges).
    expect(await ticket.getByTestId('amount-in-words').textContent()).toBe(
      amountInWords(rupeesToPaise(15000)),
    );

    // Printed twice: the reprint's stamp sits clear of the title, the form's name and every other text.
    await printTwice(page, page.getByRole('button', { name: 'Print', exact: true }));
    const stamp = ticket.getByTestId('duplicate-mark');
    await stamp.waitFor();
    expect(await stamp.textContent()).toBe('DUPLICATE / நகல்');
    await page.emulateMedia({ media: 'print' });
    expect(await boxesMeet(stamp, ticket.getByTestId('paper-title'))).toBe(false);
    expect(await boxesMeet(stamp, ticket.getByTestId('paper-form'))).toBe(false);
    expect(await textsUnderStamp(page, 'article.pawn-ticket')).toEqual([]);
    await page.screenshot({ path: join(artifactsDir, 'forms-ticket-reprint.png'), fullPage: true });
    expect(await printedSheets(page)).toBe(1);
    await page.emulateMedia({ media: 'screen' });

    // In the Tamil interface the paper keeps every particular in both languages; the words are Tamil.
    await inTamil(page);
    await ticket.getByText(pledge.pledge_no, { exact: true }).waitFor();
    await atRest(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ta');
    expect(await missingLabels(ticket, labels)).toEqual([]);
    expect(await ticket.getByTestId('amount-in-words').textContent()).toBe(
      amountInTamilWords(rupeesToPaise(15000)),
    );
    expect(await ticket.getByTestId('duplicate-mark').textContent()).toBe('DUPLICATE / நகல்');
    await page.emulateMedia({ media: 'print' });
    expect(await textsUnderStamp(page, 'article.pawn-ticket')).toEqual([]);
    await page.screenshot({ path: join(artifactsDir, 'forms-ticket-reprint-ta.png'), fullPage: true });
    expect(browser.problems()).toEqual([]);
  }, 180_000);

  it('prints on the release slip (Form H) every particular, the first month interest as interest paid, and a reprint stamp over no text', async () => {
    const session = await signInByApi(browser.baseUrl, adminCredentials);
    const { api, pledge } = await pledgeOf(browser.baseUrl, session);
    const labels = formLabels('Form H — release slip');
    expect(labels.length).toBeGreaterThan(15);
    // Paid off within its first month: the first month's interest, taken from the loan, was all it owed.
    const closedOn = indianDay(5);
    const balance = await api.get<{ total_outstanding: number; remaining_interest: number }>(
      `/pledges/${pledge.pledge_id}/balance?as_of=${closedOn}`,
    );
    expect(balance.remaining_interest).toBe(0);
    await api.post('/pledge-payments/', {
      pledge_id: pledge.pledge_id,
      payment_date: closedOn,
      payment_type: 'full_payment',
      amount: balance.total_outstanding,
      payment_method: 'cash',
      cash_limit_confirmed: true,
    });
    await api.post(`/pledges/${pledge.pledge_id}/release`, {
      receiver_kind: 'pawner',
      receiver_id_proof: 'Voter ID TN/01/234/567890',
    });

    const page = browser.page();
    await seedStorage(page, session, 'light');
    await countPrints(page);
    await page.goto(`${browser.baseUrl}/#/pledge/release-slip/${pledge.pledge_id}`);
    const slip = page.locator('article.release-slip');
    await slip.getByText(pledge.pledge_no, { exact: true }).waitFor();
    await atRest(page);
    expect(await missingLabels(slip, labels)).toEqual([]);
    expect(await slip.textContent()).toContain(session.company.company_name);
    // Interest paid = the first month's interest (taken at the start) + the receipts' interest (none).
    const interest = slip.getByTestId('slip-paid').locator('[data-line="interest"] [data-amount]');
    expect(Number(await interest.getAttribute('data-amount'))).toBe(pledge.first_month_interest);
    expect(pledge.first_month_interest).toBeGreaterThan(0);
    expect(await slip.getByTestId('slip-article-count').textContent()).toBe('2');

    await printTwice(page, page.getByRole('button', { name: 'Print', exact: true }));
    const stamp = slip.getByTestId('duplicate-mark');
    await stamp.waitFor();
    expect(await stamp.textContent()).toBe('DUPLICATE / நகல்');
    await page.emulateMedia({ media: 'print' });
    expect(await boxesMeet(stamp, slip.getByTestId('paper-title'))).toBe(false);
    expect(await textsUnderStamp(page, 'article.release-slip')).toEqual([]);
    await page.screenshot({ path: join(artifactsDir, 'forms-slip-reprint.png'), fullPage: true });
    // A slip of a few articles, with its stamp, on one A5 sheet.
    expect(await printedSheets(page)).toBe(1);
    await page.emulateMedia({ media: 'screen' });

    await inTamil(page);
    await slip.getByText(pledge.pledge_no, { exact: true }).waitFor();
    await atRest(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ta');
    expect(await missingLabels(slip, labels)).toEqual([]);
    expect(await slip.getByTestId('duplicate-mark').textContent()).toBe('DUPLICATE / நகல்');
    await page.emulateMedia({ media: 'print' });
    expect(await textsUnderStamp(page, 'article.release-slip')).toEqual([]);
    await page.screenshot({ path: join(artifactsDir, 'forms-slip-reprint-ta.png'), fullPage: true });
    expect(browser.problems()).toEqual([]);
  }, 180_000);
});
