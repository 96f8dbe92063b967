import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import { handlers, renderPage, resultOf, sentBody, type User } from './multiple-payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

function inTamil() {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
}

function withPost() {
  return stubApi({
    ...handlers(),
    'POST /api/customers/5/multiple-pledge-payment': ({ init }) =>
      jsonResponse(
        // The server's own sentence (payment-multiple.service.ts), which the dialog shows in Tamil.
        { ...resultOf(JSON.parse(String(init?.body))), message: 'Payment processed for 3 pledge(s)' },
        201,
      ),
  });
}

/** Picks Lakshmi through the Tamil search box and waits for her pledges. */
async function pickCustomerInTamil(user: User) {
  await user.type(screen.getByRole('combobox', { name: 'வாடிக்கையாளரைத் தேடு' }), 'Lak');
  await user.click(await screen.findByRole('option', { name: /Lakshmi Narayanan/ }));
  await screen.findByText('GL-0001');
}

describe('multiple pledge payment in Tamil', () => {
  it('Multiple Pledge Payment: the table, the summary, a Tamil rule message, the Tamil toasts and the result dialog', async () => {
    const fetchMock = withPost();
    const user = userEvent.setup();
    inTamil();
    renderPage('multiple-pledge-payment');
    await pickCustomerInTamil(user);
    expect(screen.getByRole('heading', { name: 'நிலுவையில் உள்ள அடகுகள்' })).toBeInTheDocument();
    expect(screen.getByTestId('customer-summary')).toHaveTextContent('மொத்த நிலுவைRs. 34,900.00');
    expect(screen.getByRole('columnheader', { name: 'செலுத்துதல் (வட்டி / அசல்)' })).toBeInTheDocument();
    const rowC = screen.getByTestId('row-GL-0003');
    expect(rowC).toHaveTextContent('1.5% / மாதம்');
    expect(rowC).toHaveTextContent('பகுதி செலுத்தப்பட்டது');
    expect(screen.getByTestId('row-GL-0001')).toHaveTextContent('செயலில்');
    expect(screen.getByRole('heading', { name: 'செலுத்துதல் சுருக்கம்' })).toBeInTheDocument();
    const method = screen.getByLabelText('செலுத்தும் முறை') as HTMLSelectElement;
    expect(within(method).getByRole('option', { name: 'காசோலை' })).toBeInTheDocument();

    // Nothing selected: the toast and its title in Tamil.
    const submit = () => screen.getByRole('button', { name: /^செலுத்துதலைச் சமர்ப்பி - / });
    await user.click(screen.getByRole('button', { name: 'வட்டி மட்டும் செலுத்து' }));
    expect(await screen.findByText('முதலில் அடகுகளைத் தேர்ந்தெடுக்கவும்')).toBeInTheDocument();
    expect(screen.getByText('அடகு எதுவும் தேர்ந்தெடுக்கப்படவில்லை')).toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText('வாடிக்கையாளரையும் அடகுகளையும் தேர்ந்தெடுக்கவும்')).toBeInTheDocument();

    // Too much on one pledge: the row says so in Tamil.
    await user.click(screen.getByRole('button', { name: 'அனைத்தையும் தேர்ந்தெடு' }));
    await user.clear(screen.getByLabelText('செலுத்தும் தொகை, GL-0001'));
    await user.type(screen.getByLabelText('செலுத்தும் தொகை, GL-0001'), '99999');
    expect(
      await screen.findByText('செலுத்தும் தொகை நிலுவையான ₹10,300.00 ஐ விட அதிகமாக இருக்கக்கூடாது'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('செலுத்தும் தொகை, GL-0001'));
    await user.type(screen.getByLabelText('செலுத்தும் தொகை, GL-0001'), '1.234');
    expect(await screen.findByText('அதிகபட்சம் 2 தசம இடங்களுடன் தொகையை உள்ளிடவும்.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('செலுத்தும் தொகை, GL-0001'));
    await user.type(screen.getByLabelText('செலுத்தும் தொகை, GL-0001'), '300');
    await user.type(screen.getByLabelText('தள்ளுபடி, GL-0002'), '50');
    expect(screen.getByRole('heading', { name: 'தள்ளுபடியும் அபராதமும்' })).toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText('தள்ளுபடியை அனுமதிக்கவும்')).toBeInTheDocument();
    expect(await screen.findByText('சரிபார்ப்புப் பிழைகளைச் சரிசெய்யவும்')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toHaveLength(0);

    await user.click(screen.getByLabelText(/^தள்ளுபடியை அனுமதி \(/));
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', {
      name: 'செலுத்துதல் வெற்றிகரமாகச் செயல்படுத்தப்பட்டது',
    });
    expect(within(dialog).getByText('முதன்மை வவுச்சர்')).toBeInTheDocument();
    expect(within(dialog).getByRole('columnheader', { name: 'நிலுவை' })).toBeInTheDocument();
    expect(within(dialog).getAllByText('முடிந்தது').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('செலுத்துதல் பதிவான அடகுகள்: 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'ரசீதை அச்சிடு' })).toBeInTheDocument();
    expect(screen.getByText('செலுத்துதல் வெற்றி! ரசீது: R/2026-27/000042')).toBeInTheDocument();
  });

  it('Multiple Pledge Single Payment: the pledge cards, the hint under the button, a Tamil allocation message and the success toast', async () => {
    withPost();
    const user = userEvent.setup();
    inTamil();
    renderPage('multiple-pledge-single-payment');
    await pickCustomerInTamil(user);
    const card = screen.getByTestId('pledge-GL-0001');
    expect(card).toHaveTextContent('அசல் Rs. 10,000.00');
    expect(card).toHaveTextContent('மொத்த நிலுவை Rs. 10,300.00');
    expect(screen.getByTestId('selected-count')).toHaveTextContent('தேர்ந்தெடுத்தவை: 0');
    await user.click(screen.getByLabelText('GL-0001 ஐத் தேர்ந்தெடு'));
    expect(card).toHaveTextContent('மீதி வட்டிRs. 300.00');
    expect(screen.getByTestId('submit-hint')).toHaveTextContent(
      'பகிர்ந்த தொகையுடன் குறைந்தது ஒரு அடகைத் தேர்ந்தெடுக்கவும்',
    );
    const allocated = screen.getByLabelText('பகிர்ந்த தொகை, GL-0001');
    expect(allocated).toHaveAttribute('placeholder', '0.00 முதல் 10300.00 வரை');
    await user.type(allocated, '20000');
    expect(await screen.findByText('மொத்த நிலுவையான 10300.00 ஐ விட அதிகமாக இருக்கக்கூடாது')).toBeInTheDocument();
    await user.clear(allocated);
    await user.click(within(card).getByRole('button', { name: 'வட்டி மட்டும்' }));
    expect(screen.getByTestId('type-GL-0001')).toHaveTextContent('வட்டி');
    expect(screen.getByTestId('submit-hint')).toHaveTextContent('செலுத்தும் முறையைத் தேர்ந்தெடுக்கவும்');
    await user.selectOptions(screen.getByLabelText('செலுத்தும் முறை'), 'cash');
    await user.click(screen.getByRole('button', { name: 'செலுத்துதலைச் செயல்படுத்து' }));
    expect(await screen.findByText('1 அடகுக்குச் செலுத்துதல் பதிவானது - மொத்தம்: Rs. 300.00')).toBeInTheDocument();
    expect(screen.getByText('ரசீது R/2026-27/000042 சேமிக்கப்பட்டது.')).toBeInTheDocument();
  });
});
