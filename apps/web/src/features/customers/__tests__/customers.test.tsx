import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer, jsonResponse, type stubApi } from '@/test/helpers';
import { listAnswer, murugan, openCustomers } from './customers-fixtures';

/** The chosen image goes through the Aadhaar masking dialog: here, as a card with nothing to hide. */
async function useImageAsItIs(user: ReturnType<typeof userEvent.setup>) {
  const masking = await screen.findByRole('dialog', { name: 'Hide the Aadhaar number' });
  await user.click(
    within(masking).getByLabelText('This is not an Aadhaar card, or its number is already hidden'),
  );
  await user.click(within(masking).getByRole('button', { name: 'Use as it is' }));
}

function customerNo(n: number) {
  return {
    ...murugan,
    id: n,
    acc_code: `C${String(n).padStart(6, '0')}`,
    customer_name: `Customer ${n}`,
    id_proof: null,
  };
}

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs some src.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const listUrls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname === '/api/customers/');

async function fillRequired(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.type(within(dialog).getByLabelText('Customer Name'), 'முருகன்');
  await user.type(within(dialog).getByLabelText('Guardian Name'), 'சுப்பிரமணியன்');
  await user.type(within(dialog).getByLabelText('Mobile Number'), '9842012345');
  await user.type(within(dialog).getByLabelText('Door No'), '12');
  await user.type(within(dialog).getByLabelText('Street'), 'தெற்கு மாசி வீதி');
  await user.type(within(dialog).getByLabelText('Location'), 'மதுரை');
  await user.type(within(dialog).getByLabelText('District'), 'Madurai');
  await user.type(within(dialog).getByLabelText('Pincode'), '625001');
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'aadhaar.png', { type: 'image/png' });

describe('customers list', () => {
  it("pages on the server with 'Showing a–b of n' from X-Total-Count", async () => {
    const fetchMock = openCustomers({
      'GET /api/customers/': ({ url }) => {
        const params = new URL(url, 'http://x').searchParams;
        const skip = Number(params.get('skip'));
        const limit = Number(params.get('limit'));
        const rows = Array.from({ length: Math.min(limit, 23 - skip) }, (_, i) => customerNo(23 - skip - i));
        return listAnswer(rows, 23);
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 1–10 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–20 of 23')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–23 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Customer 1')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(await screen.findByText('Showing 1–23 of 23')).toBeInTheDocument();
    const last = listUrls(fetchMock).at(-1)!;
    expect(last.searchParams.get('skip')).toBe('0');
    expect(last.searchParams.get('limit')).toBe('25');
  });

  it('keeps the count with the rows on screen while the next page loads', async () => {
    const nextPage = heldAnswer<void>();
    openCustomers({
      'GET /api/customers/': async ({ url }) => {
        const skip = Number(new URL(url, 'http://x').searchParams.get('skip'));
        if (skip > 0) await nextPage.hold();
        const rows = Array.from({ length: Math.min(10, 23 - skip) }, (_, i) => customerNo(23 - skip - i));
        return listAnswer(rows, 23);
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 1–10 of 23')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Updating...')).toBeInTheDocument();
    // The first page is still shown, and so is its count.
    expect(screen.getByText('Customer 23')).toBeInTheDocument();
    expect(screen.getByText(/^Showing 1–10 of 23/)).toBeInTheDocument();
    await nextPage.release();
    expect(await screen.findByText('Showing 11–20 of 23')).toBeInTheDocument();
  });

  it('searches on the server after a pause in typing, from the first page', async () => {
    const fetchMock = openCustomers({
      'GET /api/customers/': ({ url }) => {
        const search = new URL(url, 'http://x').searchParams.get('search');
        return search ? listAnswer([murugan], 1) : listAnswer([customerNo(1)], 1);
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Customer 1');
    await user.type(screen.getByLabelText('Search customers'), 'முரு');
    expect(await screen.findByText('முருகன்')).toBeInTheDocument();
    const searches = listUrls(fetchMock).filter((u) => u.searchParams.has('search'));
    // One request for the whole word, not one per key.
    expect(searches.map((u) => u.searchParams.get('search'))).toEqual(['முரு']);
  });

  it('says when nothing matches, and when the list cannot be fetched', async () => {
    let fail = false;
    openCustomers({
      'GET /api/customers/': () => (fail ? jsonResponse({ detail: 'boom' }, 500) : listAnswer([], 0)),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No customers yet.')).toBeInTheDocument();
    fail = true;
    await user.type(screen.getByLabelText('Search customers'), 'zz');
    expect(await screen.findByText('Failed to fetch customers.', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('shows every field and the ID proof image in the detail modal', async () => {
    openCustomers({ 'GET /api/customers/': () => listAnswer([murugan], 1) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View முருகன் C000041' }));
    const dialog = screen.getByRole('dialog', { name: 'Customer Details' });
    for (const text of ['C000041', 'முருகன்', 'சுப்பிரமணியன்', '9842012345', 'தெற்கு மாசி வீதி', '625001']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    // 20:00 UTC on the 20th is already the 21st in India.
    expect(within(dialog).getByText('21/11/2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'ID proof of முருகன்' })).toHaveAttribute(
      'src',
      '/api/files/7?exp=1&sig=abc',
    );
  });

  it("asks before deleting and shows the server's 409 sentence", async () => {
    const fetchMock = openCustomers({
      'GET /api/customers/': () => listAnswer([murugan], 1),
      'DELETE /api/customers/41': () =>
        jsonResponse({ detail: 'This customer has 2 pledges.', code: 'CUSTOMER_HAS_PLEDGES' }, 409),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete முருகன் C000041' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Customer' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('This customer has 2 pledges.')).toBeInTheDocument();
  });
});

describe('customer form', () => {
  it('shows the required-field messages and sends nothing', async () => {
    const fetchMock = openCustomers({ 'GET /api/customers/': () => listAnswer([], 0) });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add Customer' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Save Customer' }));
    for (const message of [
      'Customer name is required',
      'Guardian name is required',
      'Mobile number is required',
      'Door number is required',
      'Street is required',
      'Location is required',
      'District is required',
      'Pincode is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('refuses a file that is not a PNG, JPEG or WebP image before anything is sent', async () => {
    openCustomers({ 'GET /api/customers/': () => listAnswer([], 0) });
    const user = userEvent.setup({ applyAccept: false });
    await user.click((await screen.findAllByRole('button', { name: 'Add Customer' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Customer' });
    await user.upload(
      within(dialog).getByLabelText('ID Proof (optional)'),
      new File(['%PDF'], 'aadhaar.pdf', { type: 'application/pdf' }),
    );
    expect(within(dialog).getByText('Only PNG, JPEG or WebP images are accepted.')).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('ID Proof (optional)'), big);
    expect(within(dialog).getByText('The image must be at most 5 MB.')).toBeInTheDocument();
  });

  it('saves the customer, then uploads the ID proof as multipart, then says created', async () => {
    const fetchMock = openCustomers({
      'GET /api/customers/': () => listAnswer([], 0),
      'POST /api/customers/': () => jsonResponse({ ...murugan, id_proof: null }, 201),
      'POST /api/customers/41/upload-id-proof/': () => jsonResponse(murugan),
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add Customer' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Customer' });
    await fillRequired(dialog, user);
    await user.upload(within(dialog).getByLabelText('ID Proof (optional)'), png());
    await useImageAsItIs(user);
    expect(within(dialog).getByRole('img', { name: 'Preview of the chosen ID proof' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Customer' }));
    expect(await screen.findByText('Customer has been created successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => String(url))).toEqual([
      '/api/customers/',
      '/api/customers/41/upload-id-proof/',
    ]);
    expect(JSON.parse(String(posts[0]![1]!.body))).toMatchObject({
      customer_name: 'முருகன்',
      alt_mobile_number: null,
      status: true,
    });
    const form = posts[1]![1]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('aadhaar.png');
  });

  it("says 'Customer saved, but ID proof upload failed: {detail}' and retries as an edit, not a second customer", async () => {
    let uploads = 0;
    const fetchMock = openCustomers({
      'GET /api/customers/': () => listAnswer([], 0),
      'POST /api/customers/': () => jsonResponse({ ...murugan, id_proof: null }, 201),
      'PUT /api/customers/41': () => jsonResponse({ ...murugan, id_proof: null }),
      'POST /api/customers/41/upload-id-proof/': () => {
        uploads += 1;
        return uploads === 1
          ? jsonResponse({ detail: 'Only PNG, JPEG or WebP images are accepted.', code: 'NOT_AN_IMAGE' }, 415)
          : jsonResponse(murugan);
      },
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add Customer' }))[0]!);
    let dialog = screen.getByRole('dialog', { name: 'Add Customer' });
    await fillRequired(dialog, user);
    await user.upload(within(dialog).getByLabelText('ID Proof (optional)'), png());
    await useImageAsItIs(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Customer' }));

    const message = 'Customer saved, but ID proof upload failed: Only PNG, JPEG or WebP images are accepted.';
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0));
    dialog = screen.getByRole('dialog', { name: 'Edit Customer' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByText('C000041')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Customer Name')).toHaveValue('முருகன்');
    expect(within(dialog).getByText('aadhaar.png')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Customer has been updated successfully.')).toBeInTheDocument();
    const writes = fetchMock.mock.calls.filter(
      ([, init]) => init?.method === 'POST' || init?.method === 'PUT',
    );
    expect(writes.map(([url, init]) => `${init!.method} ${String(url)}`)).toEqual([
      'POST /api/customers/',
      'POST /api/customers/41/upload-id-proof/',
      'PUT /api/customers/41',
      'POST /api/customers/41/upload-id-proof/',
    ]);
  });

  it('edits a customer without touching the stored ID proof', async () => {
    const fetchMock = openCustomers({
      'GET /api/customers/': () => listAnswer([murugan], 1),
      'PUT /api/customers/41': ({ init }) => jsonResponse({ ...murugan, ...JSON.parse(String(init?.body)) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit முருகன் C000041' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Customer' });
    expect(within(dialog).getByRole('img', { name: 'Current ID proof' })).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Pincode'));
    await user.type(within(dialog).getByLabelText('Pincode'), '625002');
    await user.click(within(dialog).getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Customer has been updated successfully.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    const body = JSON.parse(String(put[1]!.body));
    expect(body.pincode).toBe('625002');
    expect(body).not.toHaveProperty('id_proof');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('upload-id-proof'))).toBe(false);
  });

  it("puts the server's 422 messages under the fields", async () => {
    openCustomers({
      'GET /api/customers/': () => listAnswer([], 0),
      'POST /api/customers/': () =>
        jsonResponse(
          { detail: [{ loc: ['body', 'pincode'], msg: 'Must be at most 10 characters', type: 'too_big' }] },
          422,
        ),
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add Customer' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Customer' });
    await fillRequired(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Customer' }));
    expect(await within(dialog).findByText('Must be at most 10 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Pincode')).toHaveAttribute('aria-invalid', 'true');
  });
});
