import { bulletTermMessage, ceilingMessage, SCHEME_MESSAGES } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { BULLET_HELP } from '../components/scheme-form-dialog';
import { schemeClashes } from '../scheme-uniqueness';
import { goldLoan, renderPage, types } from './schemes-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(dialog: HTMLElement, values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const input = within(dialog).getByLabelText(label);
    if (input.tagName === 'SELECT') await user.selectOptions(input, value);
    else {
      await user.clear(input);
      await user.type(input, value);
    }
  }
}

describe('scheme uniqueness', () => {
  const list = [goldLoan, { ...goldLoan, id: 22, scheme_name: 'Silver Saver', prefix: 'SS' }];

  it('refuses a name or prefix already used, ignoring case and spaces', () => {
    expect(schemeClashes({ scheme_name: ' gold loan REGULAR ', prefix: 'gl' }, list, null)).toEqual({
      scheme_name: SCHEME_MESSAGES.duplicateName,
      prefix: SCHEME_MESSAGES.duplicatePrefix,
    });
  });

  it('leaves out the scheme being edited', () => {
    expect(schemeClashes({ scheme_name: 'Gold Loan Regular', prefix: 'GL' }, list, 21)).toEqual({});
    expect(schemeClashes({ scheme_name: 'silver saver', prefix: 'GL' }, list, 21)).toEqual({
      scheme_name: SCHEME_MESSAGES.duplicateName,
    });
  });
});

describe('schemes screen', () => {
  it('lists schemes with interest per month, duration, loan allowed, slippage and repayment', async () => {
    stubApi({
      'GET /api/schemes/': () =>
        jsonResponse([
          goldLoan,
          { ...goldLoan, id: 22, scheme_name: 'Monthly Saver', prefix: 'MS', bullet_repayment: false },
        ]),
    });
    renderPage();
    const cell = await screen.findByText('Gold Loan Regular');
    // An answer without bullet_repayment (an older server) was repaid in one sum.
    expect(cell.closest('tr')).toHaveTextContent(
      'Gold Loan RegularGLRGLChain1.50%12 monthsOne sum75.00%2.00%Active',
    );
    expect(screen.getByText('Monthly Saver').closest('tr')).toHaveTextContent('12 monthsIn parts75.00%');
  });

  it('ticks "Repaid in one sum at the end" for a new scheme, says what it means, and sends the choice', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/schemes/': () => jsonResponse([]),
      'GET /api/jewel-types/': () => jsonResponse(types),
      'POST /api/schemes/': ({ init }) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return jsonResponse({ ...goldLoan, ...body, id: 30 + sent.length }, 201);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Add Scheme' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Scheme' });
    await within(dialog).findByRole('option', { name: 'Chain (22K)' });
    const bullet = within(dialog).getByRole('checkbox', { name: 'Repaid in one sum at the end' });
    expect(bullet).toBeChecked();
    expect(bullet).toHaveAccessibleDescription(BULLET_HELP);
    expect(BULLET_HELP).toBe(
      'Under the RBI regime its interest for the whole term counts against the loan-to-value ratio, and it may last at most 12 months.',
    );
    await fill(dialog, {
      'Scheme Name': 'Monthly Saver',
      'Short Name': 'MS',
      Prefix: 'MS',
      'Jewel Type': 'Chain (22K)',
      'Interest per month (%)': '1.25',
      'Duration (months)': '24',
      'Loan allowed (%)': '70',
      'Slippage (%)': '0',
    });
    await user.click(bullet);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Scheme created successfully.')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ scheme_name: 'Monthly Saver', bullet_repayment: false }),
    ]);
  });

  it('sends a scheme not repaid in one sum back as such when another field is edited', async () => {
    let sent: unknown;
    const monthly = { ...goldLoan, bullet_repayment: false };
    stubApi({
      'GET /api/schemes/': () => jsonResponse([monthly]),
      'GET /api/jewel-types/': () => jsonResponse(types),
      'PUT /api/schemes/21': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse({ ...monthly, slippage_percent: 1 });
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Gold Loan Regular' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Scheme' });
    await within(dialog).findByRole('option', { name: 'Chain (22K)' });
    expect(within(dialog).getByRole('checkbox', { name: 'Repaid in one sum at the end' })).not.toBeChecked();
    await fill(dialog, { 'Slippage (%)': '1' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Scheme updated successfully.')).toBeInTheDocument();
    expect(sent).toMatchObject({ slippage_percent: 1, bullet_repayment: false });
  });

  it("puts the server's compliance 422s under the interest and the duration", async () => {
    stubApi({
      'GET /api/schemes/': () => jsonResponse([goldLoan]),
      'GET /api/jewel-types/': () => jsonResponse(types),
      'PUT /api/schemes/21': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'interest_rate_per_month'],
                msg: ceilingMessage(200, 150),
                type: 'value_error',
              },
              {
                loc: ['body', 'duration_in_months'],
                msg: bulletTermMessage(18, 12),
                type: 'value_error',
              },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Gold Loan Regular' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Scheme' });
    await within(dialog).findByRole('option', { name: 'Chain (22K)' });
    await fill(dialog, { 'Interest per month (%)': '2', 'Duration (months)': '18' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(
      await within(dialog).findByText("Interest of 2% a month is above the branch's ceiling of 1.5% a month"),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Interest per month (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Duration (months)')).toHaveAccessibleDescription(
      'A loan repaid in one sum may last at most 12 months under the RBI rules; this scheme runs 18 months',
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('requires every field and a jewel type before sending anything', async () => {
    const fetchMock = stubApi({
      'GET /api/schemes/': () => jsonResponse([]),
      'GET /api/jewel-types/': () => jsonResponse(types),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Add Scheme' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Scheme' });
    await within(dialog).findByRole('option', { name: 'Chain (22K)' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of [
      'Please select a Jewel Type.',
      'Scheme name is required',
      'Short name is required',
      'Prefix is required',
      'Duration is required',
      'Interest rate per month is required (0 to 100)',
      'Loan eligibility percentage is required (above 0, up to 100)',
      'Slippage percent must be from 0 to 100',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('refuses a name and prefix already in the list (any case) without calling the server', async () => {
    const fetchMock = stubApi({
      'GET /api/schemes/': () => jsonResponse([goldLoan]),
      'GET /api/jewel-types/': () => jsonResponse(types),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Scheme' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Scheme' });
    await within(dialog).findByRole('option', { name: 'Chain (22K)' });
    await fill(dialog, {
      'Scheme Name': 'gold loan regular',
      'Short Name': 'GLR2',
      Prefix: 'gl',
      'Jewel Type': 'Chain (22K)',
      'Interest per month (%)': '1.25',
      'Duration (months)': '6',
      'Loan allowed (%)': '70',
      'Slippage (%)': '0',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(SCHEME_MESSAGES.duplicateName)).toBeInTheDocument();
    expect(within(dialog).getByText(SCHEME_MESSAGES.duplicatePrefix)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it("saves an edit that keeps the scheme's own name, with 'Scheme updated successfully.'", async () => {
    let sent: unknown;
    stubApi({
      'GET /api/schemes/': () => jsonResponse([goldLoan]),
      'GET /api/jewel-types/': () => jsonResponse(types),
      'PUT /api/schemes/21': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse({ ...goldLoan, interest_rate_per_month: 1.75 });
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Gold Loan Regular' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Scheme' });
    expect(await within(dialog).findByLabelText('Jewel Type')).toHaveDisplayValue('Chain (22K)');
    await fill(dialog, { 'Interest per month (%)': '1.75' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Scheme updated successfully.')).toBeInTheDocument();
    expect(sent).toMatchObject({
      scheme_name: 'Gold Loan Regular',
      prefix: 'GL',
      interest_rate_per_month: 1.75,
    });
  });

  it("shows the server's duplicate message under the prefix (another clerk saved it meanwhile)", async () => {
    stubApi({
      'GET /api/schemes/': () => jsonResponse([]),
      'GET /api/jewel-types/': () => jsonResponse(types),
      'POST /api/schemes/': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'prefix'],
                msg: SCHEME_MESSAGES.duplicatePrefix,
                type: 'value_error.duplicate',
              },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Add Scheme' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Scheme' });
    await within(dialog).findByRole('option', { name: 'Chain (22K)' });
    await fill(dialog, {
      'Scheme Name': 'Festival Offer',
      'Short Name': 'FO',
      Prefix: 'FO',
      'Jewel Type': 'Chain (22K)',
      'Interest per month (%)': '1',
      'Duration (months)': '3',
      'Loan allowed (%)': '80',
      'Slippage (%)': '1',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(SCHEME_MESSAGES.duplicatePrefix)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Prefix')).toHaveAttribute('aria-invalid', 'true');
  });

  it("deletes after confirmation with 'Scheme deleted successfully.'", async () => {
    stubApi({
      'GET /api/schemes/': () => jsonResponse([goldLoan]),
      'DELETE /api/schemes/21': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Gold Loan Regular' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Scheme' });
    expect(confirm).toHaveTextContent('Delete the scheme "Gold Loan Regular"?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Scheme deleted successfully.')).toBeInTheDocument();
  });
});
