import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import { RegisterFrame } from '../register-frame';

beforeEach(() => {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
});

afterEach(() => {
  window.localStorage.clear();
  refreshLanguage();
});

function renderFrame(canExport: boolean, onDownload: () => Promise<void>) {
  seedSession({ user: adminUser, company: mainBranch });
  render(
    <AppProviders>
      <MemoryRouter>
        <RegisterFrame
          title="Pledge Book"
          tamil="அடகுப் புத்தகம்"
          parameters="01/11/2026 – 30/11/2026"
          controls={<span>controls</span>}
          printTo="/registers/pledge-book/print"
          onDownload={onDownload}
          canExport={canExport}
        >
          <p>rows</p>
        </RegisterFrame>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the register frame in Tamil', () => {
  it('names its parameters, Print and Download CSV in Tamil, and says a failed download in Tamil', async () => {
    renderFrame(true, () => Promise.reject(new Error('offline')));
    const form = screen.getByRole('form', { name: 'அடகுப் புத்தகம் விவரங்கள்' });
    expect(within(form).getByRole('link', { name: 'அச்சிடு' })).toHaveAttribute(
      'href',
      '/registers/pledge-book/print',
    );
    // The register's title stays in both languages.
    expect(screen.getByRole('heading', { name: 'Pledge Book / அடகுப் புத்தகம்' })).toBeInTheDocument();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'CSV பதிவிறக்கு' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('பதிவிறக்கம் தோல்வி');
    expect(toast).toHaveTextContent('பதிவேட்டைப் பதிவிறக்க முடியவில்லை.');
  });

  it('shows Print disabled in Tamil when nothing can be exported', () => {
    renderFrame(false, () => Promise.resolve());
    expect(screen.getByRole('button', { name: 'அச்சிடு' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'CSV பதிவிறக்கு' })).toBeDisabled();
  });
});
