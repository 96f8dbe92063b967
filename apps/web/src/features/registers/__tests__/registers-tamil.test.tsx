import type { PledgeBookRow, VaultRegister } from '@pledge-desk/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, stubApi } from '@/test/helpers';
import { book, entry, kycRegister, kycRow, open, vault, withTotal } from './registers-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  refreshLanguage();
  window.location.hash = '';
});

/** The English test's entry, with the pawner's name also in Tamil. */
const tamilEntry = (serial: number, over: Partial<PledgeBookRow> = {}): PledgeBookRow =>
  entry(serial, { customer_name_ta: 'மீனாட்சி சுந்தரம்', ...over });

/** The English test's vault, its bangle without a condition. */
const tamilVault: VaultRegister = { ...vault, rows: vault.rows.map((row) => ({ ...row, condition: null })) };

function openInTamil(path: string, handlers: Parameters<typeof stubApi>[0]) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  open(path);
}

describe('registers in Tamil', () => {
  it('shows the pledge book with Tamil cells, totals, paging and a Tamil range problem; headings stay bilingual', async () => {
    openInTamil('/registers/pledge-book?from=2026-11-01&to=2026-11-23', {
      'GET /api/registers/pledge-book': () =>
        withTotal(
          book(
            [
              tamilEntry(1, {
                closed_by: 'payment',
                closed_date: '2026-11-20',
                released_on: '2026-11-21',
                redeemer: { kind: 'legal_heir', name: 'Kavitha Sundaram' },
              }),
            ],
            60,
          ),
          60,
        ),
    });
    const table = await screen.findByRole('table', { name: 'அடகுப் புத்தகம்' });
    // The register's headings keep English with the Tamil under them.
    expect(within(table).getByRole('columnheader', { name: 'Pawner அடகு வைத்தவர்' })).toBeInTheDocument();
    const row = within(table).getByText('GL1').closest('tr')!;
    expect(row).toHaveTextContent('C000005 · தந்தை / கணவர் Sundaram K');
    expect(row).toHaveTextContent('மாதம் 1.50%');
    expect(row).toHaveTextContent('12 மாதங்கள்');
    expect(row).toHaveTextContent('கெடு 02/11/2027');
    expect(row).toHaveTextContent('மீட்கப்பட்டது 20/11/2026');
    expect(row).toHaveTextContent('விடுவிக்கப்பட்டது 21/11/2026');
    // The redeemer, and who they are to the pledge, in Tamil; the heading bilingual.
    expect(row).toHaveTextContent('Kavitha Sundaramசட்ட வாரிசு');
    expect(
      within(table).getByRole('columnheader', { name: 'Redeemer / Buyer மீட்டவர் / வாங்கியவர்' }),
    ).toBeInTheDocument();
    expect(screen.getByText('01/11/2026 முதல் 23/11/2026 வரை')).toBeInTheDocument();
    expect(screen.getByText('கடன் தொகை:')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'அடகுப் புத்தகம் பக்கங்கள்' });
    expect(within(nav).getByText('மொத்தம் 60 அடகுகளில் 1–50 காட்டப்படுகிறது')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'அடுத்த' })).toBeEnabled();
    expect(within(nav).getByRole('button', { name: 'அடகுப் புத்தகம் பக்கம் 2' })).toBeInTheDocument();
    // The title stays in both languages.
    expect(
      screen.getByRole('heading', { name: 'Pledge Book (Form E) / அடகுப் புத்தகம் (படிவம் E)' }),
    ).toBeInTheDocument();

    // A range of fixed dates (not today's, which moves), in order and then out of order.
    fireEvent.change(screen.getByLabelText('தேதி முதல்'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('தேதி வரை'), { target: { value: '2026-10-31' } });
    expect(screen.queryByText('தொடக்கத் தேதி இறுதித் தேதிக்குப் பின் இருக்கக்கூடாது.')).toBeNull();
    fireEvent.change(screen.getByLabelText('தேதி முதல்'), { target: { value: '2026-11-15' } });
    expect(await screen.findAllByText('தொடக்கத் தேதி இறுதித் தேதிக்குப் பின் இருக்கக்கூடாது.')).not.toHaveLength(0);
  });

  it('says in Tamil that the range has no pledges', async () => {
    openInTamil('/registers/pledge-book', {
      'GET /api/registers/pledge-book': () => withTotal(book([], 0), 0),
    });
    expect(await screen.findByText('இந்தக் காலத்தில் அடகுகள் இல்லை.')).toBeInTheDocument();
  });

  it('prints the vault register with Tamil labels and the bilingual printed words', async () => {
    openInTamil('/registers/vault/print?as_of=2026-11-23', {
      'GET /api/registers/vault': () => withTotal(tamilVault, 1),
    });
    await screen.findByRole('table', { name: 'பெட்டக பதிவேடு' });
    expect(await screen.findByText('23/11/2026 நாள் முடிவில் பெட்டகத்தில் உள்ள நகைகள்')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'பெட்டக பதிவேட்டுக்குத் திரும்பு' })).toBeInTheDocument();
    expect(screen.getByText('12 Car Street, Madurai · உரிம எண் TN-PB-0042')).toBeInTheDocument();
    const totals = await screen.findByRole('table', { name: 'நகை வகை வாரியான மொத்தம்' });
    expect(within(totals).getByRole('columnheader', { name: 'அடகுகள்' })).toBeInTheDocument();
    expect(within(totals).getByRole('rowheader', { name: 'Total / மொத்தம்' })).toBeInTheDocument();
  });

  it('prints the pledge book pages under Tamil region names and bilingual page headings', async () => {
    openInTamil('/registers/pledge-book/print?from=2026-11-01&to=2026-11-23', {
      'GET /api/registers/pledge-book': () => withTotal(book([tamilEntry(1), tamilEntry(2)], 2), 2),
    });
    const page = await screen.findByRole('region', { name: 'பக்கம் 1' });
    expect(within(page).getByText('பதிவுகள் 1–10')).toBeInTheDocument();
    expect(within(page).getByRole('table', { name: 'அடகுப் புத்தகம் பக்கம் 1' })).toBeInTheDocument();
    expect(within(page).getByRole('heading', { level: 3 })).toHaveTextContent('Page 1 / பக்கம் 1');
    expect(screen.getByRole('link', { name: 'அடகு பதிவேட்டுக்குத் திரும்பு' })).toBeInTheDocument();
  });
  it('shows the incomplete-KYC register in Tamil: what is missing, the counts, the search, paging and the empty state', async () => {
    openInTamil('/registers/kyc-incomplete', {
      'GET /api/registers/kyc-incomplete': ({ url }) =>
        new URL(url, 'http://x').searchParams.get('search') === 'ரவி'
          ? withTotal(kycRegister([], 0), 0)
          : withTotal(
              kycRegister(
                [kycRow(5, { gaps: ['id_document', 'photo', 'pan_or_form60', 'id_proof_review'] })],
                60,
              ),
              60,
            ),
    });
    const table = await screen.findByRole('table', { name: 'முழுமையற்ற KYC பதிவேடு' });
    // The headings keep English with the Tamil under them.
    expect(
      within(table).getByRole('columnheader', { name: 'Customer Code வாடிக்கையாளர் குறியீடு' }),
    ).toBeInTheDocument();
    const row = within(table).getByText('C000005').closest('tr')!;
    expect(row).toHaveTextContent(
      'அடையாள ஆவணம் இல்லைபுகைப்படம் இல்லைPAN அல்லது படிவம் 60 இல்லைபழைய அடையாளச் சான்றைச் சரிபார்க்க வேண்டும்',
    );
    expect(
      within(row).getByRole('link', { name: 'வாடிக்கையாளர் C000005, Meenakshi Sundaram விவரங்களைத் திறக்கவும்' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('இல்லாதவை வாரியாக வாடிக்கையாளர்கள்')).toHaveTextContent(
      'PAN அல்லது படிவம் 60 இல்லை: 1,240',
    );
    expect(screen.getByText(/நிலவரப்படி KYC முழுமையடையாத வாடிக்கையாளர்கள்$/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'முழுமையற்ற KYC பதிவேடு பக்கங்கள்' });
    expect(within(nav).getByText('மொத்தம் 60 வாடிக்கையாளர்களில் 1–50 காட்டப்படுகிறது')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Incomplete KYC Register / முழுமையற்ற KYC பதிவேடு' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'முதன்மை' })).getByRole('link', { name: 'முழுமையற்ற KYC' }),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'பெயர், கைபேசி எண் அல்லது குறியீட்டால் தேடவும்' }), {
      target: { value: 'ரவி' },
    });
    expect(
      await screen.findByText('“ரவி” உடன் பொருந்தும் KYC முழுமையடையாத வாடிக்கையாளர் யாரும் இல்லை.'),
    ).toBeInTheDocument();
  });

  it('says in Tamil that every customer’s KYC is complete, on the screen and on paper', async () => {
    openInTamil('/registers/kyc-incomplete/print', {
      'GET /api/registers/kyc-incomplete': () => withTotal(kycRegister([], 0), 0),
    });
    expect(await screen.findByText('எல்லா வாடிக்கையாளர்களின் KYC-யும் முழுமையாக உள்ளது.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'முழுமையற்ற KYC பதிவேட்டுக்குத் திரும்பு' })).toBeInTheDocument();
  });

  it('prints the incomplete-KYC register with Tamil words and the bilingual title', async () => {
    openInTamil('/registers/kyc-incomplete/print?search=Meena', {
      'GET /api/registers/kyc-incomplete': () => withTotal(kycRegister([kycRow(5)], 1), 1),
    });
    const table = await screen.findByRole('table', { name: 'முழுமையற்ற KYC பதிவேடு' });
    expect(within(table).getByText('C000005').closest('tr')).toHaveTextContent(
      'புகைப்படம் இல்லைPAN அல்லது படிவம் 60 இல்லை',
    );
    expect(
      screen.getByText(/நிலவரப்படி “Meena” உடன் பொருந்தும், KYC முழுமையடையாத வாடிக்கையாளர்கள்/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Incomplete KYC Register / முழுமையற்ற KYC பதிவேடு' }),
    ).toBeInTheDocument();
  });
});
