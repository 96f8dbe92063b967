import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import {
  kycAnswer,
  lookupHandlers,
  renderAt,
  savedOf,
  storedPledge,
  type User,
} from './pledge-form-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

function inTamil() {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
}

const addItem = () => screen.getByRole('button', { name: 'நகை சேர்' });
const save = () => screen.getByRole('button', { name: 'அடகைச் சேமி' });
const loanField = () => screen.getByLabelText('இறுதிக் கடன் தொகை') as HTMLInputElement;

/** A customer by code, the gold scheme and one ring of 10.5 g, with the Tamil labels. */
async function enterOneRing(user: User) {
  await user.type(screen.getByLabelText('வாடிக்கையாளர் எண்'), 'C000123');
  await user.tab();
  await screen.findByTestId('customer-card');
  const scheme = screen.getByLabelText('திட்டம்');
  const gold = await within(scheme).findByRole('option', { name: 'Gold Regular (மாதம் 1.5%, 12 மாதங்கள்)' });
  await user.selectOptions(scheme, gold);
  await waitFor(() => expect(addItem()).toBeEnabled());
  await user.click(addItem());
  await user.type(screen.getByRole('combobox', { name: 'வடிவம், வரிசை 1' }), 'Rin');
  await user.click(await screen.findByRole('option', { name: 'Ring' }));
  await user.type(screen.getByLabelText('மொத்த எடை கிராமில், வரிசை 1'), '10.5');
}

describe('create pledge in Tamil', () => {
  it('shows the form in Tamil and says what is missing in Tamil', async () => {
    const fetchMock = stubApi(lookupHandlers());
    const user = userEvent.setup();
    inTamil();
    renderAt('/pledge/create');
    expect(screen.getByRole('form', { name: 'அடகு உருவாக்கு' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'வாடிக்கையாளரும் திட்டமும்' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'நகைகள்' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'சுருக்கம்' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'மொத்த எடை (கி)' })).toBeInTheDocument();
    expect(
      screen.getByText('வாடிக்கையாளரையும் விலையுள்ள திட்டத்தையும் தேர்ந்தெடுத்து, பின் நகைகளைச் சேர்க்கவும்.'),
    ).toBeInTheDocument();
    expect(screen.getByText('விலையைக் காண ஒரு திட்டத்தைத் தேர்ந்தெடுக்கவும்.')).toBeInTheDocument();
    const method = screen.getByLabelText('வழங்கும் முறை');
    expect(within(method).getByRole('option', { name: 'வங்கிப் பரிமாற்றம்' })).toBeInTheDocument();
    expect(screen.getByLabelText('வழங்கல் குறிப்பு எண்')).toHaveAttribute('placeholder', 'ரொக்கத்துக்குத் தேவையில்லை');

    await user.click(save());
    expect(await screen.findByText('சரிபார்ப்புப் பிழை')).toBeInTheDocument();
    expect(
      screen.getByText(
        'வாடிக்கையாளர், திட்டம் ஆகியவற்றைத் தேர்ந்தெடுத்து, குறைந்தது ஒரு நகையைச் சேர்த்து, கடன் தொகை பூஜ்யத்துக்கு மேல் உள்ளதை உறுதிசெய்யவும்.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says in Tamil that the customer is not found', async () => {
    stubApi({ ...lookupHandlers(), 'GET /api/customers/': () => jsonResponse([]) });
    const user = userEvent.setup();
    inTamil();
    renderAt('/pledge/create');
    await user.type(screen.getByLabelText('வாடிக்கையாளர் எண்'), 'C999');
    await user.tab();
    expect(await screen.findByText('வாடிக்கையாளர் கிடைக்கவில்லை')).toBeInTheDocument();
  });

  it('shows the figures, the messages and the saved pledge in Tamil', async () => {
    stubApi({
      ...lookupHandlers(),
      'POST /api/pledges/with-items': () =>
        jsonResponse(
          savedOf(storedPledge, [
            {
              code: 'BACKDATED',
              message: 'The pledge is dated 20/11/2026, before today.',
            },
          ]),
          201,
        ),
    });
    const user = userEvent.setup();
    inTamil();
    renderAt('/pledge/create');
    await enterOneRing(user);
    expect(screen.getByTestId('rate-line')).toHaveTextContent(/^கிராம் ஒன்றுக்கு விலை Rs. 6,000.00 \(/);
    expect(screen.getByTestId('summary-gross')).toHaveTextContent('10.500 கி');
    expect(screen.getByText('கழிவு எடை')).toBeInTheDocument();

    // A weight the model refuses, said in Tamil under the cell.
    const net = screen.getByLabelText('நிகர எடை கிராமில், வரிசை 1');
    await user.clear(net);
    await user.type(net, '1.2345');
    expect(screen.getByText('அதிகபட்சம் 3 தசம இலக்கங்களுடன் எடையை உள்ளிடவும்.')).toBeInTheDocument();
    await user.clear(net);
    await user.type(net, '10.5');

    // 10.5 g at 6,000 a gram, 75 %: an eligible loan of 47,250.
    await user.type(loanField(), '90000');
    expect(screen.getByText('கடன் தொகை தகுதியான கடன் Rs. 47,250.00 ஐ மீறக்கூடாது')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'தகுதியான கடனைப் பயன்படுத்து (Rs. 47,250.00)' }));
    expect(loanField()).toHaveValue('47250');
    expect(screen.getByTestId('summary-liquidation')).toHaveTextContent(/மாத/);

    await user.click(save());
    expect(await screen.findByText('அடகு உருவாக்கப்பட்டது!')).toBeInTheDocument();
    expect(screen.getByText('2 நகைகளுடன் அடகு உருவாக்கப்பட்டது')).toBeInTheDocument();
    expect(screen.getByText('அடகு தேதி 20/11/2026, இன்றைக்கு முந்தையது.')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'அடகு உருவாக்கப்பட்டது' });
    expect(within(dialog).getByRole('button', { name: 'முழு அச்சு' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('கையில் வழங்கிய ரொக்கம் Rs. 47,180.00');
  });
});

describe('the customer’s KYC on the create form in Tamil', () => {
  it('says what is missing, that PAN or Form 60 is needed and that the branch refuses, in Tamil', async () => {
    stubApi({
      ...lookupHandlers(),
      'GET /api/customers/5/kyc': () =>
        jsonResponse(
          kycAnswer({
            photo: null,
            documents: [],
            pan_needed: true,
            open_loans: 20000,
            gaps: ['id_document', 'photo', 'pan_or_form60', 'id_proof_review'],
            status: 'incomplete',
            incomplete_mode: 'block',
          }),
        ),
    });
    const user = userEvent.setup();
    inTamil();
    renderAt('/pledge/create');
    await user.type(screen.getByLabelText('வாடிக்கையாளர் எண்'), 'C000123');
    await user.tab();
    await waitFor(() => expect(screen.getByTestId('kyc-status')).toHaveTextContent('KYC முழுமையில்லை'));
    const status = screen.getByTestId('kyc-status');
    expect(status).toHaveTextContent(
      'இல்லாதவை: அடையாள ஆவணம், புகைப்படம், PAN அல்லது படிவம் 60, பழைய அடையாளச் சான்றுப் படத்தைச் சரிபார்த்தல்.',
    );
    expect(screen.getByTestId('kyc-pan-needed')).toHaveTextContent(
      'இந்தக் கடனுக்கு PAN அல்லது படிவம் 60 தேவை: வாடிக்கையாளரின் நிலுவைக் கடன்களையும் (Rs. 20,000.00) சேர்த்து Rs. 50,000.00 முதல் அது கேட்கப்படுகிறது. சேமிக்கும் முன் வாடிக்கையாளரின் KYC-யில் ஒன்றைச் சேர்க்கவும்; அது இல்லாமல் அடகு ஏற்கப்படாது.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'வாடிக்கையாளரின் KYC முழுமையாகும் வரை இந்தக் கிளை புதிய அடகை ஏற்காது: இந்த அடகு மறுக்கப்படும். விடுபட்டவற்றை முதலில் வாடிக்கையாளர் பதிவில் சேர்க்கவும்.',
    );
    expect(save()).toBeDisabled();
  });

  it('shows the photograph, the complete state and the warn mode in Tamil', async () => {
    stubApi({ ...lookupHandlers(), 'GET /api/customers/5/kyc': () => jsonResponse(kycAnswer()) });
    const user = userEvent.setup();
    inTamil();
    renderAt('/pledge/create');
    await user.type(screen.getByLabelText('வாடிக்கையாளர் எண்'), 'C000123');
    await user.tab();
    expect(
      await screen.findByRole('img', { name: 'Lakshmi Narayanan அவர்களின் புகைப்படம்' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('kyc-status')).toHaveTextContent('KYC முழுமை'));
  });

  it('says the server’s KYC refusal in Tamil', async () => {
    stubApi({
      ...lookupHandlers(),
      'GET /api/customers/5/kyc': () => jsonResponse(kycAnswer()),
      'POST /api/pledges/with-items': () =>
        jsonResponse(
          {
            detail:
              "This branch makes no new pledge for a customer whose KYC is incomplete. Add the customer's missing ID document, photograph or PAN / Form 60 first.",
            code: 'KYC_INCOMPLETE',
            message_code: 'kyc.incompleteBlocked',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    inTamil();
    renderAt('/pledge/create');
    await enterOneRing(user);
    await user.type(loanField(), '40000');
    await user.click(save());
    expect(
      await screen.findByText(
        'KYC முழுமையில்லாத வாடிக்கையாளருக்கு இந்தக் கிளை புதிய அடகு எடுப்பதில்லை. வாடிக்கையாளரின் விடுபட்ட அடையாள ஆவணம், புகைப்படம் அல்லது PAN / படிவம் 60-ஐ முதலில் சேர்க்கவும்.',
      ),
    ).toBeInTheDocument();
  });
});

describe('edit pledge in Tamil', () => {
  it('shows the edit screen, the customer details and the status in Tamil', async () => {
    stubApi({ ...lookupHandlers(), 'GET /api/pledges/40': () => jsonResponse(storedPledge) });
    inTamil();
    renderAt('/pledge/edit/40');
    expect(await screen.findByRole('heading', { name: 'அடகைத் திருத்து GL7' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'வாடிக்கையாளர் விவரங்கள்' })).toBeInTheDocument();
    expect(screen.getByLabelText('கதவு எண்')).toHaveValue('12');
    const status = screen.getByLabelText('நிலை');
    expect(within(status).getByRole('option', { name: 'செயலில் இல்லை' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'அடகைப் புதுப்பி' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ரத்து செய்' })).toBeInTheDocument();
  });

  it('says in Tamil that the pledge is not found', async () => {
    stubApi({
      ...lookupHandlers(),
      'GET /api/pledges/40': () => jsonResponse({ detail: 'Pledge not found.' }, 404),
    });
    inTamil();
    renderAt('/pledge/edit/40');
    expect(await screen.findByText('அடகு கிடைக்கவில்லை')).toBeInTheDocument();
    expect(screen.getByText('பிழை')).toBeInTheDocument();
  });
});
