import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { history, pawnerKyc, pledgeView, releaseView } from './releases-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

function openAt(hash: string, handlers: Parameters<typeof stubApi>[0]) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = hash;
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
  return fetchMock;
}

describe('the release screen', () => {
  it('says first that the articles are at a bank, though the pledge is still open', async () => {
    openAt('#/pledge/release/7', {
      'GET /api/pledges/7': () => jsonResponse({ ...pledgeView(), closed_date: null, is_move_to_bank: true }),
      'GET /api/pledges/7/history': () =>
        jsonResponse(
          history({ closed_date: null, closed_by: null, is_move_to_bank: true, releasable: false }),
        ),
    });
    expect(
      await screen.findByText('The articles are at a bank: bring them back before releasing them.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/still open/)).not.toBeInTheDocument();
  });

  it('sends a retry after a failed answer with the same Idempotency-Key, so the articles are released once', async () => {
    let attempts = 0;
    const fetchMock = openAt('#/pledge/release/7', {
      'GET /api/pledges/7': () => jsonResponse(pledgeView()),
      'GET /api/pledges/7/history': () => jsonResponse(history()),
      'POST /api/pledges/7/release': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse({ detail: 'The server is busy. Try again.' }, 503)
          : jsonResponse(releaseView, 201);
      },
      'GET /api/pledges/7/release': () => jsonResponse(releaseView),
      'GET /api/companies/1': () => jsonResponse(mainBranch),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: /release/i });
    await user.click(within(form).getByRole('button', { name: 'Release Articles' }));
    await screen.findByText('The server is busy. Try again.');
    await user.click(within(form).getByRole('button', { name: 'Release Articles' }));
    await waitFor(() => expect(attempts).toBe(2));
    const keys = fetchMock.mock.calls
      .filter(([url, init]) => String(url).endsWith('/pledges/7/release') && init?.method === 'POST')
      .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('the release slip (Form H)', () => {
  it('prints every paid line and a total that is their sum', async () => {
    openAt('#/pledge/release-slip/7', {
      'GET /api/pledges/7/history': () => jsonResponse(history({ releasable: false, has_release: true })),
      'GET /api/pledges/7/release': () =>
        jsonResponse({
          ...releaseView,
          pledge: { ...releaseView.pledge, total_loan_amount: 18800 },
          paid: {
            principal: 18800,
            interest_paid: 5076,
            first_month_interest: 282,
            interest: 4794,
            penalty: 150,
            discount: 44,
            total: 23982,
            receipts: [],
          },
        }),
      'GET /api/companies/1': () => jsonResponse(mainBranch),
    });
    const table = await screen.findByTestId('slip-paid');
    const amount = (line: string) =>
      within(table.querySelector(`[data-line="${line}"]`) as HTMLElement).getAllByRole('cell')[1]!
        .textContent;
    expect(amount('principal')).toBe('Rs. 18,800.00');
    // Interest paid is the first month's (taken from the loan) and the receipts', shown under it.
    expect(amount('interest')).toBe('Rs. 5,076.00');
    expect(
      within(table.querySelector('[data-line="interest"]') as HTMLElement).getByText(/^Interest Paid/),
    ).toBeInTheDocument();
    const part = (name: string) =>
      within(table.querySelector(`[data-part="${name}"]`) as HTMLElement).getAllByRole('cell')[1]!
        .textContent;
    expect(part('firstMonthInterest')).toBe('(Rs. 282.00)');
    expect(part('interest')).toBe('(Rs. 4,794.00)');
    expect(amount('penalty')).toBe('Rs. 150.00');
    expect(amount('discount')).toBe('-Rs. 44.00');
    expect(within(table).getByRole('row', { name: /Total Paid/ })).toHaveTextContent('Rs. 23,982.00');
    // The printed lines add up to the printed total.
    const lines = [...table.querySelectorAll('[data-amount]')].map((c) =>
      Number(c.getAttribute('data-amount')),
    );
    const total = Number(table.querySelector('[data-total]')?.getAttribute('data-total'));
    expect(Math.round(lines.reduce((s, x) => s + x * 100, 0))).toBe(Math.round(total * 100));
  });

  it('prints the interest paid when only the first month interest was paid, taken at the start', async () => {
    openAt('#/pledge/release-slip/7', {
      'GET /api/pledges/7/history': () => jsonResponse(history({ releasable: false, has_release: true })),
      'GET /api/pledges/7/release': () =>
        jsonResponse({
          ...releaseView,
          pledge: { ...releaseView.pledge, total_loan_amount: 15000 },
          paid: {
            principal: 15000,
            interest_paid: 225,
            first_month_interest: 225,
            interest: 0,
            penalty: 0,
            discount: 0,
            total: 15225,
            receipts: [],
          },
        }),
      'GET /api/companies/1': () => jsonResponse({ ...mainBranch, licence_no: 'PB/123' }),
    });
    const slip = await screen.findByRole('article', { name: 'Release slip' });
    const row = within(slip).getByRole('row', { name: /^Interest Paid \/ செலுத்திய வட்டி/ });
    expect(row).toHaveTextContent('Rs. 225.00');
    // The Form H particulars the slip adds: the licence and the number of articles, in both languages.
    expect(within(slip).getByText(/Licence No \/ உரிம எண்/)).toHaveTextContent('PB/123');
    expect(within(slip).getByText(/Number of Articles \/ பொருட்களின் எண்ணிக்கை/)).toBeInTheDocument();
    expect(within(slip).getByTestId('slip-article-count')).toHaveTextContent('1');
  });
});

describe("the pawner's nominee on the release screen", () => {
  const handlers = (kyc: unknown = pawnerKyc()) => ({
    'GET /api/pledges/7': () => jsonResponse(pledgeView()),
    'GET /api/pledges/7/history': () => jsonResponse(history()),
    'GET /api/customers/41/kyc': () => jsonResponse(kyc),
    'POST /api/pledges/7/release': () => jsonResponse(releaseView, 201),
    'GET /api/pledges/7/release': () => jsonResponse(releaseView),
    'GET /api/companies/1': () => jsonResponse(mainBranch),
  });

  it('offers the nominee for a release to someone else, and Use the nominee fills the receiver', async () => {
    const fetchMock = openAt('#/pledge/release/7', handlers());
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: /release/i });
    // The pawner in person: no suggestion.
    expect(within(form).queryByTestId('nominee-suggestion')).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Received by'), 'legal_heir');
    const suggestion = await within(form).findByTestId('nominee-suggestion');
    expect(suggestion).toHaveTextContent('Nominee on file: Selvi Murugan (Wife), mobile 9842099999');
    await user.click(within(suggestion).getByRole('button', { name: 'Use the nominee' }));
    expect(within(form).getByLabelText("Receiver's name")).toHaveValue('Selvi Murugan');
    expect(within(form).getByLabelText('Remarks')).toHaveValue(
      'Nominee of the pawner: Wife, mobile 9842099999',
    );
    await user.type(
      within(form).getByLabelText("Legal heir's document (reference)"),
      'Legal heir certificate',
    );
    await user.click(within(form).getByRole('button', { name: 'Release Articles' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const body = JSON.parse(String(post[1]!.body));
    expect(body).toMatchObject({
      receiver_kind: 'legal_heir',
      receiver_name: 'Selvi Murugan',
      remarks: 'Nominee of the pawner: Wife, mobile 9842099999',
    });
  });

  it('keeps remarks already typed when the nominee is used', async () => {
    openAt('#/pledge/release/7', handlers());
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: /release/i });
    await user.selectOptions(within(form).getByLabelText('Received by'), 'agent');
    await user.type(within(form).getByLabelText('Remarks'), 'Came with the letter');
    await user.click(await within(form).findByRole('button', { name: 'Use the nominee' }));
    expect(within(form).getByLabelText("Receiver's name")).toHaveValue('Selvi Murugan');
    expect(within(form).getByLabelText('Remarks')).toHaveValue('Came with the letter');
  });

  it('offers nothing when the pawner has no nominee', async () => {
    openAt('#/pledge/release/7', handlers(pawnerKyc({ nominee: null })));
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: /release/i });
    await user.selectOptions(within(form).getByLabelText('Received by'), 'agent');
    await waitFor(() => expect(within(form).queryByRole('button', { name: 'Use the nominee' })).toBeNull());
    expect(within(form).queryByTestId('nominee-suggestion')).toBeNull();
  });
});

describe("the release slip, the pawner's photograph", () => {
  const slipHandlers = (kyc: () => Response) => ({
    'GET /api/pledges/7/history': () => jsonResponse(history({ releasable: false, has_release: true })),
    'GET /api/pledges/7/release': () => jsonResponse(releaseView),
    'GET /api/companies/1': () => jsonResponse(mainBranch),
    'GET /api/customers/41/kyc': kyc,
    'POST /api/pledges/7/release/slip-prints': () => jsonResponse({ slip_prints: 2, duplicate: true }),
  });

  it('prints the photograph beside the name, and prints only once it has loaded', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    openAt(
      '#/pledge/release-slip/7',
      slipHandlers(() => jsonResponse(pawnerKyc())),
    );
    const slip = await screen.findByRole('article', { name: 'Release slip' });
    const photo = await within(slip).findByRole('img', { name: 'Photograph of முருகன்' });
    expect(photo).toHaveAttribute('src', '/api/files/77?exp=1&sig=photo');
    expect(photo.parentElement).toHaveTextContent('முருகன் (C000041)');
    const button = screen.getByRole('button', { name: 'Print' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('photo-state')).toHaveTextContent("Loading the pawner's photograph...");
    fireEvent.load(photo);
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('draws no empty box when the pawner has no photograph', async () => {
    openAt(
      '#/pledge/release-slip/7',
      slipHandlers(() => jsonResponse(pawnerKyc({ photo: null }))),
    );
    const slip = await screen.findByRole('article', { name: 'Release slip' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
    expect(within(slip).queryByTestId('slip-pawner-photo')).toBeNull();
  });

  it('still prints, without the photograph, when the KYC cannot be read', async () => {
    openAt(
      '#/pledge/release-slip/7',
      slipHandlers(() => jsonResponse({ detail: 'boom' }, 500)),
    );
    const slip = await screen.findByRole('article', { name: 'Release slip' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled(), {
      timeout: 8000,
    });
    expect(within(slip).queryByTestId('slip-pawner-photo')).toBeNull();
  });

  it("says so when the photograph's image cannot be loaded, and prints without it", async () => {
    openAt(
      '#/pledge/release-slip/7',
      slipHandlers(() => jsonResponse(pawnerKyc())),
    );
    const slip = await screen.findByRole('article', { name: 'Release slip' });
    fireEvent.error(await within(slip).findByTestId('slip-pawner-photo'));
    expect(await screen.findByTestId('photo-state')).toHaveTextContent(
      "The pawner's photograph could not be loaded: the slip prints without it.",
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
  });
});
