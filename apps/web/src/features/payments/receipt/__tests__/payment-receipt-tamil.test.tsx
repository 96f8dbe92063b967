import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receiptView } from '@/features/payments/history/__tests__/payment-fixtures';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
  window.localStorage.clear();
  refreshLanguage();
});

function openReceiptInTamil(handlers: Parameters<typeof stubApi>[0] = {}) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  seedSession({ user: adminUser, company: mainBranch });
  const receipt = receiptView();
  window.location.hash = `#/pledge/receipt/${receipt.receipt_id}?kind=full`;
  const print = vi.fn();
  vi.stubGlobal('print', print);
  stubApi({
    'GET /api/users/me': () => jsonResponse(adminUser),
    [`GET /api/receipts/${receipt.receipt_id}`]: () => jsonResponse(receipt),
    'GET /api/companies/1': () => jsonResponse({ ...mainBranch, logo: '/api/files/3?sig=logo' }),
    ...handlers,
  });
  renderApp();
  return { print };
}

describe('payment receipt in Tamil', () => {
  it('names the sheet, the phone, the logo and the table in Tamil, keeping the bilingual labels', async () => {
    openReceiptInTamil();
    const paper = await screen.findByRole('article', { name: 'Payment receipt / பணம் பெற்ற ரசீது' });
    expect(await within(paper).findByText('தொலைபேசி: 0452 234567')).toBeInTheDocument();
    expect(within(paper).getByRole('img', { name: `${mainBranch.company_name} சின்னம்` })).toBeInTheDocument();
    expect(within(paper).getByRole('table', { name: 'செலுத்தப்பட்ட அடகுகள்' })).toBeInTheDocument();
    // The printed labels stay English and Tamil, as the Pawnbrokers Rules want them.
    expect(paper.querySelector('[data-label="Receipt No / ரசீது எண்"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'செலுத்துதல் வரலாறு' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'ரசீது முன்னோட்டம்' })).toBeInTheDocument();
  });

  it("says the receipt was not found in Tamil, and the print's failure in a Tamil toast", async () => {
    const { print } = openReceiptInTamil({
      'POST /api/receipts/21/prints': () => jsonResponse({ detail: 'Receipt not found.' }, 404),
    });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: /பணம் பெற்ற ரசீது/ });
    const button = screen.getByRole('button', { name: /Print|அச்சிடு/ });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('அச்சுப் பிழை')).toBeInTheDocument();
    expect(screen.getByText('ரசீது கிடைக்கவில்லை.')).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
  });

  it("says 'Receipt not found' in Tamil for an unknown receipt", async () => {
    openReceiptInTamil({ 'GET /api/receipts/21': () => jsonResponse({ detail: 'Receipt not found.' }, 404) });
    expect(await screen.findByText('ரசீது கிடைக்கவில்லை', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
