import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

function openInTamil(path: string, handlers: Parameters<typeof stubApi>[0] = {}) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = `#${path}`;
  stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
}

const textResponse = (text: string, status = 200) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

describe('diagnostics in Tamil', () => {
  it('shows the API Connection Test, a refused address and a test result in Tamil', async () => {
    openInTamil('/api-test', { 'GET http://localhost:8000/api/': () => textResponse('Bad gateway', 502) });
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'பரிந்துரைக்கப்பட்ட முகவரிகள்' });
    expect(within(group).getByText('இந்தத் தளம்')).toBeInTheDocument();
    expect(within(group).getByText('போர்ட் 8000 இல் இந்த சர்வர்')).toBeInTheDocument();
    expect(
      screen.getByText('இன்னும் சோதனைகள் இல்லை. ஒரு முகவரியைச் சோதித்தால் அதன் பதில் இங்கே தெரியும்.'),
    ).toBeInTheDocument();
    const input = screen.getByLabelText('API முகவரி');
    await user.clear(input);
    await user.type(input, 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'இணைப்பைச் சோதி' }));
    expect(screen.getByText(/^http:\/\/ அல்லது https:\/\/ உடன் தொடங்கும் முகவரியை உள்ளிடவும்/)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'localhost:8000/api{Enter}');
    const log = await screen.findByRole('table', { name: 'இணைப்புச் சோதனை முடிவுகள்' });
    expect(within(log).getAllByRole('row')[0]).toHaveTextContent('நேரம்முகவரிநிலைதாமதம்பதில்');
    expect(within(log).getAllByRole('row')[1]).toHaveTextContent('தோல்வி · 502');
    await user.click(screen.getByRole('button', { name: 'இந்த API ஐப் பயன்படுத்து' }));
    const ask = await screen.findByRole('dialog', { name: 'தோல்வியடைந்த முகவரியைப் பயன்படுத்தவா?' });
    expect(within(ask).getByRole('button', { name: 'இருந்தாலும் பயன்படுத்து' })).toBeInTheDocument();
  });

  it('shows Network Diagnostics offline, with the unreachable server, in Tamil', async () => {
    openInTamil('/network-diagnostics', {
      'GET /api/': () => Promise.reject(new TypeError('Failed to fetch')),
      'HEAD /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await waitFor(() => expect(screen.getByTestId('backend-status')).toHaveTextContent('இணைப்பில் இல்லை'));
    expect(screen.getByText(/சர்வரை அடைய முடியவில்லை \(Failed to fetch\)\./)).toBeInTheDocument();
    expect(screen.getAllByText(/பதில் இல்லை, \d+ ms இல்/, { selector: 'dd' })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'சிக்கல் தீர்வு' })).toBeInTheDocument();
    expect(screen.getByText('போர்ட் 8000', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'சர்வரை மீண்டும் சரிபார்' })).toBeInTheDocument();
  });
});
