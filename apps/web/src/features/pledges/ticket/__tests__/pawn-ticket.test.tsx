import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { murugan, pledgeView } from '@/features/pledges/list/__tests__/pledge-fixtures';
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

function openTicket({
  kind = 'full',
  ticketPrints = 0,
  handlers = {},
}: {
  kind?: string;
  ticketPrints?: number;
  handlers?: Parameters<typeof stubApi>[0];
} = {}) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = `#/pledge/print/7?kind=${kind}`;
  const print = vi.fn();
  vi.stubGlobal('print', print);
  const fetchMock = stubApi({
    'GET /api/users/me': () => jsonResponse(adminUser),
    'GET /api/pledges/7': () => jsonResponse(pledgeView({ ticket_prints: ticketPrints })),
    'GET /api/customers/41': () => jsonResponse(murugan),
    'GET /api/companies/1': () => jsonResponse(companyAnswer),
    ...handlers,
  });
  renderApp();
  return { fetchMock, print };
}

const ticket = () => screen.findByRole('article', { name: /^Pawn ticket/ });

describe('pawn ticket, Full Print', () => {
  it("carries Form F's particulars with English and Tamil labels", async () => {
    openTicket();
    const sheet = await ticket();
    await within(sheet).findByText('Sri Lakshmi Jewel Loans');
    expect(within(sheet).getByText('TN-PB-0042')).toBeInTheDocument();
    expect(within(sheet).getByRole('img', { name: 'Sri Lakshmi Jewel Loans logo' })).toHaveAttribute(
      'src',
      '/api/files/3?sig=logo',
    );
    for (const label of [
      'Pledge No / அடகு எண்',
      "Pawner's Name / அடகு வைப்பவர் பெயர்",
      'Amount Lent / கடன் தொகை',
    ]) {
      expect(sheet.querySelector(`[data-label="${label}"]`)).not.toBeNull();
    }
    for (const text of [
      'GL/2026-27/0007',
      '20/11/2026',
      '20/05/2027',
      'முருகன்',
      'C000041',
      'Rs. 48,900.00',
      'Rs. 978.00',
      'Rs. 100.00',
      'Rs. 47,822.00',
      '2% per month / மாதம்',
      '6 months / மாதங்கள் (till 20/05/2027)',
      '8.500',
      '3.250',
      'Signature of Pawner / அடகு வைப்பவர் கையொப்பம்',
    ]) {
      expect(within(sheet).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(await within(sheet).findByText('12, தெற்கு மாசி வீதி, மதுரை, Madurai - 625001')).toBeInTheDocument();
    expect(within(sheet).getByTestId('article-count')).toHaveTextContent('2');
    expect(within(sheet).getByRole('img', { name: 'Chain' })).toHaveAttribute(
      'src',
      '/api/files/90?exp=1&sig=abc',
    );
  });

  it('writes the amount lent in words, the Indian way, and keeps the cash paid out in figures', async () => {
    openTicket();
    // Form F states the sum lent: 48,900, not the 47,822 handed over (less 978 interest and 100 charges).
    const words = await screen.findByTestId('amount-in-words');
    expect(words).toHaveTextContent('Rupees Forty Eight Thousand Nine Hundred Only');
    expect(words.closest('[data-label]')).toHaveAttribute(
      'data-label',
      'Amount Lent in Words / கடன் தொகை எழுத்தில்',
    );
    const sheet = await ticket();
    expect(sheet.querySelector('[data-label="Amount Lent / கடன் தொகை"]')).toHaveTextContent('Rs. 48,900.00');
    expect(sheet.querySelector('[data-label="Amount Paid Out / வழங்கிய தொகை"]')).toHaveTextContent(
      'Rs. 47,822.00',
    );
  });

  it('sets the DUPLICATE stamp in its own room under the title and the form name, not over them', async () => {
    openTicket({ ticketPrints: 1 });
    const stamp = await screen.findByTestId('duplicate-mark');
    const column = stamp.parentElement as HTMLElement;
    const order = [...column.children].map((el) => el.getAttribute('data-testid'));
    expect(order).toEqual(['paper-title', 'paper-form', 'duplicate-mark']);
    expect(stamp.className).not.toMatch(/\babsolute\b/);
  });

  it('is not marked DUPLICATE before its first print', async () => {
    openTicket({ ticketPrints: 0 });
    await ticket();
    expect(screen.queryByTestId('duplicate-mark')).not.toBeInTheDocument();
  });

  it('is marked DUPLICATE when a ticket was printed before', async () => {
    openTicket({ ticketPrints: 1 });
    expect(await screen.findByTestId('duplicate-mark')).toHaveTextContent('DUPLICATE / நகல்');
  });
});

describe('pawn ticket, Print', () => {
  it('records the print on the server, then prints; the reprint carries DUPLICATE on the paper', async () => {
    let prints = 0;
    const { fetchMock, print } = openTicket({
      handlers: {
        'POST /api/pledges/7/ticket-prints': () => {
          prints += 1;
          return jsonResponse({ ticket_prints: prints, duplicate: prints > 1 });
        },
      },
    });
    const marksAtPrint: boolean[] = [];
    print.mockImplementation(() => marksAtPrint.push(screen.queryByTestId('duplicate-mark') !== null));
    const user = userEvent.setup();
    await ticket();
    const button = screen.getByRole('button', { name: 'Print' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
    screen.getByRole('button', { name: 'Print' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));

    expect(marksAtPrint).toEqual([false, true]);
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => String(url))).toEqual([
      '/api/pledges/7/ticket-prints',
      '/api/pledges/7/ticket-prints',
    ]);
  });

  it('prints from Ctrl+P through the same path, so the print is counted', async () => {
    const { fetchMock, print } = openTicket({
      handlers: {
        'POST /api/pledges/7/ticket-prints': () => jsonResponse({ ticket_prints: 1, duplicate: false }),
      },
    });
    const user = userEvent.setup();
    await ticket();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
    await user.keyboard('{Control>}p{/Control}');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/ticket-prints') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('does not print when the print cannot be recorded, and says why', async () => {
    const { print } = openTicket({
      handlers: {
        'POST /api/pledges/7/ticket-prints': () => jsonResponse({ detail: 'Pledge not found' }, 404),
      },
    });
    const user = userEvent.setup();
    await ticket();
    const button = screen.getByRole('button', { name: 'Print' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    // One toast, the page's own.
    expect(await screen.findAllByText('Pledge not found')).toHaveLength(1);
    expect(screen.getByText('Print Error')).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
  });

  it('sets the printed page size from the paper chosen, A5 unless A4 is chosen', async () => {
    openTicket();
    const user = userEvent.setup();
    const sheet = await ticket();
    expect(sheet).toHaveAttribute('data-paper', 'A5');
    expect(document.querySelector('style')?.textContent ?? '').toContain('size: A5');
    await user.click(screen.getByRole('radio', { name: 'A4' }));
    expect(sheet).toHaveAttribute('data-paper', 'A4');
    expect(
      Array.from(document.querySelectorAll('style')).some((s) => s.textContent?.includes('size: A4')),
    ).toBe(true);
  });
});

describe('pawn ticket, Content Only', () => {
  it('keeps the values where the full ticket has them but draws no label, header or signature line', async () => {
    openTicket({ kind: 'content' });
    const sheet = await ticket();
    expect(sheet).toHaveAttribute('data-kind', 'content');
    expect(sheet).toHaveClass('ticket-content-only');
    // The values print.
    expect(within(sheet).getByText('GL/2026-27/0007')).toBeVisible();
    expect(within(sheet).getByTestId('amount-in-words')).toHaveTextContent(
      'Rupees Forty Eight Thousand Nine',
    );
    // Every label keeps its room but is not drawn.
    const label = within(sheet).getByText('Pledge No');
    expect(label.closest('.invisible')).not.toBeNull();
    expect(within(sheet).getByText('Sri Lakshmi Jewel Loans').closest('header')).toHaveClass('invisible');
  });
});

describe("pawn ticket, the pawner's photograph", () => {
  const PHOTO = '/api/files/77?exp=1&sig=photo';
  const withPhoto = { 'GET /api/customers/41': () => jsonResponse({ ...murugan, photo: PHOTO }) };
  const recorded = {
    'POST /api/pledges/7/ticket-prints': () => jsonResponse({ ticket_prints: 1, duplicate: false }),
  };

  it('prints the photograph beside the name, and prints only once it has loaded', async () => {
    const { print } = openTicket({ handlers: { ...withPhoto, ...recorded } });
    const sheet = await ticket();
    const photo = await within(sheet).findByRole('img', { name: 'Photograph of முருகன்' });
    expect(photo).toHaveAttribute('src', PHOTO);
    // In the pawner's box, beside the name.
    const pawner = sheet.querySelector('[data-label="Pawner\'s Name / அடகு வைப்பவர் பெயர்"]');
    expect(pawner).toContainElement(photo);
    expect(pawner).toHaveTextContent('முருகன்');
    // Not yet loaded: Print waits, and Ctrl+P prints nothing.
    const button = screen.getByRole('button', { name: 'Print' });
    expect(screen.getByTestId('photo-state')).toHaveTextContent("Loading the pawner's photograph...");
    expect(button).toBeDisabled();
    const user = userEvent.setup();
    await user.keyboard('{Control>}p{/Control}');
    expect(print).not.toHaveBeenCalled();

    fireEvent.load(photo);
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByTestId('photo-state')).toBeNull();
    await user.click(button);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('prints without the photograph when it cannot be loaded, and says so on screen', async () => {
    const { print } = openTicket({ handlers: { ...withPhoto, ...recorded } });
    const sheet = await ticket();
    fireEvent.error(await within(sheet).findByTestId('pawner-photo'));
    expect(await screen.findByTestId('photo-state')).toHaveTextContent(
      "The pawner's photograph could not be loaded: the ticket prints without it.",
    );
    const button = screen.getByRole('button', { name: 'Print' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('draws no empty box when the customer has no photograph, and does not wait for one', async () => {
    openTicket({ handlers: recorded });
    const sheet = await ticket();
    await within(sheet).findByText('12, தெற்கு மாசி வீதி, மதுரை, Madurai - 625001');
    expect(within(sheet).queryByTestId('pawner-photo')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
    expect(screen.queryByTestId('photo-state')).toBeNull();
  });

  it('prints no photograph on Content Only, the stationery having no place for it', async () => {
    openTicket({ kind: 'content', handlers: { ...withPhoto, ...recorded } });
    const sheet = await ticket();
    await within(sheet).findByText('12, தெற்கு மாசி வீதி, மதுரை, Madurai - 625001');
    expect(within(sheet).queryByTestId('pawner-photo')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
  });
});
