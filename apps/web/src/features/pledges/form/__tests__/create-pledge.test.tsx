import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clerkUser, jsonResponse, stubApi } from '@/test/helpers';
import {
  chooseScheme,
  customer,
  loadCustomer,
  lookupHandlers,
  pickDesign,
  renderAt,
  savedOf,
  storedPledge,
  type User,
} from './pledge-form-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const addItem = () => screen.getByRole('button', { name: 'Add Item' });
const loanField = () => screen.getByLabelText('Final Loan Amount') as HTMLInputElement;

/** The worked example: 10.5 g and 8.25 g net of gold at 6,000 a gram, 75 %, 1.5 %, loan 48,000. */
async function enterWorkedExample(user: User) {
  await loadCustomer(user);
  await chooseScheme(user);
  await waitFor(() => expect(addItem()).toBeEnabled());
  await user.click(addItem());
  await pickDesign(user, 1, 'Ring');
  await user.type(screen.getByLabelText('Gross weight in grams, row 1'), '10.5');
  await user.click(addItem());
  await pickDesign(user, 2, 'Chain');
  await user.type(screen.getByLabelText('Gross weight in grams, row 2'), '8.5');
  const net2 = screen.getByLabelText('Net weight in grams, row 2');
  await user.clear(net2);
  await user.type(net2, '8.25');
  await user.type(loanField(), '48000');
}

describe('create pledge: the customer', () => {
  it('looks the customer up by code when the field is left, and shows name, mobile and address', async () => {
    const fetchMock = stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    const card = screen.getByTestId('customer-card');
    expect(card).toHaveTextContent('Lakshmi Narayanan');
    expect(card).toHaveTextContent('9876543210');
    expect(card).toHaveTextContent('12, North Car Street, Town Hall, Madurai');
    const search = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((u) => u.includes('/api/customers/?'));
    expect(new URL(search!, 'http://x').searchParams.get('search')).toBe('C000123');
  });

  it('takes the numeric id too', async () => {
    const fetchMock = stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await user.type(screen.getByLabelText('Customer ID'), '5');
    await user.tab();
    expect(await screen.findByTestId('customer-card')).toHaveTextContent('Lakshmi Narayanan');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/customers/5'))).toBe(true);
  });

  it("says 'Customer not found' under the field when no customer has that code or id", async () => {
    stubApi({
      ...lookupHandlers(),
      'GET /api/customers/': () => jsonResponse([{ ...customer, acc_code: 'C0001234' }]),
      'GET /api/customers/77': () => jsonResponse({ detail: 'Customer not found' }, 404),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    const field = screen.getByLabelText('Customer ID');
    await user.type(field, 'C000123');
    await user.tab();
    expect(await screen.findByText('Customer not found')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, '77');
    await user.tab();
    expect(await screen.findByText('Customer not found')).toBeInTheDocument();
    expect(screen.queryByTestId('customer-card')).toBeNull();
  });

  it('finds the customer by name through the search dropdown', async () => {
    stubApi({
      ...lookupHandlers(),
      'GET /api/customers/search': () =>
        jsonResponse([{ id: 5, name: 'Lakshmi Narayanan', phone: '9876543210' }]),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await user.type(screen.getByRole('combobox', { name: 'Search Customer' }), 'Laks');
    await user.click(await screen.findByRole('option', { name: /Lakshmi Narayanan/ }));
    expect(await screen.findByTestId('customer-card')).toHaveTextContent('Town Hall');
    expect(screen.getByLabelText('Customer ID')).toHaveValue('C000123');
  });
});

describe('create pledge: a walk-in customer', () => {
  const walkIn = {
    ...customer,
    id: 9,
    acc_code: 'C000124',
    customer_name: 'Murugan Selvam',
    guardian_name: 'Selvam',
    mobile_number: '9443355667',
    name: 'Murugan Selvam',
    phone: '9443355667',
  };

  async function fillCustomer(user: User) {
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Guardian Name'), 'Selvam');
    await user.type(field('Mobile Number'), '9443355667');
    await user.type(field('Door No'), '4');
    await user.type(field('Street'), 'East Street');
    await user.type(field('Location'), 'Anna Nagar');
    await user.type(field('District'), 'Madurai');
    await user.type(field('Pincode'), '625020');
    return dialog;
  }

  it('registers a customer from the search and makes the pledge for them', async () => {
    const posted: Record<string, unknown>[] = [];
    stubApi({
      ...lookupHandlers(),
      'GET /api/customers/search': () => jsonResponse([]),
      'POST /api/customers/': ({ init }) => {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(walkIn, 201);
      },
      'GET /api/customers/9': () => jsonResponse(walkIn),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await user.type(screen.getByRole('combobox', { name: 'Search Customer' }), 'Murugan Selvam');
    await user.click(await screen.findByRole('option', { name: '+ New customer "Murugan Selvam"' }));
    const dialog = await fillCustomer(user);
    // The name typed in the search is the new customer's.
    expect(within(dialog).getByLabelText('Customer Name')).toHaveValue('Murugan Selvam');
    await user.click(within(dialog).getByRole('button', { name: 'Save Customer' }));
    const card = await screen.findByTestId('customer-card');
    expect(card).toHaveTextContent('Murugan Selvam');
    expect(card).toHaveTextContent('C000124');
    expect(posted[0]).toMatchObject({ customer_name: 'Murugan Selvam', mobile_number: '9443355667' });
    expect(screen.queryByRole('dialog', { name: 'Add Customer' })).not.toBeInTheDocument();
    // The pledge goes on: the scheme is open for the new customer.
    expect(screen.getByLabelText('Scheme')).toBeEnabled();
  });

  it('opens the same form from New Customer', async () => {
    stubApi({
      ...lookupHandlers(),
      'POST /api/customers/': () => jsonResponse(walkIn, 201),
      'GET /api/customers/9': () => jsonResponse(walkIn),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await user.click(screen.getByRole('button', { name: 'New Customer' }));
    const dialog = await fillCustomer(user);
    await user.type(within(dialog).getByLabelText('Customer Name'), 'Murugan Selvam');
    await user.click(within(dialog).getByRole('button', { name: 'Save Customer' }));
    expect(await screen.findByTestId('customer-card')).toHaveTextContent('Murugan Selvam');
  });

  it('offers no new customer to a user who may handle pledges but not create customers', async () => {
    stubApi({ ...lookupHandlers(), 'GET /api/customers/search': () => jsonResponse([]) });
    const user = userEvent.setup();
    renderAt('/pledge/create', { ...clerkUser, permissions: ['pledges.handle', 'customers.read'] });
    expect(screen.queryByRole('button', { name: 'New Customer' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Search Customer' }), 'Murugan');
    expect(await screen.findByText('No matches for "Murugan".', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /New customer/ })).not.toBeInTheDocument();
  });
});

describe('create pledge: scheme and rate', () => {
  it('keeps the scheme disabled until a customer is loaded, and offers only active schemes', async () => {
    stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    const select = screen.getByLabelText('Scheme');
    expect(select).toBeDisabled();
    await loadCustomer(user);
    expect(select).toBeEnabled();
    await within(select).findByRole('option', { name: /Gold Regular/ });
    expect(within(select).queryByRole('option', { name: /Old Gold Scheme/ })).toBeNull();
  });

  it('keeps Add Item disabled until there is a rate, and says when the jewel type has none', async () => {
    stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    expect(addItem()).toBeDisabled();
    await loadCustomer(user);
    expect(addItem()).toBeDisabled();
    await chooseScheme(user, 'Silver Basic');
    expect(
      await screen.findByText("No rate found for the selected scheme's jewell type."),
    ).toBeInTheDocument();
    expect(addItem()).toBeDisabled();
    await chooseScheme(user, 'Gold Regular');
    await waitFor(() => expect(addItem()).toBeEnabled());
    expect(screen.getByTestId('rate-line')).toHaveTextContent(
      'Rate Rs. 6,000.00 per gram (Gold 22K in Jewel Rates, from 01/11/2026)',
    );
  });

  it('takes the rate in force on the pledge date, not the latest one', async () => {
    stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await chooseScheme(user);
    await waitFor(() => expect(addItem()).toBeEnabled());
    const date = screen.getByLabelText('Pledge Date');
    await user.clear(date);
    await user.type(date, '15/10/2026');
    expect(screen.getByTestId('rate-line')).toHaveTextContent(
      'Rate Rs. 5,800.00 per gram (Gold 22K in Jewel Rates, from 01/10/2026)',
    );
    // Before the first rate there is none.
    await user.clear(date);
    await user.type(date, '15/09/2026');
    expect(
      await screen.findByText("No rate found for the selected scheme's jewell type."),
    ).toBeInTheDocument();
    expect(addItem()).toBeDisabled();
  });
});

describe('create pledge: the valuation is the server’s', () => {
  /** The RBI regime's answer: the 30-day average below the previous day's rate. */
  const rbiAnswer = (rate: number) =>
    jsonResponse({
      scheme_id: 3,
      jewel_type_id: 1,
      jewel_type_name: 'Gold 22K',
      pledge_date: '2026-11-20',
      rate_per_gram: rate,
      basis: 'rbi_average',
      rate_date: '2026-11-19',
      previous_day_rate: 6000,
      average_rate: rate,
      average_days: 30,
    });

  it('values the items at the rate the server answers and says how it was chosen', async () => {
    stubApi({ ...lookupHandlers(), 'GET /api/pledges/valuation-rate': () => rbiAnswer(5800) });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterWorkedExample(user);
    expect(screen.getByTestId('rate-line')).toHaveTextContent(
      "Rate Rs. 5,800.00 per gram (RBI: the lower of the previous day's Rs. 6,000.00 and the 30-day average Rs. 5,800.00)",
    );
    // 10.5 g at 5,800, not at the morning's 6,000.
    expect(screen.getByTestId('net-value-1')).toHaveTextContent('Rs. 60,900.00');
    expect(screen.getByTestId('summary-valuation')).toHaveTextContent('Rs. 1,08,750.00');
  });

  it('turns a refused net value into a sentence with the server’s rate, and takes that rate', async () => {
    let asked = 0;
    stubApi({
      ...lookupHandlers(),
      'GET /api/pledges/valuation-rate': () => {
        asked += 1;
        return rbiAnswer(asked === 1 ? 5800 : 5700);
      },
      'POST /api/pledges/with-items': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'items', 0, 'net_value'],
                msg: 'Net value must be Rs. 59,850.00',
                type: 'value_error',
              },
              {
                loc: ['body', 'final_amount'],
                msg: 'Final amount must be Rs. 47,180.00',
                type: 'value_error',
              },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterWorkedExample(user);
    await user.click(screen.getByRole('button', { name: 'Save Pledge' }));
    expect(
      await screen.findByText(
        "The valuation changed: the server values at Rs. 5,700.00 per gram (RBI: the lower of the previous day's Rs. 6,000.00 and the 30-day average Rs. 5,700.00). The figures are updated: review them and save again.",
      ),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/items\.0|net_value|final_amount/);
    await waitFor(() => expect(screen.getByTestId('net-value-1')).toHaveTextContent('Rs. 59,850.00'));
  });
});

describe('create pledge: items and the summary', () => {
  it('shows the worked example: eligible 84,375, first month interest 720, cash handed over 47,180', async () => {
    stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterWorkedExample(user);
    // Typing the gross weight copied it to the net weight.
    expect(screen.getByLabelText('Net weight in grams, row 1')).toHaveValue('10.5');
    expect(screen.getByTestId('net-value-1')).toHaveTextContent('Rs. 63,000.00');
    expect(screen.getByTestId('net-value-2')).toHaveTextContent('Rs. 49,500.00');
    expect(screen.getByTestId('summary-items')).toHaveTextContent('2');
    expect(screen.getByTestId('summary-gross')).toHaveTextContent('19.000 g');
    expect(screen.getByTestId('summary-net')).toHaveTextContent('18.750 g');
    expect(screen.getByTestId('summary-valuation')).toHaveTextContent('Rs. 1,12,500.00');
    expect(screen.getByTestId('summary-eligible')).toHaveTextContent('Rs. 84,375.00');
    expect(screen.getByTestId('summary-slippage')).toHaveTextContent('0.380 g');
    expect(screen.getByLabelText('First Month Interest')).toHaveValue('Rs. 720.00');
    expect(screen.getByLabelText('Document Charge')).toHaveValue('100');
    expect(screen.getByTestId('summary-final')).toHaveTextContent('Rs. 47,180.00');
    // ceil((1,12,500 − 48,000) / 720) = 90 months.
    expect(screen.getByTestId('summary-liquidation')).toHaveTextContent('7 years 6 months');
    // Due date = pledge date + the scheme's 12 months.
    const date = screen.getByLabelText('Pledge Date');
    await user.clear(date);
    await user.type(date, '20/11/2026');
    expect(screen.getByLabelText('Due Date')).toHaveValue('20/11/2027');
  });

  it('refuses a loan above the eligible loan, says so, and offers the eligible loan', async () => {
    const fetchMock = stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterWorkedExample(user);
    await user.clear(loanField());
    await user.type(loanField(), '90000');
    // Never lowered behind the clerk's back: the amount stays and the field says why it cannot go.
    expect(loanField()).toHaveValue('90000');
    expect(
      screen.getByText('Loan amount cannot exceed the eligible loan of Rs. 84,375.00'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Pledge' }));
    expect(
      await screen.findByText('Please check the highlighted fields and correct the errors.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Use the eligible loan (Rs. 84,375.00)' }));
    expect(loanField()).toHaveValue('84375');
    expect(screen.queryByText('Loan amount cannot exceed the eligible loan of Rs. 84,375.00')).toBeNull();
    expect(screen.getByLabelText('First Month Interest')).toHaveValue('Rs. 1,265.63');
  });

  it('walks the row on Enter, and Enter in the last field of the last row adds a row and focuses it', async () => {
    stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await chooseScheme(user);
    await waitFor(() => expect(addItem()).toBeEnabled());
    await user.click(addItem());
    const design = screen.getByRole('combobox', { name: 'Design, row 1' });
    expect(design).toHaveFocus();
    await pickDesign(user, 1, 'Ring');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Condition, row 1')).toHaveFocus();
    await user.keyboard('Good{Enter}');
    expect(screen.getByLabelText('Gross weight in grams, row 1')).toHaveFocus();
    await user.keyboard('4.2{Enter}');
    expect(screen.getByLabelText('Net weight in grams, row 1')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Remarks, row 1')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('combobox', { name: 'Design, row 2' })).toHaveFocus();
  });

  it('selects the copied net weight when Enter lands in it, so typing replaces it', async () => {
    stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await chooseScheme(user);
    await waitFor(() => expect(addItem()).toBeEnabled());
    await user.click(addItem());
    await pickDesign(user, 1, 'Ring');
    // Tab from the design goes to the condition, not to the design's clear button.
    await user.tab();
    expect(screen.getByLabelText('Condition, row 1')).toHaveFocus();
    await user.keyboard('{Enter}12.345{Enter}');
    const net = screen.getByLabelText('Net weight in grams, row 1');
    expect(net).toHaveFocus();
    expect(net).toHaveValue('12.345');
    await user.keyboard('11.9');
    expect(net).toHaveValue('11.9');
    expect(screen.getByLabelText('Gross weight in grams, row 1')).toHaveValue('12.345');
    // The design is still chosen: no key on the way cleared it.
    expect(screen.getByRole('combobox', { name: 'Design, row 1' })).toHaveValue('Ring');
  });

  it('does not send the pledge on Enter in a field; Save Pledge does', async () => {
    const fetchMock = stubApi({
      ...lookupHandlers(),
      'POST /api/pledges/with-items': () => jsonResponse(savedOf(storedPledge), 201),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterWorkedExample(user);
    await user.type(loanField(), '{Enter}');
    await user.type(screen.getByLabelText('Document Charge'), '{Enter}');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    screen.getByRole('button', { name: 'Save Pledge' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Pledge created with 2 items')).toBeInTheDocument();
  });

  it('removes a row', async () => {
    stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterWorkedExample(user);
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(screen.getByTestId('summary-items')).toHaveTextContent('1');
    expect(screen.getByTestId('summary-valuation')).toHaveTextContent('Rs. 49,500.00');
  });
});

describe('create pledge: saving', () => {
  it("says what is missing with the spec's toast and sends nothing", async () => {
    const fetchMock = stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await user.click(screen.getByRole('button', { name: 'Save Pledge' }));
    expect(
      await screen.findByText(
        'Please select a customer, scheme, add at least one item, and ensure loan amount is positive.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Validation Error')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('names a row without a design before sending', async () => {
    const fetchMock = stubApi(lookupHandlers());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterWorkedExample(user);
    await user.click(addItem());
    await user.type(screen.getByLabelText('Gross weight in grams, row 3'), '1');
    await user.click(screen.getByRole('button', { name: 'Save Pledge' }));
    expect(await screen.findByText('Please select a design')).toBeInTheDocument();
    expect(
      screen.getByText('Please check the highlighted fields and correct the errors.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('puts a 422 message on the row it names', async () => {
    stubApi({
      ...lookupHandlers(),
      'POST /api/pledges/with-items': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'items', 1, 'net_weight'],
                msg: 'Net weight looks wrong for a chain',
                type: 'value_error',
              },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterWorkedExample(user);
    await user.click(screen.getByRole('button', { name: 'Save Pledge' }));
    expect(await screen.findByText('Net weight looks wrong for a chain')).toBeInTheDocument();
    expect(screen.getByLabelText('Net weight in grams, row 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Net weight in grams, row 1')).not.toHaveAttribute('aria-invalid');
    expect(
      screen.getByText('Please check the highlighted fields and correct the errors.'),
    ).toBeInTheDocument();
  });

  it('sends the packet number trimmed and shows the server’s message under it', async () => {
    const bodies: Record<string, unknown>[] = [];
    stubApi({
      ...lookupHandlers(),
      'POST /api/pledges/with-items': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(
          { detail: [{ loc: ['body', 'packet_no'], msg: 'Packet No. is in use', type: 'value_error' }] },
          422,
        );
      },
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterWorkedExample(user);
    await user.type(screen.getByLabelText('Packet No.'), '  PKT-12 ');
    await user.click(screen.getByRole('button', { name: 'Save Pledge' }));
    expect(await screen.findByText('Packet No. is in use')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ packet_no: 'PKT-12' });
    expect(screen.getByLabelText('Packet No.')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Packet No.'), '3');
    expect(screen.getByLabelText('Packet No.')).not.toHaveAttribute('aria-invalid');
  });

  it('posts the pledge with its figures and a key kept for a retry, toasts, resets and offers the prints', async () => {
    const bodies: { key: string | undefined; body: Record<string, unknown> }[] = [];
    let attempt = 0;
    const fetchMock = stubApi({
      ...lookupHandlers(),
      'POST /api/pledges/with-items': ({ init }) => {
        bodies.push({
          key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
          body: JSON.parse(String(init?.body)),
        });
        attempt += 1;
        if (attempt === 1) return jsonResponse({ detail: 'The server is busy, try again' }, 503);
        return jsonResponse(
          savedOf(storedPledge, [
            { code: 'LOAN_NEAR_CAP', message: 'The loan is close to the eligible loan' },
          ]),
          201,
        );
      },
      'PUT /api/pledges/40/items/101/photo': () => jsonResponse({ detail: 'Upload failed' }, 500),
    });
    const user = userEvent.setup();
    const router = renderAt('/pledge/create');
    await enterWorkedExample(user);
    const photo = new File(['x'], 'ring.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Photo, row 1'), photo);

    await user.click(screen.getByRole('button', { name: 'Save Pledge' }));
    expect(await screen.findByText('Save Error')).toBeInTheDocument();
    expect(screen.getByText('The server is busy, try again')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Pledge' }));
    expect(await screen.findByText('Pledge Created!')).toBeInTheDocument();
    expect(screen.getByText('Pledge created with 2 items')).toBeInTheDocument();
    expect(screen.getByText('The loan is close to the eligible loan')).toBeInTheDocument();

    // One key for the same body sent twice: the server answers the retry with the first pledge.
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(bodies[1]!.key).toBe(bodies[0]!.key);
    expect(bodies[1]!.body).toMatchObject({
      customer_id: 5,
      scheme_id: 3,
      total_loan_amount: 48000,
      document_charges: 100,
      first_month_interest: 720,
      final_amount: 47180,
      status: 'active',
      items: [
        { jewell_design_id: 21, gross_weight: 10.5, net_weight: 10.5, net_value: 63000 },
        { jewell_design_id: 22, gross_weight: 8.5, net_weight: 8.25, net_value: 49500 },
      ],
    });
    expect(bodies[1]!.body.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The photo went up after the save, to the first item; its failure is a warning, the pledge stays.
    expect(await screen.findByText('Photo not saved')).toBeInTheDocument();
    const upload = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/photo'));
    expect((upload![1]!.body as FormData).get('file')).toBeInstanceOf(File);

    // The form is empty again, and the dialog names the pledge.
    expect(screen.getByLabelText('Customer ID')).toHaveValue('');
    expect(screen.queryByLabelText('Gross weight in grams, row 1')).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Pledge Created' });
    expect(within(dialog).getByTestId('saved-pledge-no')).toHaveTextContent('GL7');
    await user.click(within(dialog).getByRole('button', { name: 'Full Print' }));
    expect(router.state.location.pathname).toBe('/pledge/print/40');
    expect(router.state.location.search).toBe('?kind=full');
  });
});
