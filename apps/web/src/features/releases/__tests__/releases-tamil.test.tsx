import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { translateMessage } from '@/lib/i18n/messages';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import '../i18n';
import { history, pawnerKyc, row as pendingRow, pledgeView, releaseView } from './releases-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

function openInTamil(hash: string, handlers: Parameters<typeof stubApi>[0]) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = hash;
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
  return fetchMock;
}

describe('releases in Tamil', () => {
  it('shows Awaiting Release in Tamil: the counts, the headers, the flag and the links', async () => {
    openInTamil('#/pledge/awaiting-release', {
      'GET /api/releases/pending': () =>
        new Response(
          JSON.stringify([
            pendingRow(),
            pendingRow({ pledge_id: 8, pledge_no: 'GL8', overdue: false, is_move_to_bank: true }),
          ]),
          {
            status: 200,
            headers: {
              'Content-Type': 'application/json',
              'X-Total-Count': '2',
              'X-Overdue-Count': '1',
              'X-Release-Wait': '7',
            },
          },
        ),
    });
    expect(await screen.findByTestId('awaiting-count')).toHaveTextContent('2 காத்திருப்பவை · 1 தாமதமானவை');
    const table = screen.getByRole('table', { name: 'விடுவிப்புக்குக் காத்திருக்கும் அடகுகள்' });
    for (const header of ['அடகு எண்', 'முடித்த தேதி', 'காத்திருந்த நாட்கள்', 'செயல்']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('தாமதம்');
    expect(within(rows[1]!).getByRole('link', { name: 'GL7 விடுவி' })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('வங்கியில்');
    expect(screen.getByText(/7 வேலை நாட்களுக்குப் பின் குறிக்கப்படும்/)).toBeInTheDocument();
  });

  it('says in Tamil when nothing waits', async () => {
    openInTamil('#/pledge/awaiting-release', { 'GET /api/releases/pending': () => jsonResponse([]) });
    expect(await screen.findByText('விடுவிப்புக்குக் காத்திருக்கும் நகைகள் எதுவும் இல்லை.')).toBeInTheDocument();
  });

  it("shows the release form, its validation and the server's refusal in Tamil", async () => {
    openInTamil('#/pledge/release/7', {
      'GET /api/pledges/7': () => jsonResponse(pledgeView()),
      'GET /api/pledges/7/history': () => jsonResponse(history()),
      'POST /api/pledges/7/release': () =>
        jsonResponse(
          {
            detail: 'This pledge is still open: take its full payment before releasing the articles.',
            code: 'PLEDGE_OPEN',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'GL/2026-27/0007 அடகின் நகைகளை விடுவித்தல்' }),
    ).toBeVisible();
    const form = screen.getByRole('form', { name: 'விடுவிப்புப் படிவம்' });
    const receivedBy = within(form).getByLabelText('பெற்றுக்கொள்பவர்');
    expect(within(receivedBy).getByRole('option', { name: 'அடகு வைத்தவரே நேரில்' })).toBeInTheDocument();
    await user.selectOptions(receivedBy, 'agent');
    expect(within(form).getByLabelText('முகவருக்கான அதிகாரக் கடிதம் (குறிப்பு)')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'நகைகளை விடுவி' }));
    expect(await within(form).findByText('பெற்றுக்கொள்பவர் பெயரை உள்ளிடவும்')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('பெற்றுக்கொள்பவர் பெயர்'), 'Selvi');
    await user.type(within(form).getByLabelText('முகவருக்கான அதிகாரக் கடிதம் (குறிப்பு)'), 'Letter');
    await user.click(within(form).getByRole('button', { name: 'நகைகளை விடுவி' }));
    expect(
      await within(form).findByText(
        'இந்த அடகு இன்னும் நடப்பில் உள்ளது: நகைகளை விடுவிக்கும் முன் முழுத் தொகையையும் பெறவும்.',
      ),
    ).toBeInTheDocument();
  });

  it("offers the pawner's nominee in Tamil and fills the remarks in Tamil", async () => {
    openInTamil('#/pledge/release/7', {
      'GET /api/pledges/7': () => jsonResponse(pledgeView()),
      'GET /api/pledges/7/history': () => jsonResponse(history()),
      'GET /api/customers/41/kyc': () =>
        jsonResponse(pawnerKyc({ nominee: { name: 'செல்வி', relation: 'மனைவி', mobile: '9842099999' } })),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'விடுவிப்புப் படிவம்' });
    await user.selectOptions(within(form).getByLabelText('பெற்றுக்கொள்பவர்'), 'legal_heir');
    const suggestion = await within(form).findByTestId('nominee-suggestion');
    expect(suggestion).toHaveTextContent('பதிவில் உள்ள வாரிசுதாரர்: செல்வி (மனைவி), கைபேசி 9842099999');
    await user.click(within(suggestion).getByRole('button', { name: 'வாரிசுதாரரைப் பயன்படுத்து' }));
    expect(within(form).getByLabelText('பெற்றுக்கொள்பவர் பெயர்')).toHaveValue('செல்வி');
    expect(within(form).getByLabelText('குறிப்புகள்')).toHaveValue(
      'அடகு வைத்தவரின் வாரிசுதாரர்: மனைவி, கைபேசி 9842099999',
    );
  });

  it("names the pawner's photograph on the slip and says in Tamil while it loads", async () => {
    openInTamil('#/pledge/release-slip/7', {
      'GET /api/pledges/7/history': () => jsonResponse(history({ releasable: false, has_release: true })),
      'GET /api/pledges/7/release': () => jsonResponse(releaseView),
      'GET /api/companies/1': () => jsonResponse(mainBranch),
      'GET /api/customers/41/kyc': () => jsonResponse(pawnerKyc()),
    });
    const slip = await screen.findByRole('article', { name: 'விடுவிப்புச் சீட்டு' });
    expect(await within(slip).findByRole('img', { name: 'முருகன் அவர்களின் புகைப்படம்' })).toBeInTheDocument();
    expect(screen.getByTestId('photo-state')).toHaveTextContent('அடகு வைத்தவரின் புகைப்படம் ஏற்றப்படுகிறது...');
    fireEvent.error(within(slip).getByTestId('slip-pawner-photo'));
    expect(await screen.findByTestId('photo-state')).toHaveTextContent(
      'அடகு வைத்தவரின் புகைப்படத்தை ஏற்ற முடியவில்லை: அது இல்லாமல் சீட்டு அச்சாகும்.',
    );
  });

  it('prints the release slip with its two-language labels and the Tamil receiver kind', async () => {
    openInTamil('#/pledge/release-slip/7', {
      'GET /api/pledges/7/history': () => jsonResponse(history({ releasable: false, has_release: true })),
      'GET /api/pledges/7/release': () => jsonResponse(releaseView),
      'GET /api/companies/1': () => jsonResponse({ ...mainBranch, licence_no: 'PB/123' }),
    });
    const slip = await screen.findByRole('article', { name: 'விடுவிப்புச் சீட்டு' });
    // The reprint's stamp says the receipt's words in both languages, in a Tamil interface too.
    expect(within(slip).getByTestId('duplicate-mark')).toHaveTextContent('DUPLICATE / நகல்');
    expect(within(slip).getByText('Redemption Receipt (Form H) / மீட்பு ரசீது (படிவம் H)')).toBeInTheDocument();
    expect(within(slip).getByText('Selvi — அடகு வைத்தவரின் கடிதத்துடன் முகவர்')).toBeInTheDocument();
    expect(within(slip).getByRole('columnheader', { name: 'Article / நகை' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'விடுவிப்புக்குக் காத்திருப்பவை' })).toBeInTheDocument();
  });

  it("shows the History's server sentences in Tamil, the particular form before the plain one", () => {
    expect(
      translateMessage('Interest paid: Rs. 1,100.00, receipt R/2026-27/000021; the pledge closed', 'ta'),
    ).toBe('வட்டி செலுத்தப்பட்டது: Rs. 1,100.00, ரசீது R/2026-27/000021; அடகு முடிந்தது');
    expect(translateMessage('Receipt R/2026-27/000021 of Rs. 1,100.00 reversed: Typed twice', 'ta')).toBe(
      'ரசீது R/2026-27/000021 (Rs. 1,100.00) திரும்பப்பெறப்பட்டது: Typed twice',
    );
    expect(translateMessage('Withdrawn from auction lot L/3: paid by the pawner', 'ta')).toBe(
      'ஏலத் தொகுதி L/3 இலிருந்து விலக்கப்பட்டது: paid by the pawner',
    );
    expect(translateMessage('Articles released to Selvi (an agent)', 'ta')).toBe(
      'நகைகள் Selvi இடம் விடுவிக்கப்பட்டன (முகவர்)',
    );
    expect(translateMessage('Articles released to Selvi (an agent)', 'en')).toBe(
      'Articles released to Selvi (an agent)',
    );
  });
});
