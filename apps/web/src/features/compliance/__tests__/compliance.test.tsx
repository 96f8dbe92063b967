import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { User } from '@/lib/session-types';
import { adminUser, clerkUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { LicenceBanner } from '../components/licence-banner';
import { renderPage, settings, URL_OF } from './compliance-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const puts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('compliance settings', () => {
  it('shows the stored settings, loading first', async () => {
    stubApi({ [URL_OF]: () => jsonResponse(settings) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading compliance settings...');
    expect(await screen.findByLabelText('Regime')).toHaveValue('tn_pawnbroker');
    expect(screen.getByRole('option', { name: 'RBI-regulated lender' })).toBeInTheDocument();
    expect(screen.getByLabelText('Licence Number')).toHaveValue('TN-PB-0042');
    expect(screen.getByLabelText('Licence Expiry')).toHaveValue('31/03/2027');
    expect(screen.getByLabelText('Interest Ceiling (% per month)')).toHaveValue('2');
    expect(screen.getByLabelText('Cash Limit (₹)')).toHaveValue('20000');
    expect(screen.getByLabelText('Approval Threshold (₹)')).toHaveAccessibleDescription(
      'A discount or penalty above this needs an admin’s approval; 0 means every one',
    );
    expect(screen.getByLabelText('Up to ₹, tier 1')).toHaveValue('250000');
    expect(screen.getByText('above ₹5,00,000.00')).toBeInTheDocument();
    expect(screen.getByTestId('rbi-applies')).toHaveTextContent('Not in force for this branch');
  });

  it("refuses what the domain's schema refuses, under each field, and sends nothing", async () => {
    const fetchMock = stubApi({ [URL_OF]: () => jsonResponse(settings) });
    const user = userEvent.setup();
    renderPage();
    await user.clear(await screen.findByLabelText('Cash Limit (₹)'));
    await user.clear(screen.getByLabelText('Interest Ceiling (% per month)'));
    await user.type(screen.getByLabelText('Interest Ceiling (% per month)'), '150');
    await user.clear(screen.getByLabelText('Approval Threshold (₹)'));
    await user.type(screen.getByLabelText('Approval Threshold (₹)'), '1e3');
    await user.clear(screen.getByLabelText('Up to ₹, tier 2'));
    await user.type(screen.getByLabelText('Up to ₹, tier 2'), '200000');
    await user.clear(screen.getByLabelText('Longest term for one-sum loans (months)'));
    await user.type(screen.getByLabelText('Longest term for one-sum loans (months)'), '13.5');
    await user.click(screen.getByRole('button', { name: 'Save compliance settings' }));

    expect(screen.getByLabelText('Cash Limit (₹)')).toHaveAccessibleDescription('Enter the cash limit');
    expect(screen.getByLabelText('Interest Ceiling (% per month)')).toHaveAccessibleDescription(
      'Empty means no ceiling. Interest ceiling must be above 0 and at most 100 % a month',
    );
    expect(screen.getByLabelText('Approval Threshold (₹)')).toHaveAccessibleDescription(
      /Enter the amount in figures, like 1250.50./,
    );
    expect(screen.getByLabelText('Longest term for one-sum loans (months)')).toHaveAccessibleDescription(
      'Enter the longest term in whole months',
    );
    // The order of the tiers is checked once every number of the rules is one.
    await user.clear(screen.getByLabelText('Longest term for one-sum loans (months)'));
    await user.type(screen.getByLabelText('Longest term for one-sum loans (months)'), '12');
    await user.click(screen.getByRole('button', { name: 'Save compliance settings' }));
    expect(screen.getByLabelText('Up to ₹, tier 2')).toHaveAccessibleDescription(
      'Each tier’s upper bound must be above the one before',
    );
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('sends the settings, an empty ceiling as none, and says so', async () => {
    const fetchMock = stubApi({
      [URL_OF]: () => jsonResponse(settings),
      'PUT /api/companies/1/compliance': ({ init }) =>
        jsonResponse({ ...settings, ...JSON.parse(String(init?.body)), licence_state: 'valid' }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByLabelText('Regime'), 'rbi');
    expect(screen.getByTestId('rbi-applies')).toHaveTextContent('In force for this branch');
    await user.clear(screen.getByLabelText('Interest Ceiling (% per month)'));
    await user.selectOptions(screen.getByLabelText('Cash Limit Mode'), 'block');
    await user.clear(screen.getByLabelText('Approval Threshold (₹)'));
    await user.type(screen.getByLabelText('Approval Threshold (₹)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save compliance settings' }));

    expect(await screen.findByText('Compliance settings saved')).toBeInTheDocument();
    const [put] = puts(fetchMock);
    expect(JSON.parse(String(put![1]!.body))).toEqual({
      regime: 'rbi',
      licence_number: 'TN-PB-0042',
      licence_expiry: '2027-03-31',
      interest_ceiling: null,
      cash_limit: 20000,
      cash_limit_mode: 'block',
      approval_threshold: 0,
      rbi_rules: settings.rbi_rules,
      pan_applies: true,
      pan_threshold: 100000,
      kyc_incomplete_mode: 'warn',
    });
  });

  it('shows the PAN / Form 60 rule and the KYC mode, with the regime’s default beside', async () => {
    stubApi({ [URL_OF]: () => jsonResponse(settings) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByLabelText('PAN or Form 60 needed')).toHaveValue('yes');
    expect(screen.getByLabelText('PAN or Form 60 from (₹)')).toHaveValue('100000');
    expect(screen.getByLabelText('PAN or Form 60 from (₹)')).toHaveAccessibleDescription(
      'A new loan at or above this, alone or with the customer’s open loans, needs PAN or Form 60; 0 means every loan',
    );
    expect(screen.getByLabelText('A new pledge for a customer with incomplete KYC')).toHaveValue('warn');
    expect(screen.getByRole('option', { name: 'Refuse it' })).toHaveValue('block');
    // The server's default for the saved regime (pan_default)...
    expect(screen.getByTestId('pan-default')).toHaveTextContent(
      'For a Tamil Nadu pawnbroker, the default is PAN or Form 60 from ₹50,000.00.',
    );
    // ...and the regime's own for one chosen and not yet saved.
    await user.selectOptions(screen.getByLabelText('Regime'), 'rbi');
    expect(screen.getByTestId('pan-default')).toHaveTextContent(
      'For an RBI-regulated lender, the default is PAN or Form 60 for every loan.',
    );
    await user.selectOptions(screen.getByLabelText('Regime'), 'none');
    expect(screen.getByTestId('pan-default')).toHaveTextContent(
      'For a branch with no regime, the default is no PAN rule.',
    );
    await user.click(screen.getByRole('button', { name: 'Use the default' }));
    expect(screen.getByLabelText('PAN or Form 60 needed')).toHaveValue('no');
    expect(screen.getByLabelText('PAN or Form 60 from (₹)')).toHaveValue('50000');
  });

  it('sends the PAN rule and the KYC mode with the rest', async () => {
    const fetchMock = stubApi({
      [URL_OF]: () => jsonResponse(settings),
      'PUT /api/companies/1/compliance': ({ init }) =>
        jsonResponse({ ...settings, ...JSON.parse(String(init?.body)) }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByLabelText('PAN or Form 60 needed'), 'no');
    await user.clear(screen.getByLabelText('PAN or Form 60 from (₹)'));
    await user.type(screen.getByLabelText('PAN or Form 60 from (₹)'), '75,000.50');
    await user.selectOptions(
      screen.getByLabelText('A new pledge for a customer with incomplete KYC'),
      'block',
    );
    await user.click(screen.getByRole('button', { name: 'Save compliance settings' }));
    expect(await screen.findByText('Compliance settings saved')).toBeInTheDocument();
    const body = JSON.parse(String(puts(fetchMock)[0]![1]!.body));
    expect(body).toMatchObject({
      regime: 'tn_pawnbroker',
      cash_limit: 20000,
      pan_applies: false,
      pan_threshold: 75000.5,
      kyc_incomplete_mode: 'block',
    });

    // Switched back on, 0 asks PAN or Form 60 of every loan.
    await user.selectOptions(screen.getByLabelText('PAN or Form 60 needed'), 'yes');
    await user.clear(screen.getByLabelText('PAN or Form 60 from (₹)'));
    await user.type(screen.getByLabelText('PAN or Form 60 from (₹)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save compliance settings' }));
    await vi.waitFor(() => expect(puts(fetchMock)).toHaveLength(2));
    expect(JSON.parse(String(puts(fetchMock)[1]![1]!.body))).toMatchObject({
      pan_applies: true,
      pan_threshold: 0,
      kyc_incomplete_mode: 'block',
    });
  });

  it('refuses a PAN amount that is empty or not one, under the field, and sends nothing', async () => {
    const fetchMock = stubApi({ [URL_OF]: () => jsonResponse(settings) });
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByLabelText('PAN or Form 60 from (₹)');
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Save compliance settings' }));
    expect(box).toHaveAccessibleDescription(/Enter the amount from which PAN or Form 60 is needed$/);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.type(box, '50000.125');
    // Typing clears the message until the next save.
    expect(box).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save compliance settings' }));
    expect(box).toHaveAccessibleDescription(/Enter an amount with at most 2 decimals.$/);
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('puts the server’s 422 about the PAN amount under its field', async () => {
    stubApi({
      [URL_OF]: () => jsonResponse(settings),
      'PUT /api/companies/1/compliance': () =>
        jsonResponse(
          { detail: [{ loc: ['body', 'pan_threshold'], msg: 'PAN threshold cannot be negative' }] },
          422,
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Save compliance settings' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('PAN or Form 60 from (₹)')).toHaveAccessibleDescription(
        /PAN threshold cannot be negative$/,
      ),
    );
  });

  it("puts the server's 422 messages under the fields their loc names", async () => {
    stubApi({
      [URL_OF]: () => jsonResponse(settings),
      'PUT /api/companies/1/compliance': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'rbi_rules', 'ltv_tiers', 1, 'up_to'],
                msg: 'Each tier’s upper bound must be above the one before',
              },
              { loc: ['body', 'licence_expiry'], msg: 'Licence expiry must be a date' },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Save compliance settings' }));
    expect(await screen.findByText('Licence expiry must be a date')).toBeInTheDocument();
    expect(screen.getByLabelText('Up to ₹, tier 2')).toHaveAccessibleDescription(
      'Each tier’s upper bound must be above the one before',
    );
    expect(screen.queryByText('Compliance settings saved')).not.toBeInTheDocument();
  });

  it('adds and removes tiers before the open-ended last one, and resets to the Directions', async () => {
    const fetchMock = stubApi({
      [URL_OF]: () =>
        jsonResponse({
          ...settings,
          rbi_rules: { ...settings.rbi_rules, ltv_tiers: [{ up_to: null, percent: 70 }] },
        }),
      'PUT /api/companies/1/compliance': ({ init }) =>
        jsonResponse({ ...settings, ...JSON.parse(String(init?.body)) }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add tier' }));
    await user.type(screen.getByLabelText('Up to ₹, tier 1'), '1,00,000');
    await user.type(screen.getByLabelText('Loan-to-value %, tier 1'), '90');
    expect(screen.getByText('above ₹1,00,000.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Loan-to-value %, tier 2')).toHaveValue('70');
    await user.click(screen.getByRole('button', { name: 'Save compliance settings' }));
    await screen.findByText('Compliance settings saved');
    expect(JSON.parse(String(puts(fetchMock)[0]![1]!.body)).rbi_rules.ltv_tiers).toEqual([
      { up_to: 100000, percent: 90 },
      { up_to: null, percent: 70 },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    expect(screen.queryByLabelText('Up to ₹, tier 1')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove tier 1' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Gold coins (g)'));
    await user.click(screen.getByRole('button', { name: "Reset to the RBI Directions' numbers" }));
    const table = screen.getByRole('table', { name: 'Loan-to-value tiers' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByLabelText('Up to ₹, tier 1')).toHaveValue('250000');
    expect(screen.getByLabelText('Loan-to-value %, tier 3')).toHaveValue('75');
    expect(screen.getByLabelText('Gold coins (g)')).toHaveValue('50');
    expect(screen.getByLabelText('Days of the average rate')).toHaveValue('30');
  });
});

function renderBanner(user: User = adminUser) {
  seedSession({ user, company: mainBranch });
  return render(
    <AppProviders>
      <MemoryRouter>
        <LicenceBanner />
        <p>Page</p>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('licence banner', () => {
  it('shows nothing while the licence is valid', async () => {
    const fetchMock = stubApi({ [URL_OF]: () => jsonResponse(settings) });
    renderBanner();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await screen.findByText('Page');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('licence-banner')).not.toBeInTheDocument();
  });

  it('is amber with the sentence while the licence is expiring, with the settings link for admins', async () => {
    const message =
      'The licence TN-PB-0042 expires on 06/12/2026 (in 10 days). Renew it before then: no new pledge can be made after it expires.';
    stubApi({
      [URL_OF]: () =>
        jsonResponse({
          ...settings,
          licence_state: 'expiring',
          licence_days_left: 10,
          licence_message: message,
        }),
    });
    renderBanner();
    const banner = await screen.findByTestId('licence-banner');
    expect(banner).toHaveAttribute('data-state', 'expiring');
    expect(banner).toHaveClass('bg-amber-50');
    expect(banner).toHaveRole('status');
    expect(banner).toHaveTextContent(message);
    expect(within(banner).getByRole('link', { name: 'Compliance settings' })).toHaveAttribute(
      'href',
      '/compliance',
    );
  });

  it('is red once expired, without the link for a clerk', async () => {
    const message =
      'The licence TN-PB-0042 expired on 20/11/2026. No new pledge can be made until it is renewed.';
    stubApi({
      [URL_OF]: () =>
        jsonResponse({
          ...settings,
          licence_state: 'expired',
          licence_days_left: -7,
          licence_message: message,
        }),
    });
    renderBanner(clerkUser);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveAttribute('data-state', 'expired');
    expect(banner).toHaveClass('bg-red-50');
    expect(banner).toHaveTextContent(message);
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing when the settings cannot be read', async () => {
    const fetchMock = stubApi({});
    renderBanner();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('licence-banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
