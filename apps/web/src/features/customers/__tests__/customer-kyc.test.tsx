import { KYC_MESSAGES } from '@pledge-desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type stubApi } from '@/test/helpers';
import { expiredPassport, listAnswer, murugan, muruganKyc, openCustomers } from './customers-fixtures';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

type Handlers = Parameters<typeof stubApi>[0];

/** Opens Customers with Murugan and his KYC panel; `kyc` is what GET …/kyc answers at each call. */
async function openKyc(kyc: () => unknown, handlers: Handlers = {}, row: Record<string, unknown> = {}) {
  const fetchMock = openCustomers({
    'GET /api/customers/': () => listAnswer([{ ...murugan, kyc_gaps: ['photo'], ...row }], 1),
    'GET /api/customers/41/kyc': () => jsonResponse(kyc()),
    ...handlers,
  });
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: 'KYC of முருகன் C000041' }, { timeout: 8000 }));
  const dialog = await screen.findByRole('dialog', { name: 'KYC of முருகன் (C000041)' });
  await within(dialog).findByRole('status');
  return { fetchMock, user, dialog };
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).split('?')[0] === path,
  );

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'card.png', { type: 'image/png' });

describe('the KYC status on the customers list', () => {
  it('says complete, or which pieces are missing in words', async () => {
    openCustomers({
      'GET /api/customers/': () =>
        listAnswer(
          [
            { ...murugan, kyc_gaps: [] },
            {
              ...murugan,
              id: 42,
              acc_code: 'C000042',
              customer_name: 'Lakshmi',
              kyc_gaps: ['id_document', 'photo'],
            },
            { ...murugan, id: 43, acc_code: 'C000043', customer_name: 'Ravi', kyc_gaps: ['pan_or_form60'] },
          ],
          3,
        ),
    });
    expect(await screen.findByText('KYC complete', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'KYC' })).toBeInTheDocument();
    expect(screen.getByText('KYC: ID document, photo missing')).toBeInTheDocument();
    expect(screen.getByText('KYC: PAN or Form 60 missing')).toBeInTheDocument();
  });

  it('opens the KYC panel from the customer detail dialog', async () => {
    openCustomers({
      'GET /api/customers/': () =>
        listAnswer([{ ...murugan, kyc_gaps: ['pan_or_form60'], photo: '/api/files/30?sig=photo' }], 1),
      'GET /api/customers/41/kyc': () => jsonResponse(muruganKyc()),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View முருகன் C000041' }, { timeout: 8000 }));
    const details = screen.getByRole('dialog', { name: 'Customer Details' });
    expect(within(details).getByText('KYC: PAN or Form 60 missing')).toBeInTheDocument();
    expect(within(details).getByRole('img', { name: 'Photograph of முருகன்' })).toHaveAttribute(
      'src',
      '/api/files/30?sig=photo',
    );
    await user.click(within(details).getByRole('button', { name: 'KYC' }));
    const panel = await screen.findByRole('dialog', { name: 'KYC of முருகன் (C000041)' });
    expect(await within(panel).findByText('XXXX XXXX 2346')).toBeInTheDocument();
  });
});

describe('the KYC panel', () => {
  it('shows the status and the documents: kind in words, number as answered, dates, expired, images', async () => {
    const { dialog } = await openKyc(() =>
      muruganKyc({
        documents: [muruganKyc().documents[0], expiredPassport],
        gaps: ['photo', 'pan_or_form60'],
        pan_needed: true,
        open_loans: 62000,
      }),
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'KYC incomplete: photo, PAN or Form 60 missing.',
    );
    const aadhaar = within(dialog).getByRole('listitem', { name: 'Aadhaar XXXX XXXX 2346' });
    const front = within(aadhaar).getByRole('img', { name: 'Front of the Aadhaar' });
    expect(front.closest('a')).toHaveAttribute('href', '/api/files/21?exp=1&sig=front');
    expect(within(aadhaar).getByText('No image')).toBeInTheDocument();
    expect(within(aadhaar).queryByText('Expired')).not.toBeInTheDocument();
    const passport = within(dialog).getByRole('listitem', { name: 'Passport J8369854' });
    expect(within(passport).getByText('Expired')).toBeInTheDocument();
    expect(within(passport).getByText('Issued 01/01/2015 · Expires 01/01/2025')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Needed: the open loans of Rs. 62,000.00 are at or above Rs. 50,000.00.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('No photograph yet')).toBeInTheDocument();
  });

  it('says so when the KYC cannot be fetched, and fetches it again', async () => {
    let fail = true;
    openCustomers({
      'GET /api/customers/': () => listAnswer([murugan], 1),
      'GET /api/customers/41/kyc': () =>
        fail
          ? jsonResponse({ detail: 'boom' }, 500)
          : jsonResponse(muruganKyc({ gaps: [], status: 'complete' })),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'KYC of முருகன் C000041' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'KYC of முருகன் (C000041)' });
    expect(await within(dialog).findByText('boom', {}, { timeout: 8000 })).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('KYC complete: nothing is missing.');
  });

  it('adds a document: posts the body, shows the answer and refreshes the list', async () => {
    const pan = {
      ...expiredPassport,
      id: 9,
      kind: 'pan',
      number: 'ABCDE1234F',
      issued_on: null,
      expires_on: null,
      expired: false,
    };
    let added = false;
    const { fetchMock, user, dialog } = await openKyc(
      () => muruganKyc(added ? { documents: [muruganKyc().documents[0], pan] } : {}),
      {
        'POST /api/customers/41/id-documents': () => {
          added = true;
          return jsonResponse(pan, 201);
        },
      },
    );
    const listCalls = calls(fetchMock, 'GET', '/api/customers/').length;
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'PAN card');
    expect(within(dialog).queryByLabelText('Issue date')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Number'), 'ABCDE1234F');
    await user.click(within(dialog).getByRole('button', { name: 'Add document' }));
    expect(await within(dialog).findByRole('listitem', { name: 'PAN card ABCDE1234F' })).toBeInTheDocument();
    expect(await screen.findByText('The ID document is added.')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/customers/41/id-documents');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ kind: 'pan', number: 'ABCDE1234F' });
    expect(String(post![0])).not.toContain('confirm_duplicate');
    // The form is empty again, and the list is fetched again for its KYC column.
    expect(within(dialog).getByLabelText('Number')).toHaveValue('');
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/customers/').length).toBeGreaterThan(listCalls));
  });

  it('sends the issue and expiry dates of a passport', async () => {
    const { fetchMock, user, dialog } = await openKyc(() => muruganKyc(), {
      'POST /api/customers/41/id-documents': () => jsonResponse({ ...expiredPassport, expired: false }, 201),
    });
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Passport');
    await user.type(within(dialog).getByLabelText('Number'), 'J8369854');
    await user.type(within(dialog).getByLabelText('Issue date'), '01/02/2020');
    await user.type(within(dialog).getByLabelText('Expiry date'), '01/01/2020');
    await user.click(within(dialog).getByRole('button', { name: 'Add document' }));
    expect(await within(dialog).findByText(KYC_MESSAGES.expiryBeforeIssue)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Expiry date'));
    await user.type(within(dialog).getByLabelText('Expiry date'), '31/01/2030');
    await user.click(within(dialog).getByRole('button', { name: 'Add document' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/customers/41/id-documents')).toHaveLength(1));
    const [post] = calls(fetchMock, 'POST', '/api/customers/41/id-documents');
    expect(JSON.parse(String(post![1]!.body))).toEqual({
      kind: 'passport',
      number: 'J8369854',
      issued_on: '2020-02-01',
      expires_on: '2030-01-31',
    });
  });

  it('refuses a bad PAN with the schema’s own sentence, without a request', async () => {
    const { fetchMock, user, dialog } = await openKyc(() => muruganKyc());
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'PAN card');
    await user.type(within(dialog).getByLabelText('Number'), 'ABCDE12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add document' }));
    expect(await within(dialog).findByText(KYC_MESSAGES.panFormat)).toBeInTheDocument();
    // No kind chosen: the schema's sentence for that too.
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Choose the kind');
    await user.click(within(dialog).getByRole('button', { name: 'Add document' }));
    expect(await within(dialog).findByText(KYC_MESSAGES.kindChoice)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/customers/41/id-documents')).toHaveLength(0);
  });

  it('asks "Save anyway?" on a probable duplicate and sends again with confirm_duplicate=true', async () => {
    const pan = {
      ...expiredPassport,
      id: 9,
      kind: 'pan',
      number: 'ABCDE1234F',
      issued_on: null,
      expires_on: null,
      expired: false,
    };
    const { fetchMock, user, dialog } = await openKyc(() => muruganKyc(), {
      'POST /api/customers/41/id-documents': ({ url }) =>
        url.includes('confirm_duplicate=true')
          ? jsonResponse(pan, 201)
          : jsonResponse(
              {
                detail: 'Customer C000007 Ravi has the same PAN. Save anyway?',
                code: 'PROBABLE_DUPLICATE',
                existing: { id: 7, customer_code: 'C000007', customer_name: 'Ravi' },
                message_code: 'kyc.duplicatePan',
                message_params: { code: 'C000007', name: 'Ravi' },
              },
              409,
            ),
    });
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'PAN card');
    await user.type(within(dialog).getByLabelText('Number'), 'ABCDE1234F');
    await user.click(within(dialog).getByRole('button', { name: 'Add document' }));
    const ask = await screen.findByRole('dialog', { name: 'Possible Duplicate Customer' });
    expect(ask).toHaveTextContent('Customer C000007 Ravi has the same PAN. Save anyway?');
    await user.click(within(ask).getByRole('button', { name: 'Save Anyway' }));
    expect(await screen.findByText('The ID document is added.')).toBeInTheDocument();
    const posts = calls(fetchMock, 'POST', '/api/customers/41/id-documents');
    expect(posts).toHaveLength(2);
    expect(new URL(String(posts[1]![0]), 'http://x').searchParams.get('confirm_duplicate')).toBe('true');
    expect(JSON.parse(String(posts[1]![1]!.body))).toEqual({ kind: 'pan', number: 'ABCDE1234F' });
  });

  it('shows the other refusals with their sentence, keeping what was typed', async () => {
    const { user, dialog } = await openKyc(() => muruganKyc(), {
      'POST /api/customers/41/id-documents': () =>
        jsonResponse(
          {
            detail:
              'The customer already has a document of this kind on file; remove it first to add a new one.',
            code: 'CONFLICT',
            message_code: 'kyc.documentKindTaken',
          },
          409,
        ),
    });
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Aadhaar');
    await user.type(within(dialog).getByLabelText('Number'), '2345 6789 0124');
    await user.click(within(dialog).getByRole('button', { name: 'Add document' }));
    expect(
      await within(dialog).findByText(
        'The customer already has a document of this kind on file; remove it first to add a new one.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Number')).toHaveValue('2345 6789 0124');
  });

  it('removes a document after asking', async () => {
    let removed = false;
    const { fetchMock, user, dialog } = await openKyc(
      () => muruganKyc(removed ? { documents: [], gaps: ['id_document', 'photo'] } : {}),
      {
        'DELETE /api/customers/41/id-documents/5': () => {
          removed = true;
          return jsonResponse(null, 204);
        },
      },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove the Aadhaar XXXX XXXX 2346' }));
    const ask = screen.getByRole('dialog', { name: 'Remove ID Document' });
    expect(ask).toHaveTextContent(
      'Remove the Aadhaar XXXX XXXX 2346 with its images? This cannot be undone.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('No ID document yet.')).toBeInTheDocument();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('ID document, photo missing');
    expect(calls(fetchMock, 'DELETE', '/api/customers/41/id-documents/5')).toHaveLength(1);
  });

  it('sends a document image only after the masking dialog, as multipart with its side', async () => {
    const withBack = { ...muruganKyc().documents[0], back: '/api/files/22?sig=back' };
    let uploaded = false;
    const { fetchMock, user, dialog } = await openKyc(
      () => muruganKyc(uploaded ? { documents: [withBack] } : {}),
      {
        'POST /api/customers/41/id-documents/5/image': () => {
          uploaded = true;
          return jsonResponse(withBack);
        },
      },
    );
    await user.upload(within(dialog).getByLabelText('Choose the back image of the Aadhaar'), png());
    const masking = await screen.findByRole('dialog', { name: 'Hide the Aadhaar number' });
    expect(calls(fetchMock, 'POST', '/api/customers/41/id-documents/5/image')).toHaveLength(0);
    await user.click(
      within(masking).getByLabelText('This is not an Aadhaar card, or its number is already hidden'),
    );
    await user.click(within(masking).getByRole('button', { name: 'Use as it is' }));
    expect(await within(dialog).findByRole('img', { name: 'Back of the Aadhaar' })).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/customers/41/id-documents/5/image');
    expect(new URL(String(post![0]), 'http://x').searchParams.get('side')).toBe('back');
    const body = post![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('card.png');
  });

  it('uploads the photograph as multipart and shows it', async () => {
    const { fetchMock, user, dialog } = await openKyc(() => muruganKyc(), {
      'POST /api/customers/41/photo': () =>
        jsonResponse(muruganKyc({ photo: '/api/files/30?sig=photo', gaps: [], status: 'complete' })),
    });
    await user.upload(
      within(dialog).getByLabelText('Choose a photograph of முருகன்'),
      new File(['jpg'], 'face.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(dialog).findByRole('img', { name: 'Photograph of முருகன்' })).toHaveAttribute(
      'src',
      '/api/files/30?sig=photo',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('KYC complete');
    // A face has nothing to mask: no masking dialog.
    expect(screen.queryByRole('dialog', { name: 'Hide the Aadhaar number' })).not.toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/customers/41/photo');
    const body = post![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('face.jpg');
  });

  it('takes the photograph with the camera dialog (here its file fallback: jsdom has no camera)', async () => {
    const { fetchMock, user, dialog } = await openKyc(() => muruganKyc(), {
      'POST /api/customers/41/photo': () => jsonResponse(muruganKyc({ photo: '/api/files/30?sig=photo' })),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Take photo' }));
    const camera = await screen.findByRole('dialog', { name: 'Take a photo' });
    await user.upload(
      within(camera).getByLabelText('Choose a file instead'),
      new File(['jpg'], 'face.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(dialog).findByRole('img', { name: 'Photograph of முருகன்' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Take a photo' })).not.toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/customers/41/photo')).toHaveLength(1);
  });

  it('puts the server’s 422 messages under the fields', async () => {
    const { user, dialog } = await openKyc(() => muruganKyc(), {
      'POST /api/customers/41/id-documents': () =>
        jsonResponse(
          { detail: [{ loc: ['body', 'number'], msg: 'This voter ID is struck off', type: 'value_error' }] },
          422,
        ),
    });
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Voter ID');
    await user.type(within(dialog).getByLabelText('Number'), 'ABC1234567');
    await user.click(within(dialog).getByRole('button', { name: 'Add document' }));
    expect(await within(dialog).findByText('This voter ID is struck off')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a photograph that is not an image, without a request', async () => {
    const { fetchMock, user, dialog } = await openKyc(() => muruganKyc());
    await user.upload(
      within(dialog).getByLabelText('Choose a photograph of முருகன்'),
      new File(['%PDF'], 'face.pdf', { type: 'application/pdf' }),
    );
    expect(within(dialog).getByText('Only PNG, JPEG or WebP images are accepted.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/customers/41/photo')).toHaveLength(0);
  });

  it('removes the photograph after asking', async () => {
    const { fetchMock, user, dialog } = await openKyc(
      () => muruganKyc({ photo: '/api/files/30?sig=photo' }),
      {
        'DELETE /api/customers/41/photo': () => jsonResponse(muruganKyc()),
      },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove Photograph' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await within(dialog).findByText('No photograph yet')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/customers/41/photo')).toHaveLength(1);
  });

  it('saves the nominee checked with nomineeSchema, and clears it', async () => {
    const { fetchMock, user, dialog } = await openKyc(() => muruganKyc(), {
      'PUT /api/customers/41/nominee': ({ init }) =>
        jsonResponse(muruganKyc({ nominee: { ...JSON.parse(String(init!.body)), mobile: '9840012345' } })),
      'DELETE /api/customers/41/nominee': () => jsonResponse(muruganKyc()),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save nominee' }));
    expect(await within(dialog).findByText(KYC_MESSAGES.nomineeName)).toBeInTheDocument();
    expect(within(dialog).getByText(KYC_MESSAGES.nomineeRelation)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nominee name'), 'மீனாட்சி');
    await user.type(within(dialog).getByLabelText('Relation'), 'Wife');
    await user.type(within(dialog).getByLabelText('Nominee mobile (optional)'), '98400 12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save nominee' }));
    expect(await screen.findByText('The nominee is saved.')).toBeInTheDocument();
    const [put] = calls(fetchMock, 'PUT', '/api/customers/41/nominee');
    expect(JSON.parse(String(put![1]!.body))).toEqual({
      name: 'மீனாட்சி',
      relation: 'Wife',
      mobile: '9840012345',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Clear nominee' }));
    const ask = screen.getByRole('dialog', { name: 'Clear Nominee' });
    expect(ask).toHaveTextContent('Clear the nominee மீனாட்சி?');
    await user.click(within(ask).getByRole('button', { name: 'Clear nominee' }));
    expect(await within(dialog).findByText('No nominee yet (optional).')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nominee name')).toHaveValue('');
  });

  it('records a Form 60 declaration and removes it', async () => {
    const { fetchMock, user, dialog } = await openKyc(
      () => muruganKyc({ pan_needed: true, gaps: ['pan_or_form60'] }),
      {
        'PUT /api/customers/41/form60': () =>
          jsonResponse(muruganKyc({ form60_declared_on: '2026-11-20', gaps: [], status: 'complete' })),
        'DELETE /api/customers/41/form60': () =>
          jsonResponse(muruganKyc({ pan_needed: true, gaps: ['pan_or_form60'] })),
      },
    );
    await user.type(within(dialog).getByLabelText('Declaration date'), '20/11/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Record Form 60' }));
    expect(await within(dialog).findByText('Form 60 declared on 20/11/2026.')).toBeInTheDocument();
    const [put] = calls(fetchMock, 'PUT', '/api/customers/41/form60');
    expect(JSON.parse(String(put![1]!.body))).toEqual({ declared_on: '2026-11-20' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Form 60' }));
    const ask = screen.getByRole('dialog', { name: 'Remove Form 60' });
    expect(ask).toHaveTextContent('Remove the Form 60 declared on 20/11/2026?');
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('No Form 60 on file.')).toBeInTheDocument();
  });

  it('asks to look at an ID proof kept from before the masking, and marks it looked at', async () => {
    const { fetchMock, user, dialog } = await openKyc(
      () => muruganKyc({ id_proof_needs_review: true, gaps: ['photo', 'id_proof_review'] }),
      {
        'POST /api/customers/41/id-proof-reviewed': () => jsonResponse(muruganKyc()),
      },
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('photo, old ID proof to check missing');
    expect(within(dialog).getByRole('link', { name: 'Open the old ID proof' })).toHaveAttribute(
      'href',
      murugan.id_proof,
    );
    expect(within(dialog).getByText(/upload the ID proof again from Edit customer/)).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: 'Looked at: no whole Aadhaar number shown' }),
    );
    await waitFor(() =>
      expect(
        within(dialog).queryByRole('button', { name: 'Looked at: no whole Aadhaar number shown' }),
      ).toBeNull(),
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('KYC incomplete: photo missing.');
    expect(calls(fetchMock, 'POST', '/api/customers/41/id-proof-reviewed')).toHaveLength(1);
  });
});
