import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse } from '@/test/helpers';
import {
  murugan as completeMurugan,
  expiredPassport,
  listAnswer,
  muruganKyc,
  openCustomers,
} from './customers-fixtures';

/** The English test's Murugan, still to be completed and without an ID proof. */
const murugan = { ...completeMurugan, id_proof: null, needs_completion: true };

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
  window.localStorage.clear();
  refreshLanguage();
});

function openCustomersInTamil(handlers: Parameters<typeof openCustomers>[0]) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return openCustomers(handlers);
}

describe('customers in Tamil', () => {
  it('shows the table, paging, the detail dialog and the delete question in Tamil, and the 409 in a Tamil toast', async () => {
    openCustomersInTamil({
      'GET /api/customers/': () => listAnswer([murugan], 1),
      'DELETE /api/customers/41': () =>
        jsonResponse({ detail: 'This customer has 2 pledges.', code: 'CUSTOMER_HAS_PLEDGES' }, 409),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('மொத்தம் 1 இல் 1–1 காட்டப்படுகிறது', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'வாடிக்கையாளர் / தந்தை அல்லது கணவர்' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'முகவரி' })).toBeInTheDocument();
    expect(screen.getByText('நிறைவு செய்ய வேண்டும்')).toBeInTheDocument();
    expect(screen.getByLabelText('வாடிக்கையாளர்களைத் தேடு')).toHaveAttribute(
      'placeholder',
      'பெயர், கைபேசி அல்லது குறியீடு',
    );
    expect(screen.getByRole('button', { name: 'முந்தைய' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'முருகன் C000041 பார்' }));
    const details = screen.getByRole('dialog', { name: 'வாடிக்கையாளர் விவரங்கள்' });
    expect(within(details).getByText('தந்தை / கணவர் பெயர்')).toBeInTheDocument();
    expect(within(details).getByText('அடையாளச் சான்று பதிவேற்றப்படவில்லை')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'மூடு' }));

    await user.click(screen.getByRole('button', { name: 'முருகன் C000041 நீக்கு' }));
    const ask = screen.getByRole('dialog', { name: 'வாடிக்கையாளரை நீக்கு' });
    expect(ask).toHaveTextContent('முருகன் (C000041) ஐ நீக்கவா? இதை மாற்ற முடியாது.');
    await user.click(within(ask).getByRole('button', { name: 'நீக்கு' }));
    expect(await screen.findByText('இந்த வாடிக்கையாளருக்கு 2 அடகுகள் உள்ளன.')).toBeInTheDocument();
    expect(screen.getByText('நீக்க முடியவில்லை')).toBeInTheDocument();
  });

  it('says there are no customers yet in Tamil', async () => {
    openCustomersInTamil({ 'GET /api/customers/': () => listAnswer([], 0) });
    expect(await screen.findByText('இன்னும் வாடிக்கையாளர் எவரும் இல்லை.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('இந்தக் கிளையின் முதல் வாடிக்கையாளரைப் பதிவு செய்யவும்.')).toBeInTheDocument();
  });

  it('gives the form, its required-field and format messages, the file check and the duplicate question in Tamil', async () => {
    const fetchMock = openCustomersInTamil({
      'GET /api/customers/': () => listAnswer([], 0),
      'POST /api/customers/': ({ url }) =>
        String(url).includes('confirm_duplicate=true')
          ? jsonResponse({ ...murugan, id: 42, acc_code: 'C000042', needs_completion: false }, 201)
          : jsonResponse(
              {
                detail: 'Customer C000041 முருகன் has the same mobile number. Save anyway?',
                code: 'PROBABLE_DUPLICATE',
              },
              409,
            ),
    });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(
      (await screen.findAllByRole('button', { name: 'வாடிக்கையாளரைச் சேர்' }, { timeout: 8000 }))[0]!,
    );
    const dialog = screen.getByRole('dialog', { name: 'வாடிக்கையாளரைச் சேர்' });
    await user.click(within(dialog).getByRole('button', { name: 'வாடிக்கையாளரைச் சேமி' }));
    expect(await within(dialog).findByText('வாடிக்கையாளர் பெயர் தேவை')).toBeInTheDocument();
    expect(within(dialog).getByText('அஞ்சல் குறியீட்டு எண் தேவை')).toBeInTheDocument();

    await user.upload(
      within(dialog).getByLabelText('அடையாளச் சான்று (விருப்பத்தேர்வு)'),
      new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' }),
    );
    expect(within(dialog).getByText('PNG, JPEG அல்லது WebP படங்கள் மட்டுமே ஏற்கப்படும்.')).toBeInTheDocument();
    // A good image clears the refusal and shows its preview; removed again, nothing is uploaded.
    await user.upload(
      within(dialog).getByLabelText('அடையாளச் சான்று (விருப்பத்தேர்வு)'),
      new File(['png'], 'proof.png', { type: 'image/png' }),
    );
    const masking = await screen.findByRole('dialog', { name: 'ஆதார் எண்ணை மறைக்கவும்' });
    await user.click(within(masking).getByLabelText('இது ஆதார் அட்டை அல்ல, அல்லது அதன் எண் ஏற்கெனவே மறைக்கப்பட்டுள்ளது'));
    await user.click(within(masking).getByRole('button', { name: 'அப்படியே பயன்படுத்து' }));
    expect(within(dialog).getByRole('img', { name: 'தேர்ந்தெடுத்த அடையாளச் சான்றின் முன்னோட்டம்' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'நீக்கு' }));
    expect(within(dialog).getByText('படம் இல்லை')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('வாடிக்கையாளர் பெயர்'), 'முருகன்');
    await user.type(within(dialog).getByLabelText('தந்தை / கணவர் பெயர்'), 'சுப்பிரமணியன்');
    await user.type(within(dialog).getByLabelText('கைபேசி எண்'), '12345');
    await user.type(within(dialog).getByLabelText('கதவு எண்'), '12');
    await user.type(within(dialog).getByLabelText('தெரு'), 'தெற்கு மாசி வீதி');
    await user.type(within(dialog).getByLabelText('பகுதி'), 'மதுரை');
    await user.type(within(dialog).getByLabelText('மாவட்டம்'), 'Madurai');
    await user.type(within(dialog).getByLabelText('அஞ்சல் குறியீட்டு எண்'), '625001');
    await user.click(within(dialog).getByRole('button', { name: 'வாடிக்கையாளரைச் சேமி' }));
    expect(
      await within(dialog).findByText(
        '6, 7, 8 அல்லது 9 இல் தொடங்கும் 10 இலக்கக் கைபேசி எண்ணை உள்ளிடவும் (முன்னால் +91 இருக்கலாம்).',
      ),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('கைபேசி எண்'));
    await user.type(within(dialog).getByLabelText('கைபேசி எண்'), '9842012345');
    await user.click(within(dialog).getByRole('button', { name: 'வாடிக்கையாளரைச் சேமி' }));
    const ask = await screen.findByRole('dialog', { name: 'ஒரே வாடிக்கையாளர் இருமுறை பதிவாகியிருக்கலாம்' });
    expect(ask).toHaveTextContent('வாடிக்கையாளர் C000041 முருகன் அதே கைபேசி எண்ணுடன் உள்ளார். இருந்தாலும் சேமிக்கவா?');
    await user.click(within(ask).getByRole('button', { name: 'இருந்தாலும் சேமி' }));
    expect(await screen.findByText('வாடிக்கையாளர் வெற்றிகரமாக உருவாக்கப்பட்டார்.')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2),
    );
  });

  it('shows the KYC status on the list and the KYC panel in Tamil, with the schema’s and the server’s sentences', async () => {
    const fetchMock = openCustomersInTamil({
      'GET /api/customers/': () =>
        listAnswer(
          [
            { ...murugan, id_proof: completeMurugan.id_proof, kyc_gaps: ['id_document', 'photo'] },
            { ...murugan, id: 42, acc_code: 'C000042', customer_name: 'லட்சுமி', kyc_gaps: [] },
          ],
          2,
        ),
      'GET /api/customers/41/kyc': () =>
        jsonResponse(
          muruganKyc({
            documents: [muruganKyc().documents[0], expiredPassport],
            gaps: ['photo', 'pan_or_form60', 'id_proof_review'],
            pan_needed: true,
            open_loans: 62000,
            id_proof_needs_review: true,
          }),
        ),
      'POST /api/customers/41/id-documents': () =>
        jsonResponse(
          {
            detail: 'Customer C000007 Ravi has the same PAN. Save anyway?',
            code: 'PROBABLE_DUPLICATE',
            message_code: 'kyc.duplicatePan',
            message_params: { code: 'C000007', name: 'Ravi' },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    expect(
      await screen.findByText('KYC: அடையாள ஆவணம், புகைப்படம் இல்லை', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('KYC முழுமையானது')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'KYC நிலை' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'முருகன் C000041 இன் KYC' }));
    const panel = await screen.findByRole('dialog', { name: 'முருகன் (C000041) இன் KYC' });
    // The first status is the loading line; then the KYC's own.
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent(
        'KYC முழுமையில்லை: புகைப்படம், PAN அல்லது படிவம் 60, பழைய அடையாளச் சான்றின் சரிபார்ப்பு இல்லை.',
      ),
    );
    expect(within(panel).getByRole('button', { name: 'பார்த்தேன்: முழு ஆதார் எண் தெரியவில்லை' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'பழைய அடையாளச் சான்றைத் திற' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'அடையாள ஆவணங்கள்' })).toBeInTheDocument();
    const passport = within(panel).getByRole('listitem', { name: 'கடவுச்சீட்டு J8369854' });
    expect(within(passport).getByText('காலாவதியானது')).toBeInTheDocument();
    expect(within(passport).getByText('வழங்கியது 01/01/2015 · காலாவதி 01/01/2025')).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'ஆதார் முன்பக்கம்' })).toBeInTheDocument();
    expect(within(panel).getByText('இன்னும் புகைப்படம் இல்லை')).toBeInTheDocument();
    expect(
      within(panel).getByText('தேவை: நிலுவைக் கடன்கள் Rs. 62,000.00, இது Rs. 50,000.00 அல்லது அதற்கு மேல்.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'படிவம் 60-ஐப் பதிவு செய்' })).toBeInTheDocument();
    expect(within(panel).getByText('இன்னும் வாரிசுதாரர் இல்லை (விருப்பத்தேர்வு).')).toBeInTheDocument();

    // The domain schema's sentence, in Tamil, before anything is sent.
    await user.selectOptions(within(panel).getByLabelText('வகை'), 'PAN அட்டை');
    await user.type(within(panel).getByLabelText('எண்'), 'ABCDE12345');
    await user.click(within(panel).getByRole('button', { name: 'ஆவணத்தைச் சேர்' }));
    expect(
      await within(panel).findByText(
        'அட்டையில் உள்ளபடி PAN-ஐ உள்ளிடவும்: ஐந்து எழுத்துகள், நான்கு இலக்கங்கள், ஒரு எழுத்து (ABCDE1234F).',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'வாரிசுதாரரைச் சேமி' }));
    expect(await within(panel).findByText('வாரிசுதாரரின் பெயரை உள்ளிடவும்.')).toBeInTheDocument();

    // The server's duplicate question, by its code, in Tamil.
    await user.clear(within(panel).getByLabelText('எண்'));
    await user.type(within(panel).getByLabelText('எண்'), 'ABCDE1234F');
    await user.click(within(panel).getByRole('button', { name: 'ஆவணத்தைச் சேர்' }));
    const ask = await screen.findByRole('dialog', { name: 'ஒரே வாடிக்கையாளர் இருமுறை பதிவாகியிருக்கலாம்' });
    expect(ask).toHaveTextContent('வாடிக்கையாளர் C000007 Ravi அதே PAN உடையவர். இருந்தாலும் சேமிக்கவா?');
    expect(within(ask).getByRole('button', { name: 'இருந்தாலும் சேமி' })).toBeInTheDocument();
  });
});
