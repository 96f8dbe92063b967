/**
 * Renewal with a top-up on the real server (PGlite; the
 * server suites run its API on both databases): from a pledge's detail, 'Renew / Top-up' opens the screen; the clerk keeps
 * the article and raises the loan, the live preview says the cash to hand over, the save links to the
 * new pawn ticket, and both pledges point at each other.
 *
 * The figures: 10 g at 6,000 a gram, 75 % lendable (eligible 45,000); a loan of 40,000 at 1.5 % taken
 * 45 days ago owes 40,000 + 300 interest (1.5 months, 900, less the first month's 600). Renewed today
 * at 45,000 (first month 675, document charges 100): final amount 44,225, so 3,925 goes to the customer.
 */
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { useBrowser } from './support.ts';
import { describeViolations, seedStorage, seriousViolations, signInByApi } from './walk.ts';

interface StoredPledge {
  pledge_id: number;
  pledge_no: string;
  status: string;
  closed_date: string | null;
  total_loan_amount: number;
  final_amount: number;
}

describe('renewal with a top-up', () => {
  // axe-core is injected as an inline script, which the app's CSP refuses: bypassed here only.
  const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });

  it('renews a pledge with a top-up from its detail and prints the new ticket', async () => {
    const session = await signInByApi(browser.baseUrl, adminCredentials);
    const suffix = uniqueSuffix();
    const masters = await seedPledgeMasters(browser.baseUrl, session, {
      rateEffectiveDate: indianDay(60),
      designs: [`Kasu Mala ${suffix}`],
      customer: { customer_name: `Meenakshi ${suffix}` },
    });
    const api = pledgeApi(browser.baseUrl, session);
    const old = await api.post<StoredPledge>('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(45),
      total_loan_amount: 40000,
      cash_limit_confirmed: true,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 10 }],
    });

    const page = browser.page();
    await seedStorage(page, session, 'light');
    await page.goto(`${browser.baseUrl}/#/pledges?view=${old.pledge_id}`);
    const detail = page.getByRole('dialog');
    await detail.getByRole('link', { name: 'Renew / Top-up' }).click();
    await page.getByRole('heading', { name: 'Renew / Top-up', level: 1 }).waitFor();
    expect(page.url()).toContain(`#/pledge/renew/${old.pledge_id}`);

    const statement = page.getByTestId('renewal-cash-statement');
    // The loan as it stands: 40,000 less 600 and 100 against 40,300 owed.
    await expect.poll(() => statement.textContent()).toBe('Collect Rs. 1,000.00 from the customer in cash.');
    const loan = page.getByLabel('New Loan Amount');
    const save = page.getByRole('button', { name: 'Save Renewal' });
    expect(await save.isEnabled()).toBe(true);
    await loan.fill('45000');
    // The panel still shows the figures of 40,000 for a moment; Save waits for the
    // figures of 45,000 (the preview is asked 350 ms after the typing stops).
    expect(await save.isDisabled()).toBe(true);
    await expect.poll(() => statement.textContent()).toBe('Pay Rs. 3,925.00 to the customer in cash.');
    await expect.poll(() => save.isEnabled()).toBe(true);
    const panel = page.getByRole('complementary', { name: 'Renewal preview' });
    expect(await panel.textContent()).toContain('40,300.00');
    expect(await panel.textContent()).toContain('44,225.00');
    expect(await panel.getByRole('table', { name: 'Payment of the new loan' }).textContent()).toContain(
      'Renewal Clearing',
    );
    const found = describeViolations('renew screen', await seriousViolations(page));

    await save.click();
    const newNo = page.getByTestId('renewal-new-pledge-no');
    await newNo.waitFor({ timeout: 15_000 }).catch(async () => {
      throw new Error(`not saved: ${await page.getByRole('alert').allTextContents()}`);
    });
    const newPledgeNo = (await newNo.textContent())!.trim();
    expect(newPledgeNo).not.toBe(old.pledge_no);
    expect(await page.getByTestId('renewal-saved-cash').textContent()).toBe(
      'Pay Rs. 3,925.00 to the customer in cash.',
    );
    found.push(...describeViolations('renewal saved', await seriousViolations(page)));

    // Both pledges, linked both ways.
    const links = await api.get<{ renewed_to: { pledge_id: number; pledge_no: string } | null }>(
      `/pledges/${old.pledge_id}/renewals`,
    );
    expect(links.renewed_to?.pledge_no).toBe(newPledgeNo);
    const newId = links.renewed_to!.pledge_id;
    expect(await api.get<StoredPledge>(`/pledges/${old.pledge_id}`)).toMatchObject({
      status: 'inactive',
      closed_date: indianDay(0),
    });
    expect(await api.get<StoredPledge>(`/pledges/${newId}`)).toMatchObject({
      pledge_no: newPledgeNo,
      status: 'active',
      total_loan_amount: 45000,
      final_amount: 44225,
    });
    const back = await api.get<{ renewed_from: { pledge_no: string } | null }>(`/pledges/${newId}/renewals`);
    expect(back.renewed_from?.pledge_no).toBe(old.pledge_no);

    // The new pawn ticket.
    await page.getByRole('link', { name: 'Print new pawn ticket' }).click();
    const ticket = page.getByRole('article', { name: 'Pawn ticket' });
    await ticket.waitFor();
    expect(page.url()).toContain(`#/pledge/print/${newId}?kind=full`);
    expect(await ticket.getByText(newPledgeNo, { exact: true }).isVisible()).toBe(true);
    expect(await ticket.textContent()).toContain('45,000');
    expect(found).toEqual([]);
    expect(browser.problems()).toEqual([]);
  }, 180_000);

  it('asks for a reason before a kept article weighed heavier than stored is renewed, and keeps it', async () => {
    const session = await signInByApi(browser.baseUrl, adminCredentials);
    const suffix = uniqueSuffix();
    const masters = await seedPledgeMasters(browser.baseUrl, session, {
      rateEffectiveDate: indianDay(60),
      designs: [`Vanki ${suffix}`],
      customer: { customer_name: `Valli ${suffix}` },
    });
    const api = pledgeApi(browser.baseUrl, session);
    const old = await api.post<StoredPledge>('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(45),
      total_loan_amount: 40000,
      cash_limit_confirmed: true,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 10 }],
    });
    const page = browser.page();
    await seedStorage(page, session, 'light');
    await page.goto(`${browser.baseUrl}/#/pledge/renew/${old.pledge_id}`);
    await page.getByRole('heading', { name: 'Renew / Top-up', level: 1 }).waitFor();
    const statement = page.getByTestId('renewal-cash-statement');
    await expect.poll(() => statement.textContent()).toBe('Collect Rs. 1,000.00 from the customer in cash.');

    // Weighed 12 g where the pledge says 10 g: the eligible loan grows, an approval is wanted.
    await page.getByLabel(`Gross weight of Vanki ${suffix}`).fill('12');
    await page.getByLabel(`Net weight of Vanki ${suffix}`).fill('12');
    await page.getByLabel('New Loan Amount').fill('50000');
    const approval = page.getByRole('group', { name: 'Weight increase: admin approval' });
    await approval.waitFor();
    expect(
      await page
        .getByText(
          `Vanki ${suffix}: Heavier than the 10.000 g / 10.000 g stored: gold does not gain weight, so this needs a reason and an admin's approval.`,
        )
        .isVisible(),
    ).toBe(true);
    const save = page.getByRole('button', { name: 'Save Renewal' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await approval.getByText('Enter the reason for the weight increase').waitFor();
    const found = describeViolations('weight approval', await seriousViolations(page));
    await approval.getByLabel('Reason for the weight increase').fill('Old ticket written as 10 g by mistake');
    await save.click();
    const newNo = page.getByTestId('renewal-new-pledge-no');
    await newNo.waitFor({ timeout: 15_000 }).catch(async () => {
      throw new Error(`not saved: ${await page.getByRole('alert').allTextContents()}`);
    });

    // The renewal keeps the reason and the approving admin, in its audit event too.
    const trail = await api.get<{ after: Record<string, unknown> }[]>(
      `/audit?entity=pledge&entity_id=${old.pledge_id}&action=renew`,
    );
    expect(trail[0]?.after).toMatchObject({
      weight_increase_reason: 'Old ticket written as 10 g by mistake',
    });
    expect(trail[0]?.after.weight_increase_approved_by).toEqual(expect.any(Number));
    expect(found).toEqual([]);
    expect(browser.problems()).toEqual([]);
  }, 180_000);
});
