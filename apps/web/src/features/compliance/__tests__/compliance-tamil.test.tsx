import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import { renderPage, settings, URL_OF } from './compliance-fixtures';

beforeEach(() => {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

describe('compliance in Tamil', () => {
  it('shows the settings, the tiers and the licence standing in Tamil', async () => {
    stubApi({ [URL_OF]: () => jsonResponse(settings) });
    renderPage({ withBanner: true });
    expect(screen.getByRole('status')).toHaveTextContent('இணக்க அமைப்புகள் ஏற்றப்படுகின்றன...');
    expect(await screen.findByLabelText('ஒழுங்குமுறை')).toHaveValue('tn_pawnbroker');
    expect(screen.getByRole('option', { name: 'தமிழ்நாடு அடகு வணிகர்' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'RBI ஒழுங்குமுறைக்கு உட்பட்ட கடன் வழங்குநர்' })).toBeInTheDocument();
    expect(screen.getByLabelText('உரிம எண்')).toHaveValue('TN-PB-0042');
    expect(screen.getByLabelText('அங்கீகார வரம்பு (₹)')).toHaveAccessibleDescription(
      'இதற்கு மேலான தள்ளுபடி அல்லது அபராதத்துக்கு நிர்வாகியின் அங்கீகாரம் தேவை; 0 என்றால் ஒவ்வொன்றுக்கும் தேவை',
    );
    expect(screen.getByTestId('licence-standing')).toHaveTextContent('31/03/2027 வரை செல்லும்.');
    expect(screen.getByLabelText('₹ வரை, படிநிலை 1')).toHaveValue('250000');
    expect(screen.getByText('₹5,00,000.00-க்கு மேல்')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'படிநிலை 1 ஐ நீக்கு' })).toBeInTheDocument();
    expect(screen.getByTestId('rbi-applies')).toHaveTextContent('இந்தக் கிளைக்குப் பொருந்தாது');
    expect(screen.getByRole('heading', { name: 'RBI விதிகள்' })).toBeInTheDocument();
  });

  it('refuses wrong numbers in Tamil, and says the settings are saved in Tamil', async () => {
    stubApi({
      [URL_OF]: () => jsonResponse(settings),
      'PUT /api/companies/1/compliance': ({ init }) =>
        jsonResponse({ ...settings, ...JSON.parse(String(init?.body)), licence_state: 'valid' }),
    });
    const user = userEvent.setup();
    renderPage({ withBanner: true });
    await user.clear(await screen.findByLabelText('ரொக்க வரம்பு (₹)'));
    await user.clear(screen.getByLabelText('வட்டி உச்சவரம்பு (மாதத்துக்கு %)'));
    await user.type(screen.getByLabelText('வட்டி உச்சவரம்பு (மாதத்துக்கு %)'), '150');
    await user.click(screen.getByRole('button', { name: 'இணக்க அமைப்புகளைச் சேமி' }));
    expect(screen.getByLabelText('ரொக்க வரம்பு (₹)')).toHaveAccessibleDescription('ரொக்க வரம்பை உள்ளிடவும்');
    expect(screen.getByLabelText('வட்டி உச்சவரம்பு (மாதத்துக்கு %)')).toHaveAccessibleDescription(
      'காலியாக இருந்தால் உச்சவரம்பு இல்லை. வட்டி உச்சவரம்பு 0-க்கு மேலும் மாதத்துக்கு 100 %-க்குள்ளும் இருக்க வேண்டும்',
    );
    await user.type(screen.getByLabelText('ரொக்க வரம்பு (₹)'), '20000');
    await user.clear(screen.getByLabelText('வட்டி உச்சவரம்பு (மாதத்துக்கு %)'));
    await user.click(screen.getByRole('button', { name: 'இணக்க அமைப்புகளைச் சேமி' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('வெற்றி');
    expect(toast).toHaveTextContent('இணக்க அமைப்புகள் சேமிக்கப்பட்டன');
  });

  it('shows the licence banner’s sentence in Tamil', async () => {
    stubApi({
      [URL_OF]: () =>
        jsonResponse({
          ...settings,
          licence_state: 'expiring',
          licence_days_left: 10,
          licence_message:
            'The licence TN-PB-0042 expires on 06/12/2026 (in 10 days). Renew it before then: no new pledge can be made after it expires.',
        }),
    });
    renderPage({ withBanner: true });
    const banner = await screen.findByTestId('licence-banner');
    expect(banner).toHaveTextContent(
      'உரிமம் TN-PB-0042 06/12/2026 அன்று (10 நாட்களில்) காலாவதியாகிறது. அதற்குள் புதுப்பிக்கவும்: காலாவதியான பின் புதிய அடகு எதுவும் செய்ய இயலாது.',
    );
    expect(within(banner).getByRole('link', { name: 'இணக்க அமைப்புகள்' })).toHaveAttribute(
      'href',
      '/compliance',
    );
  });
  it('shows and checks the PAN / Form 60 rule and the KYC mode in Tamil', async () => {
    stubApi({ [URL_OF]: () => jsonResponse(settings) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'வாடிக்கையாளரை அறிதல் (KYC)' })).toBeInTheDocument();
    expect(screen.getByLabelText('PAN அல்லது படிவம் 60 தேவை')).toHaveValue('yes');
    const applies = within(screen.getByLabelText('PAN அல்லது படிவம் 60 தேவை'));
    expect(applies.getByRole('option', { name: 'ஆம்' })).toHaveValue('yes');
    expect(applies.getByRole('option', { name: 'இல்லை' })).toHaveValue('no');
    const box = screen.getByLabelText('PAN அல்லது படிவம் 60 தேவைப்படும் தொகை (₹)');
    expect(box).toHaveAccessibleDescription(
      'இந்தத் தொகையோ அதற்கு மேலோ உள்ள புதிய கடனுக்கு, தனியாகவோ வாடிக்கையாளரின் நடப்புக் கடன்களுடன் சேர்த்தோ, PAN அல்லது படிவம் 60 தேவை; 0 என்றால் ஒவ்வொரு கடனுக்கும் தேவை',
    );
    expect(screen.getByLabelText('KYC முழுமையடையாத வாடிக்கையாளருக்குப் புதிய அடகு')).toHaveValue('warn');
    expect(screen.getByRole('option', { name: 'எச்சரித்து அனுமதி' })).toHaveValue('warn');
    expect(screen.getByRole('option', { name: 'மறு' })).toHaveValue('block');
    expect(screen.getByTestId('pan-default')).toHaveTextContent(
      'தமிழ்நாடு அடகு வணிகருக்கான இயல்புநிலை: ₹50,000.00 முதல் PAN அல்லது படிவம் 60 தேவை.',
    );
    await user.selectOptions(screen.getByLabelText('ஒழுங்குமுறை'), 'rbi');
    expect(screen.getByTestId('pan-default')).toHaveTextContent(
      'RBI ஒழுங்குமுறைக்கு உட்பட்ட கடன் வழங்குநருக்கான இயல்புநிலை: ஒவ்வொரு கடனுக்கும் PAN அல்லது படிவம் 60 தேவை.',
    );
    await user.selectOptions(screen.getByLabelText('ஒழுங்குமுறை'), 'none');
    expect(screen.getByTestId('pan-default')).toHaveTextContent(
      'ஒழுங்குமுறை இல்லாத கிளைக்கான இயல்புநிலை: PAN விதி இல்லை.',
    );
    expect(screen.getByRole('button', { name: 'இயல்புநிலையைப் பயன்படுத்து' })).toBeInTheDocument();
    await user.clear(box);
    await user.clear(screen.getByLabelText('அங்கீகார வரம்பு (₹)'));
    await user.click(screen.getByRole('button', { name: 'இணக்க அமைப்புகளைச் சேமி' }));
    expect(box).toHaveAccessibleDescription(/PAN அல்லது படிவம் 60 தேவைப்படும் தொகையை உள்ளிடவும்$/);
    expect(screen.getByLabelText('அங்கீகார வரம்பு (₹)')).toHaveAccessibleDescription(/அங்கீகார வரம்பை உள்ளிடவும்$/);
  });
});
