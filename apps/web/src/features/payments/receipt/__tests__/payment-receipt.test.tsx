import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receiptView } from '@/features/payments/history/__tests__/payment-fixtures';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const companyAnswer = {
  ...mainBranch,
  company_name: 'Sri Lakshmi Jewel Loans',
  logo: '/api/files/3?sig=logo',
};

/** One receipt over three pledges of one customer, with a penalty and a discount (version 2). */
const multipleReceipt = receiptView({
  receipt_id: 22,
  receipt_no: 'R/2026-27/000022',
  kind: 'multiple',
  payment_method: 'bank_transfer',
  bank_reference: 'UTR99887766',
  remarks: 'Settled by the son',
  total_amount: 60478,
  total_penalty: 200,
  total_discount: 500.5,
  net_amount: 60177.5,
  lines: [
    {
      payment_id: 41,
      pledge_id: 7,
      pledge_no: 'GL/2026-27/0007',
      payment_type: 'interest',
      amount: 978,
      interest_amount: 978,
      principal_amount: 0,
      penalty_amount: 200,
      discount_amount: 0,
      balance_amount: 48900,
      closed_pledge: false,
    },
    {
      payment_id: 42,
      pledge_id: 8,
      pledge_no: 'GL/2026-27/0008',
      payment_type: 'partial_principal',
      amount: 9500,
      interest_amount: 500,
      principal_amount: 9000,
      penalty_amount: 0,
      discount_amount: 0,
      balance_amount: 16000,
      closed_pledge: false,
    },
    {
      payment_id: 43,
      pledge_id: 9,
      pledge_no: 'GL/2026-27/0009',
      payment_type: 'full_payment',
      amount: 50000,
      interest_amount: 1000,
      principal_amount: 49000,
      penalty_amount: 0,
      discount_amount: 500.5,
      balance_amount: 0,
      closed_pledge: true,
    },
  ],
});

function openReceipt({
  kind = 'full',
  receipt = receiptView(),
  handlers = {},
}: {
  kind?: string;
  receipt?: ReturnType<typeof receiptView>;
  handlers?: Parameters<typeof stubApi>[0];
} = {}) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = `#/pledge/receipt/${receipt.receipt_id}?kind=${kind}`;
  const print = vi.fn();
  vi.stubGlobal('print', print);
  const fetchMock = stubApi({
    'GET /api/users/me': () => jsonResponse(adminUser),
    [`GET /api/receipts/${receipt.receipt_id}`]: () => jsonResponse(receipt),
    'GET /api/companies/1': () => jsonResponse(companyAnswer),
    ...handlers,
  });
  renderApp();
  return { fetchMock, print };
}

const sheet = () => screen.findByRole('article', { name: /^Payment receipt/ });

describe('payment receipt, one pledge', () => {
  it('carries the header, the receipt, the customer and the pledge paid, with English and Tamil labels', async () => {
    openReceipt();
    expect(await screen.findByRole('heading', { name: 'Payment Receipt', level: 1 })).toBeInTheDocument();
    const paper = await sheet();
    await within(paper).findByText('Sri Lakshmi Jewel Loans');
    expect(within(paper).getByText('TN-PB-0042')).toBeInTheDocument();
    expect(within(paper).getByRole('img', { name: 'Sri Lakshmi Jewel Loans logo' })).toBeInTheDocument();
    for (const label of [
      'Receipt No / ரசீது எண்',
      'Date / தேதி',
      'Amount Received / பெற்ற தொகை',
      'In Words / எழுத்தில்',
    ]) {
      expect(paper.querySelector(`[data-label="${label}"]`)).not.toBeNull();
    }
    for (const text of [
      'R/2026-27/000021',
      '21/11/2026',
      'முருகன்',
      'C000041',
      '9842012345',
      '12, தெற்கு மாசி வீதி, Madurai',
      'GL/2026-27/0007',
      '48,900.00',
      'Rs. 978.00',
      'Cash / ரொக்கம்',
      'RCT/2026-27/0021',
      'Signature of Customer / வாடிக்கையாளர் கையொப்பம்',
    ]) {
      expect(within(paper).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(paper).getAllByTestId('receipt-line')).toHaveLength(1);
    expect(within(paper).getByTestId('amount-in-words')).toHaveTextContent(
      'Rupees Nine Hundred Seventy Eight Only',
    );
    expect(within(paper).queryByTestId('duplicate-mark')).not.toBeInTheDocument();
    expect(within(paper).queryByTestId('reversed-mark')).not.toBeInTheDocument();
  });

  it('is marked DUPLICATE when it was printed before', async () => {
    openReceipt({ receipt: receiptView({ receipt_prints: 1 }) });
    expect(await screen.findByTestId('duplicate-mark')).toHaveTextContent('DUPLICATE / நகல்');
  });

  it('is marked REVERSED once reversed, with the day and the reason', async () => {
    openReceipt({
      receipt: receiptView({
        reversed: true,
        reversed_at: '2026-11-22T06:00:00Z',
        reversed_by_username: 'admin',
        reversal_reason: 'Entered on the wrong pledge',
      }),
    });
    const paper = await sheet();
    expect(within(paper).getByTestId('reversed-mark')).toHaveTextContent('REVERSED');
    expect(within(paper).getByTestId('reversal-note')).toHaveTextContent(
      'REVERSED / திரும்பப்பெறப்பட்டது: 22/11/2026 — Entered on the wrong pledge',
    );
  });

  it('names the admin who approved its discount or penalty', async () => {
    openReceipt({ receipt: receiptView({ approved_by_username: 'admin' }) });
    const paper = await sheet();
    expect(within(paper).getByTestId('approved-by')).toHaveTextContent(
      'Approved by admin / அனுமதித்தவர்: admin',
    );
  });

  it('prints no approval line on a receipt nobody had to approve', async () => {
    openReceipt({ receipt: receiptView({ approved_by_username: null }) });
    const paper = await sheet();
    await within(paper).findByText('R/2026-27/000021');
    expect(within(paper).queryByTestId('approved-by')).not.toBeInTheDocument();
  });

  it("says 'Receipt not found' for an unknown receipt", async () => {
    openReceipt({
      handlers: { 'GET /api/receipts/21': () => jsonResponse({ detail: 'Receipt not found' }, 404) },
    });
    expect(await screen.findByText('Receipt not found', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });
});

describe('payment receipt, several pledges', () => {
  it('lists each pledge with its type, interest, principal, penalty, discount and balance after, and the totals', async () => {
    openReceipt({ receipt: multipleReceipt });
    const paper = await sheet();
    const lines = within(paper).getAllByTestId('receipt-line');
    expect(lines).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(lines[0]!)).toEqual([
      '1',
      'GL/2026-27/0007',
      'Interest / வட்டி',
      '978.00',
      '0.00',
      '200.00',
      '0.00',
      '48,900.00',
    ]);
    expect(cells(lines[1]!)).toEqual([
      '2',
      'GL/2026-27/0008',
      'Part Principal / பகுதி அசல்',
      '500.00',
      '9,000.00',
      '0.00',
      '0.00',
      '16,000.00',
    ]);
    expect(cells(lines[2]!)).toEqual([
      '3',
      'GL/2026-27/0009',
      'Full Close / முழுத் தீர்வுPledge closed / அடகு முடிந்தது',
      '1,000.00',
      '49,000.00',
      '0.00',
      '-500.50',
      '0.00',
    ]);
    expect(cells(within(paper).getByTestId('receipt-totals'))).toEqual([
      '',
      'Total / மொத்தம்',
      '2,478.00',
      '58,000.00',
      '200.00',
      '-500.50',
      '',
    ]);
    // Received: 60,478 paid + 200 penalty − 500.50 discount.
    expect(within(paper).getByTestId('amount-received')).toHaveTextContent('Rs. 60,177.50');
    expect(within(paper).getByTestId('amount-in-words')).toHaveTextContent(
      'Rupees Sixty Thousand One Hundred Seventy Seven and Fifty Paise Only',
    );
    expect(within(paper).getByText('Bank Transfer / வங்கிப் பரிமாற்றம்')).toBeInTheDocument();
    expect(within(paper).getByText('UTR99887766')).toBeInTheDocument();
    expect(within(paper).getByText('Settled by the son')).toBeInTheDocument();
  });
});

describe('payment receipt, Print', () => {
  it('records the print on the server, then prints; the reprint carries DUPLICATE on the paper', async () => {
    let prints = 0;
    const { fetchMock, print } = openReceipt({
      handlers: {
        'POST /api/receipts/21/prints': () => {
          prints += 1;
          return jsonResponse({ receipt_prints: prints, duplicate: prints > 1 });
        },
      },
    });
    const marksAtPrint: boolean[] = [];
    print.mockImplementation(() => marksAtPrint.push(screen.queryByTestId('duplicate-mark') !== null));
    const user = userEvent.setup();
    await sheet();
    const button = screen.getByRole('button', { name: 'Print' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(marksAtPrint).toEqual([false, true]);
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => String(url))).toEqual(['/api/receipts/21/prints', '/api/receipts/21/prints']);
  });

  it('does not print when the print cannot be recorded, and says why', async () => {
    const { print } = openReceipt({
      handlers: { 'POST /api/receipts/21/prints': () => jsonResponse({ detail: 'Receipt not found' }, 404) },
    });
    const user = userEvent.setup();
    await sheet();
    const button = screen.getByRole('button', { name: 'Print' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('Print Error')).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
  });
});

describe('payment receipt, Content Only', () => {
  it('keeps the values where the full receipt has them but draws no label, header or signature line', async () => {
    openReceipt({ kind: 'content', receipt: multipleReceipt });
    const paper = await sheet();
    expect(paper).toHaveAttribute('data-kind', 'content');
    expect(paper).toHaveClass('receipt-content-only');
    expect(within(paper).getByText('R/2026-27/000022')).toBeVisible();
    expect(within(paper).getByTestId('amount-in-words')).toHaveTextContent('Rupees Sixty Thousand');
    expect(within(paper).getByText('Receipt No').closest('.invisible')).not.toBeNull();
    expect((await within(paper).findByText('Sri Lakshmi Jewel Loans')).closest('header')).toHaveClass(
      'invisible',
    );
    expect(within(paper).getByText('Signature of Customer / வாடிக்கையாளர் கையொப்பம்')).toHaveClass('invisible');
  });
});

describe('payment receipt in Tamil', () => {
  it('writes the amount in Tamil words when the interface is in Tamil', async () => {
    window.localStorage.setItem('language', 'ta');
    refreshLanguage();
    openReceipt();
    const paper = await sheet();
    expect(await within(paper).findByTestId('amount-in-words')).toHaveTextContent(
      'தொள்ளாயிரத்து எழுபத்து எட்டு ரூபாய் மட்டும்',
    );
  });
});
