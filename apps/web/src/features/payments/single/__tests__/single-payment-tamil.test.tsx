import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, clerkUser, complianceView, jsonResponse, stubApi } from '@/test/helpers';
import { paymentHandlers, renderPayment, savedPayment } from './payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

const submit = () => screen.getByRole('button', { name: /செலுத்துதலைச் சமர்ப்பி|சேமிக்கிறது|ஏற்றப்படுகிறது/ });

function errorOf(field: HTMLElement): string | null {
  const id = field
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** Opens pledge GL7 by its link in Tamil and waits for the server's balance of today. */
async function openPledgeInTamil(who = adminUser) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  renderPayment('/pledge/payment?pledge_id=40', who);
  await waitFor(() => expect(screen.getByTestId('balance-as-of')).toHaveTextContent(/நிலவரப்படி$/));
  await waitFor(() => expect(submit()).toHaveTextContent('செலுத்துதலைச் சமர்ப்பி'));
}

describe('single payment in Tamil', () => {
  it('shows the form, the summary and the history in Tamil, and saves with a Tamil receipt line', async () => {
    stubApi({
      ...paymentHandlers(),
      'POST /api/pledge-payments/': () => jsonResponse(savedPayment(), 201),
    });
    const user = userEvent.setup();
    await openPledgeInTamil();
    expect(screen.getByRole('heading', { name: 'செலுத்துதல் சுருக்கம்' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'வட்டிக் கணக்கீட்டு விவரங்கள்' })).toBeInTheDocument();
    expect(screen.getByText('மொத்த நிலுவை')).toBeInTheDocument();
    expect(screen.getByTestId('summary-rate')).toHaveTextContent('மாதத்துக்கு 1.5%');
    expect(screen.getByTestId('summary-status')).toHaveTextContent('செயலில்');
    expect(screen.getByTestId('balance-total')).toHaveTextContent('Rs. 49,440.00');
    expect(await screen.findByRole('heading', { name: 'செலுத்துதல் வரலாறு' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'ரசீது எண்' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'அபராதம்' })).toBeInTheDocument();

    const type = screen.getByLabelText('செலுத்துதல் வகை') as HTMLSelectElement;
    expect(within(type).getByRole('option', { name: 'முழுத் தீர்வு' })).toBeInTheDocument();
    await user.selectOptions(type, within(type).getByRole('option', { name: 'வட்டி' }));
    await user.type(screen.getByLabelText('தொகை'), '500');
    const method = screen.getByLabelText('செலுத்தும் முறை') as HTMLSelectElement;
    expect(within(method).getByRole('option', { name: 'ரொக்கம்' })).toBeInTheDocument();
    expect(screen.getByLabelText('வங்கிக் குறிப்பு எண்')).toHaveAttribute('placeholder', 'ரொக்கத்துக்குத் தேவையில்லை');
    expect(screen.getByText('பெற்ற ரொக்கம்')).toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText('செலுத்துதல் வெற்றிகரமாகச் சேமிக்கப்பட்டது')).toBeInTheDocument();
    const saved = await screen.findByTestId('saved-payment');
    expect(saved).toHaveTextContent('ரசீது R/2026-27/000010: அடகு GL7-க்கு Rs. 500.00, நிலுவை Rs. 48,220.00.');
    expect(within(saved).getByRole('link', { name: 'ரசீதை அச்சிடு' })).toBeInTheDocument();
  });

  it("asks a clerk for an admin's approval in Tamil and says what is missing in Tamil", async () => {
    stubApi({
      ...paymentHandlers(),
      'GET /api/companies/1/compliance': () => jsonResponse(complianceView({ approval_threshold: 100 })),
    });
    const user = userEvent.setup();
    await openPledgeInTamil(clerkUser);
    await user.selectOptions(screen.getByLabelText('செலுத்துதல் வகை'), 'interest');
    await user.type(screen.getByLabelText('தொகை'), '500');
    await user.type(screen.getByLabelText('தள்ளுபடித் தொகை'), '150');
    const approval = screen.getByRole('group', { name: 'நிர்வாகி ஒப்புதல்' });
    expect(approval).toHaveTextContent(
      '₹100.00க்கு மேலான தள்ளுபடிக்கு நிர்வாகியின் ஒப்புதல் தேவை: ஒரு நிர்வாகி தன் பயனர் பெயரையும் கடவுச்சொல்லையும் உள்ளிட வேண்டும்',
    );
    await user.click(submit());
    expect(await screen.findByText('சரிபார்ப்புப் பிழைகளைச் சரிசெய்யவும்')).toBeInTheDocument();
    expect(errorOf(screen.getByLabelText('நிர்வாகி பயனர் பெயர்'))).toBe(
      'அங்கீகரிக்கும் நிர்வாகியின் பயனர் பெயரை உள்ளிடவும்',
    );
    expect(errorOf(screen.getByLabelText('நிர்வாகி கடவுச்சொல்'))).toBe(
      'அங்கீகரிக்கும் நிர்வாகியின் கடவுச்சொல்லை உள்ளிடவும்',
    );
  });

  it("says in Tamil what is wrong with the amount: the money box's own check and the payment rules", async () => {
    stubApi(paymentHandlers());
    const user = userEvent.setup();
    await openPledgeInTamil();
    await user.selectOptions(screen.getByLabelText('செலுத்துதல் வகை'), 'interest');
    const amount = screen.getByLabelText('தொகை');
    await user.type(amount, '0');
    await user.click(submit());
    await waitFor(() => expect(errorOf(amount)).toBe('பூஜ்ஜியத்தை விட அதிகமான தொகையை உள்ளிடவும்.'));
    await user.clear(amount);
    await user.type(amount, '1500');
    await user.click(submit());
    await waitFor(() => expect(errorOf(amount)).toBe('வட்டிச் செலுத்துதல் ₹1,440.00 ஐ விட அதிகமாக இருக்கக்கூடாது'));
  });
});
