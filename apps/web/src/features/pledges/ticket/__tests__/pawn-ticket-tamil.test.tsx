import { amountInTamilWords, rupeesToPaise } from '@pledge-desk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { murugan, pledgeView } from '@/features/pledges/list/__tests__/pledge-fixtures';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
  window.location.hash = '';
});

const companyAnswer = {
  ...mainBranch,
  company_name: 'Sri Lakshmi Jewel Loans',
  logo: '/api/files/3?sig=logo',
};

function openTicketInTamil(handlers: Parameters<typeof stubApi>[0] = {}, kind = 'full') {
  seedSession({ user: adminUser, company: mainBranch });
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  window.location.hash = `#/pledge/print/7?kind=${kind}`;
  const print = vi.fn();
  vi.stubGlobal('print', print);
  stubApi({
    'GET /api/users/me': () => jsonResponse(adminUser),
    'GET /api/pledges/7': () => jsonResponse(pledgeView()),
    'GET /api/customers/41': () => jsonResponse(murugan),
    'GET /api/companies/1': () => jsonResponse(companyAnswer),
    ...handlers,
  });
  renderApp();
  return { print };
}

describe('pawn ticket in Tamil', () => {
  it("names the pawner's photograph and says in Tamil while it loads and when it fails", async () => {
    openTicketInTamil({
      'GET /api/customers/41': () => jsonResponse({ ...murugan, photo: '/api/files/77?sig=photo' }),
    });
    const sheet = await screen.findByRole('article', { name: 'அடகுச் சீட்டு' });
    const photo = await within(sheet).findByRole('img', { name: 'முருகன் அவர்களின் புகைப்படம்' });
    expect(screen.getByTestId('photo-state')).toHaveTextContent('அடகு வைப்பவரின் புகைப்படம் ஏற்றப்படுகிறது...');
    fireEvent.error(photo);
    await waitFor(() =>
      expect(screen.getByTestId('photo-state')).toHaveTextContent(
        'அடகு வைப்பவரின் புகைப்படத்தை ஏற்ற முடியவில்லை: அது இல்லாமல் சீட்டு அச்சாகும்.',
      ),
    );
  });

  it('keeps the bilingual labels, writes the words beside the values and the toolbar in Tamil', async () => {
    openTicketInTamil();
    const sheet = await screen.findByRole('article', { name: 'அடகுச் சீட்டு' });
    await within(sheet).findByText('Sri Lakshmi Jewel Loans');
    // The paper's labels stay English and Tamil (Rule 10), whatever the interface.
    expect(sheet.querySelector('[data-label="Pledge No / அடகு எண்"]')).not.toBeNull();
    expect(within(sheet).getAllByText('Signature of Pawner / அடகு வைப்பவர் கையொப்பம்').length).toBe(1);
    // The words beside the values follow the interface.
    expect(within(sheet).getByRole('img', { name: 'Sri Lakshmi Jewel Loans சின்னம்' })).toBeInTheDocument();
    expect(within(sheet).getByText('தொலைபேசி: 0452 234567')).toBeInTheDocument();
    expect(within(sheet).getByText('மாதம் 2%')).toBeInTheDocument();
    expect(within(sheet).getByText('6 மாதங்கள் (20/05/2027 வரை)')).toBeInTheDocument();
    expect(within(sheet).getByText('பொருட்களின் எண்ணிக்கை:', { exact: false })).toBeInTheDocument();
    expect(within(sheet).queryByText(/per month|till|Phone/)).toBeNull();
    // The amount lent, in Tamil words.
    expect(within(sheet).getByTestId('amount-in-words')).toHaveTextContent(
      amountInTamilWords(rupeesToPaise(pledgeView().total_loan_amount)),
    );

    // The toolbar above the sheet.
    expect(screen.getByRole('link', { name: 'அடகுகளுக்குத் திரும்பு' })).toBeInTheDocument();
    const kinds = screen.getByRole('navigation', { name: 'சீட்டு வகை' });
    expect(within(kinds).getByRole('link', { name: 'முழு அச்சு' })).toHaveAttribute('aria-current', 'page');
    expect(within(kinds).getByRole('link', { name: 'உள்ளடக்கம் மட்டும்' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'தாள் அளவு' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'சீட்டின் முன்தோற்றம்' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'அச்சிடு' })).toBeEnabled());
  });

  it('names the content-only sheet in Tamil', async () => {
    openTicketInTamil({}, 'content');
    expect(await screen.findByRole('article', { name: 'அடகுச் சீட்டு, உள்ளடக்கம் மட்டும்' })).toBeInTheDocument();
  });

  it('says in Tamil why the print could not be recorded', async () => {
    const { print } = openTicketInTamil({
      'POST /api/pledges/7/ticket-prints': () => jsonResponse({ detail: 'Pledge not found.' }, 404),
    });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'அடகுச் சீட்டு' });
    const button = screen.getByRole('button', { name: 'அச்சிடு' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('அடகு கிடைக்கவில்லை.')).toBeInTheDocument();
    expect(screen.getByText('அச்சுப் பிழை')).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
  });

  it('says in Tamil when the pledge cannot be fetched', async () => {
    openTicketInTamil({ 'GET /api/pledges/7': () => jsonResponse({ detail: 'Internal Server Error' }, 500) });
    expect(await screen.findByText('அடகு விவரங்களைப் பெற முடியவில்லை')).toBeInTheDocument();
  });
});
