/**
 * Re-pledge with a bank on the real server (PGlite; the
 * server suites run its API on both databases): from a pledge's detail the admin moves its articles to a bank of the
 * company, sees them in the At Banks register with the bank's totals, and brings them back; the books
 * keep 2200 equal to what is borrowed on articles still at a bank.
 */
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { atRest, useBrowser } from './support.ts';
import { describeViolations, seedStorage, seriousViolations, signInByApi } from './walk.ts';

interface Repledge {
  status: string;
  amount_borrowed: number;
  bank_interest: number | null;
}

describe('re-pledge with a bank', () => {
  const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });

  it('moves a pledge to a bank, finds it in the At Banks register, and brings it back', async () => {
    const session = await signInByApi(browser.baseUrl, adminCredentials);
    const suffix = uniqueSuffix();
    const masters = await seedPledgeMasters(browser.baseUrl, session, {
      rateEffectiveDate: indianDay(60),
      designs: [`Chain ${suffix}`],
      customer: { customer_name: `Meenakshi ${suffix}` },
    });
    const api = pledgeApi(browser.baseUrl, session);
    const bankName = `Karur Vysya ${suffix}`;
    const bank = await api.post<{ id: number }>('/bank-details/', {
      bank_name: bankName,
      account_holder_name: 'Sri Lakshmi Pawn Brokers',
      account_number: `7${Date.now()}`.slice(0, 15),
      ifsc_code: 'KVBL0001234',
      branch_name: 'Town Hall Road',
      account_type: 'Current',
      status: true,
    });
    const pledge = await api.post<{ pledge_id: number; pledge_no: string }>('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(20),
      total_loan_amount: 40000,
      cash_limit_confirmed: true,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10.5, net_weight: 10 }],
    });

    const page = browser.page();
    await seedStorage(page, session, 'light');
    await page.goto(`${browser.baseUrl}/#/pledges?view=${pledge.pledge_id}`);
    const detail = page.getByRole('dialog', { name: `Pledge ${pledge.pledge_no}` });
    await detail.getByText('they have not been re-pledged with a bank', { exact: false }).waitFor();

    // Move to Bank: a refused save first (no bank, no amount), then the whole form.
    await detail.getByRole('button', { name: 'Move to Bank', exact: true }).click();
    const move = page.getByRole('dialog', { name: `Move to Bank: Pledge ${pledge.pledge_no}` });
    await move.getByRole('button', { name: 'Move to Bank' }).click();
    await move.getByText('Please select a bank').waitFor();
    await move.getByLabel('Bank', { exact: true }).selectOption(String(bank.id));
    await move.getByLabel('Amount borrowed (₹)').fill('30000');
    await move.getByLabel('Bank reference').fill(`KVB/GL/${suffix}`);
    await atRest(page);
    const found = describeViolations('move dialog', await seriousViolations(page, '[role="dialog"]'));
    await move.getByRole('button', { name: 'Move to Bank' }).click();
    await move.waitFor({ state: 'detached' });
    await detail.getByText(`${bankName}, ref. KVB/GL/${suffix}`, { exact: false }).waitFor();
    await detail.getByText('At bank', { exact: true }).waitFor();
    // The open detail's History tells the move at once, its amount once.
    const history = detail.getByTestId('pledge-history');
    await history
      .getByText(`Articles re-pledged with ${bankName}: Rs. 30,000.00 borrowed (ref. KVB/GL/${suffix})`)
      .waitFor();

    // The register lists it under its bank, with the bank's totals.
    await page.goto(`${browser.baseUrl}/#/registers/at-banks?status=open&bank_id=${bank.id}`);
    const table = page.getByRole('table', { name: 'At banks register' });
    await table.getByText(pledge.pledge_no).waitFor();
    const totals = page.getByRole('table', { name: 'Totals per bank' });
    await totals.getByText(bankName).waitFor();
    expect(await totals.getByText('Rs. 30,000.00').count()).toBeGreaterThan(0);
    found.push(...describeViolations('register', await seriousViolations(page)));

    // Back from the bank with its interest, paid from the bank account.
    await page.goto(`${browser.baseUrl}/#/pledges?view=${pledge.pledge_id}`);
    await detail.getByRole('button', { name: 'Return from Bank', exact: true }).click();
    const back = page.getByRole('dialog', { name: `Return from Bank: Pledge ${pledge.pledge_no}` });
    await back.getByLabel("Bank's interest (₹)").fill('412.50');
    await back.getByText('Paid to the bank: Rs. 30,412.50').waitFor();
    await back.getByRole('button', { name: 'Return from Bank' }).click();
    await back.waitFor({ state: 'detached' });
    await detail.getByText('back on', { exact: false }).waitFor();
    await detail.getByRole('button', { name: 'Move to Bank', exact: true }).waitFor();
    // The History in the detail still open is read again: the return is there without a reload, and
    // each line reads as one sentence with its spaces.
    await history.getByText(`Articles back from ${bankName}: bank interest Rs. 412.50`).waitFor();
    const lines = await history.locator('li').allInnerTexts();
    expect(lines.filter((l) => l.includes(bankName))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\d\\d/\\d\\d/\\d{4} Articles re-pledged with ${bankName}: Rs\\. 30,000\\.00 borrowed \\(ref\\. KVB/GL/${suffix}\\) · admin$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^\\d\\d/\\d\\d/\\d{4} Articles back from ${bankName}: bank interest Rs\\. 412\\.50 · admin$`,
        ),
      ),
    ]);

    const trips = await api.get<Repledge[]>(`/pledges/${pledge.pledge_id}/bank-repledges`);
    expect(trips.map((r) => [r.status, r.amount_borrowed, r.bank_interest])).toEqual([
      ['returned', 30000, 412.5],
    ]);
    const register = await api.get<{ rows: unknown[] }>(`/bank-repledges?status=open&bank_id=${bank.id}`);
    expect(register.rows).toEqual([]);
    const books = await api.get<{ checks: { name: string; status: string }[] }>('/books/check');
    expect(
      books.checks.filter((c) => c.name.startsWith('Bank Borrowings (2200)')).map((c) => c.status),
    ).toEqual(['ok']);
    expect(found).toEqual([]);
    expect(browser.problems()).toEqual([]);
  }, 180_000);
});
