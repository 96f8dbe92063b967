import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { UsersPage } from '../pages/users-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const meRow = {
  id: adminUser.id,
  username: adminUser.username,
  email: adminUser.email,
  role: adminUser.role,
  company_id: 1,
  created_at: '2026-01-15T20:00:00Z',
};
const otherAdmin = {
  id: 6,
  username: 'senthil',
  email: 'senthil@example.in',
  role: 'admin' as const,
  company_id: 1,
  created_at: '2026-03-02T05:00:00Z',
};

function renderInTamil() {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <UsersPage />
    </AppProviders>,
  );
}

describe('user management in Tamil', () => {
  it('shows the list, the form and its validation in Tamil', async () => {
    stubApi({ 'GET /api/users/': () => jsonResponse([meRow]) });
    const user = userEvent.setup();
    renderInTamil();
    const mine = (await screen.findByText('(நீங்கள்)')).closest('tr')!;
    expect(mine).toHaveTextContent('நிர்வாகி');
    for (const header of ['பயனர் பெயர்', 'மின்னஞ்சல்', 'பணிநிலை', 'உருவாக்கிய தேதி']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const ownDelete = within(mine).getByRole('button', { name: 'admin ஐ நீக்கு' });
    expect(ownDelete).toHaveAttribute('title', 'உங்கள் சொந்தக் கணக்கை நீக்க முடியாது.');

    await user.click(screen.getByRole('button', { name: 'பயனரைச் சேர்' }));
    const dialog = screen.getByRole('dialog', { name: 'பயனரைச் சேர்' });
    expect(within(dialog).getByRole('option', { name: 'பயனர்' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('பயனர் பெயர்'), 'muthu');
    await user.type(within(dialog).getByLabelText('கடவுச்சொல்'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'சேமி' }));
    expect(await within(dialog).findByText('மின்னஞ்சல் தேவை')).toBeInTheDocument();
    expect(
      within(dialog).getByText('புதிய பயனருக்குக் கடவுச்சொல் தேவை; அது குறைந்தது 4 எழுத்துகள் கொண்டதாக இருக்க வேண்டும்.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'ரத்து செய்' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a delete in a Tamil toast", async () => {
    stubApi({
      'GET /api/users/': () => jsonResponse([otherAdmin, meRow]),
      'DELETE /api/users/6': () => jsonResponse({ detail: 'The last admin cannot be deleted.' }, 409),
    });
    const user = userEvent.setup();
    renderInTamil();
    await user.click(await screen.findByRole('button', { name: 'senthil ஐ நீக்கு' }));
    const confirm = screen.getByRole('dialog', { name: 'பயனரை நீக்கு' });
    expect(
      within(confirm).getByText('"senthil" என்ற பயனரை நீக்கவா? அவரால் இனி உள்நுழைய முடியாது.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'நீக்கு' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('நீக்க முடியவில்லை');
    expect(toast).toHaveTextContent('கடைசி நிர்வாகியை நீக்க முடியாது.');
  });
});
