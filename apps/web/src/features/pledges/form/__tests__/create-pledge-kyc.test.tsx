import type { CustomerKyc } from '@pledge-desk/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer, jsonResponse, stubApi } from '@/test/helpers';
import {
  chooseScheme,
  kycAnswer,
  loadCustomer,
  lookupHandlers,
  pickDesign,
  renderAt,
  type User,
} from './pledge-form-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const KYC = 'GET /api/customers/5/kyc';
const save = () => screen.getByRole('button', { name: /Save Pledge|Saving/ });
const loanField = () => screen.getByLabelText('Final Loan Amount') as HTMLInputElement;
const kycStatus = () => screen.getByTestId('kyc-status');
const loansAsked = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.includes('/api/customers/5/kyc'))
    .map((url) => new URL(url, 'http://x').searchParams.get('loan'));

/** The server's judgement of PAN for a loan: needed from the threshold, with the open loans. */
function panByLoan(patch: Partial<CustomerKyc> = {}) {
  return ({ url }: { url: string }) => {
    const loan = Number(new URL(url, 'http://x').searchParams.get('loan') ?? 0);
    const base = kycAnswer(patch);
    const panNeeded = loan + base.open_loans >= base.pan_rule.threshold;
    const lacks = panNeeded && !base.documents.some((d) => d.kind === 'pan') && !base.form60_declared_on;
    const gaps = lacks ? [...base.gaps, 'pan_or_form60' as const] : base.gaps;
    return jsonResponse({
      ...base,
      pan_needed: panNeeded,
      gaps,
      status: gaps.length === 0 ? 'complete' : 'incomplete',
    });
  };
}

/** A customer, the gold scheme, one ring of 10.5 g and a loan of 40,000 (PAN not needed). */
async function enterPledge(user: User) {
  await loadCustomer(user);
  await chooseScheme(user);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add Item' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Add Item' }));
  await pickDesign(user, 1, 'Ring');
  await user.type(screen.getByLabelText('Gross weight in grams, row 1'), '10.5');
  await user.type(loanField(), '40000');
}

describe('create pledge: the customer’s KYC', () => {
  it('says the KYC is complete and shows the customer’s photograph beside the name', async () => {
    const fetchMock = stubApi({ ...lookupHandlers(), [KYC]: () => jsonResponse(kycAnswer()) });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await waitFor(() => expect(kycStatus()).toHaveTextContent('KYC complete'));
    const photo = screen.getByRole('img', { name: 'Photograph of Lakshmi Narayanan' });
    expect(photo).toHaveAttribute('src', '/api/files/photo-5.jpg?sig=abc');
    expect(screen.getByTestId('customer-card')).toContainElement(photo);
    expect(screen.queryByTestId('kyc-warning')).toBeNull();
    expect(save()).toBeEnabled();
    // No amount typed yet: the open loans alone are judged.
    expect(loansAsked(fetchMock)).toEqual([null]);
  });

  it('draws no photograph when the customer has none', async () => {
    stubApi({ ...lookupHandlers(), [KYC]: () => jsonResponse(kycAnswer({ photo: null, gaps: ['photo'] })) });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await waitFor(() => expect(kycStatus()).toHaveTextContent('KYC incomplete'));
    expect(screen.queryByTestId('customer-photo')).toBeNull();
  });

  it('names the missing pieces and only warns when the branch warns', async () => {
    stubApi({
      ...lookupHandlers(),
      [KYC]: () =>
        jsonResponse(
          kycAnswer({
            documents: [],
            photo: null,
            gaps: ['id_document', 'photo', 'id_proof_review'],
            status: 'incomplete',
          }),
        ),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await waitFor(() => expect(kycStatus()).toHaveTextContent('KYC incomplete'));
    expect(kycStatus()).toHaveTextContent(
      'Missing: ID document, photograph, review of the old ID-proof image.',
    );
    expect(screen.getByTestId('kyc-warning')).toHaveTextContent(
      "The pledge can be saved, but complete the customer's KYC soon.",
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(save()).toBeEnabled();
  });

  it('says the pledge will be refused and keeps Save off when the branch blocks an incomplete KYC', async () => {
    const BLOCKED =
      "This branch refuses a new pledge while the customer's KYC is incomplete: the pledge will be refused. Add the missing pieces under the customer first.";
    stubApi({
      ...lookupHandlers(),
      [KYC]: () =>
        jsonResponse(
          kycAnswer({ photo: null, gaps: ['photo'], status: 'incomplete', incomplete_mode: 'block' }),
        ),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BLOCKED);
    expect(kycStatus()).toHaveTextContent('Missing: photograph.');
    expect(save()).toBeDisabled();
    expect(save()).toHaveAccessibleDescription(BLOCKED);
  });

  it('lets a complete customer be saved in block mode', async () => {
    stubApi({ ...lookupHandlers(), [KYC]: () => jsonResponse(kycAnswer({ incomplete_mode: 'block' })) });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await waitFor(() => expect(kycStatus()).toHaveTextContent('KYC complete'));
    expect(save()).toBeEnabled();
    expect(screen.queryByTestId('kyc-blocked')).toBeNull();
  });

  it('asks again for the amount typed once the typing rests, and says when PAN or Form 60 is needed', async () => {
    const fetchMock = stubApi({ ...lookupHandlers(), [KYC]: panByLoan({ open_loans: 15000 }) });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await waitFor(() => expect(kycStatus()).toHaveTextContent('KYC complete'));
    await user.type(loanField(), '40000');
    const panNotice = await screen.findByTestId('kyc-pan-needed');
    expect(panNotice).toHaveTextContent(
      "A PAN or Form 60 is needed for this loan: it is asked from Rs. 50,000.00, counting the customer's open loans (Rs. 15,000.00). Add one under the customer's KYC before saving; without it the pledge is refused.",
    );
    expect(kycStatus()).toHaveTextContent('Missing: PAN or Form 60.');
    // One question for the amount, not one a keystroke.
    expect(loansAsked(fetchMock)).toEqual([null, '40000']);
    // The warn mode's PAN is said, not 'can be saved'.
    expect(screen.queryByTestId('kyc-warning')).toBeNull();

    await user.clear(loanField());
    await user.type(loanField(), '30000');
    await waitFor(() => expect(screen.queryByTestId('kyc-pan-needed')).toBeNull());
    expect(kycStatus()).toHaveTextContent('KYC complete');
    expect(loansAsked(fetchMock).at(-1)).toBe('30000');
  });

  it('says nothing of PAN when the customer has a PAN card or a Form 60 on file', async () => {
    const pan = { ...kycAnswer().documents[0]!, id: 2, kind: 'pan' as const, number: 'ABCDE1234F' };
    stubApi({
      ...lookupHandlers(),
      [KYC]: panByLoan({ documents: [...kycAnswer().documents, pan] }),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await user.type(loanField(), '80000');
    await waitFor(() => expect(screen.getByTestId('kyc-status')).toHaveAttribute('aria-busy', 'false'));
    await waitFor(() => expect(kycStatus()).toHaveTextContent('KYC complete'));
    expect(screen.queryByTestId('kyc-pan-needed')).toBeNull();
  });

  it('says a PAN is needed for every loan when the threshold is zero', async () => {
    stubApi({
      ...lookupHandlers(),
      [KYC]: panByLoan({ pan_rule: { applies: true, threshold: 0 } }),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    expect(await screen.findByTestId('kyc-pan-needed')).toHaveTextContent(
      'A PAN or Form 60 is needed for every loan.',
    );
  });

  it('keeps the previous answer on screen while the new amount’s is on its way', async () => {
    const held = heldAnswer<Response>();
    let calls = 0;
    stubApi({
      ...lookupHandlers(),
      [KYC]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(kycAnswer({ photo: null, gaps: ['photo'], status: 'incomplete' }))
          : held.hold();
      },
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await waitFor(() => expect(kycStatus()).toHaveTextContent('Missing: photograph.'));
    await user.type(loanField(), '45000');
    await waitFor(() => expect(kycStatus()).toHaveAttribute('aria-busy', 'true'));
    expect(kycStatus()).toHaveTextContent('Missing: photograph.');
    expect(screen.queryByText('Checking the KYC...')).toBeNull();
    await held.release(jsonResponse(kycAnswer()));
    await waitFor(() => expect(kycStatus()).toHaveTextContent('KYC complete'));
  });

  it('says so when the KYC cannot be read, and still lets the server judge the pledge', async () => {
    stubApi({ ...lookupHandlers(), [KYC]: () => jsonResponse({ detail: 'Server error' }, 500) });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await waitFor(() => expect(kycStatus()).toHaveTextContent("Could not read the customer's KYC."), {
      timeout: 5000,
    });
    expect(save()).toBeEnabled();
  });
});

describe('create pledge: the server’s KYC refusals', () => {
  const PAN_SENTENCE =
    "With this loan the customer's open loans come to Rs. 65,000.00; from Rs. 50,000.00 a PAN or a Form 60 declaration must be on file. Add it under the customer's KYC first.";
  const BLOCK_SENTENCE =
    "This branch makes no new pledge for a customer whose KYC is incomplete. Add the customer's missing ID document, photograph or PAN / Form 60 first.";

  it.each([
    ['kyc.panOrForm60Needed', 'PAN_OR_FORM60_NEEDED', PAN_SENTENCE],
    ['kyc.incompleteBlocked', 'KYC_INCOMPLETE', BLOCK_SENTENCE],
  ])(
    'shows the 409 %s in its sentence, keeps the form and reads the KYC again',
    async (messageCode, code, sentence) => {
      let kycReads = 0;
      const fetchMock = stubApi({
        ...lookupHandlers(),
        [KYC]: () => {
          kycReads += 1;
          return jsonResponse(kycAnswer());
        },
        'POST /api/pledges/with-items': () =>
          jsonResponse(
            {
              detail: sentence,
              code,
              message_code: messageCode,
              message_params: { total: 'Rs. 65,000.00', threshold: 'Rs. 50,000.00' },
            },
            409,
          ),
      });
      const user = userEvent.setup();
      renderAt('/pledge/create');
      await enterPledge(user);
      await waitFor(() => expect(kycStatus()).toHaveTextContent('KYC complete'));
      const readsBefore = kycReads;
      await user.click(save());
      expect(await screen.findByText(sentence)).toBeInTheDocument();
      expect(screen.getByText('Save Error')).toBeInTheDocument();
      // Nothing typed is lost.
      expect(loanField()).toHaveValue('40000');
      expect(screen.getByLabelText('Customer ID')).toHaveValue('C000123');
      await waitFor(() => expect(kycReads).toBeGreaterThan(readsBefore));
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    },
  );
});
