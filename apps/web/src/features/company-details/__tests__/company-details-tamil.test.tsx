import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { refreshLanguage } from '@/lib/i18n/language';
import type { User } from '@/lib/session-types';
import { adminUser, clerkUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { CompanyDetailsPage } from '../pages/company-details-page';

beforeEach(() => {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

const cashSettings = { cash_limit: 20000, cash_limit_mode: 'warn' };

function renderPage(user: User = adminUser) {
  seedSession({ user, company: mainBranch });
  return render(
    <AppProviders>
      <CompanyDetailsPage />
    </AppProviders>,
  );
}

describe('company details in Tamil', () => {
  it('shows the details, the logo placeholder and the view-only note in Tamil', async () => {
    stubApi({
      'GET /api/companies/1': () => jsonResponse(mainBranch),
      'GET /api/companies/1/cash-settings': () => jsonResponse(cashSettings),
    });
    renderPage(clerkUser);
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('நிறுவன விவரங்கள் ஏற்றப்படுகின்றன...');
    expect(await screen.findByRole('heading', { name: 'Main Branch' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'சின்னம் இல்லை' })).toBeInTheDocument();
    expect(screen.getByText('பார்வைக்கு மட்டும் (திருத்த நிர்வாகி அனுமதி தேவை)')).toBeInTheDocument();
    for (const label of ['நிறுவனப் பெயர்', 'உரிம எண்', 'முகவரி', 'நகரம்', 'மாநிலம்', 'தொலைபேசி']) {
      expect(screen.getByText(label, { selector: 'dt' })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'ரொக்க வரம்பு' })).toBeInTheDocument();
    expect(await screen.findByTestId('cash-settings-view')).toHaveTextContent('எச்சரி');
  });

  it('edits in Tamil: the schema’s messages under the fields, and the saved toast', async () => {
    stubApi({
      'GET /api/companies/1': () => jsonResponse(mainBranch),
      'GET /api/companies/1/cash-settings': () => jsonResponse(cashSettings),
      'PUT /api/companies/1': () => jsonResponse(mainBranch),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'விவரங்களைத் திருத்து' }));
    const form = screen.getByRole('form', { name: 'நிறுவன விவரங்களைத் திருத்து' });
    expect(within(form).getByText('PNG, JPEG அல்லது WebP.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'ரத்து செய்' })).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('நிறுவனப் பெயர்'));
    await user.clear(within(form).getByLabelText('நகரம்'));
    await user.click(within(form).getByRole('button', { name: 'மாற்றங்களைச் சேமி' }));
    expect(await within(form).findByText('நிறுவனப் பெயர் தேவை')).toBeInTheDocument();
    expect(within(form).getByText('நகரம் தேவை')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('நிறுவனப் பெயர்'), 'Main Branch');
    await user.type(within(form).getByLabelText('நகரம்'), 'Trichy');
    await user.click(within(form).getByRole('button', { name: 'மாற்றங்களைச் சேமி' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('வெற்றி');
    expect(toast).toHaveTextContent('நிறுவன விவரங்கள் வெற்றிகரமாகப் புதுப்பிக்கப்பட்டன.');
  });

  it('refuses a wrong cash limit in Tamil', async () => {
    stubApi({
      'GET /api/companies/1': () => jsonResponse(mainBranch),
      'GET /api/companies/1/cash-settings': () => jsonResponse(cashSettings),
    });
    const user = userEvent.setup();
    renderPage();
    const limit = await screen.findByLabelText('ரொக்க வரம்பு (₹)');
    expect(screen.getByRole('option', { name: 'தடு' })).toBeInTheDocument();
    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'ரொக்க அமைப்புகளைச் சேமி' }));
    expect(await screen.findByText('ரொக்க வரம்பை உள்ளிடவும்')).toBeInTheDocument();
    await user.type(limit, 'abc');
    await user.click(screen.getByRole('button', { name: 'ரொக்க அமைப்புகளைச் சேமி' }));
    expect(await screen.findByText('தொகையை எண்களில் உள்ளிடவும், எ.கா. 1250.50.')).toBeInTheDocument();
  });
});
