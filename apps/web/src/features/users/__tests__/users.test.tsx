import { USER_MESSAGES } from '@pledge-desk/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { UsersPage } from '../pages/users-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const me = { ...adminUser, created_at: '2026-01-15T20:00:00Z' }; // 16/01/2026 in India
const meRow = {
  id: me.id,
  username: me.username,
  email: me.email,
  role: me.role,
  company_id: 1,
  created_at: me.created_at,
};
const clerkRow = {
  id: 5,
  username: 'kavitha',
  email: 'kavitha@example.in',
  role: 'user' as const,
  company_id: 1,
  created_at: '2026-03-02T05:00:00Z',
};
const otherAdmin = {
  ...clerkRow,
  id: 6,
  username: 'senthil',
  email: 'senthil@example.in',
  role: 'admin' as const,
};

function renderPage() {
  seedSession({ user: me, company: mainBranch });
  return render(
    <AppProviders>
      <UsersPage />
    </AppProviders>,
  );
}

describe('user management', () => {
  it('lists users with role and the day they were created; your own Delete is disabled with the reason', async () => {
    stubApi({ 'GET /api/users/': () => jsonResponse([clerkRow, meRow]) });
    renderPage();
    const mine = (await screen.findByText('(you)')).closest('tr')!;
    expect(mine).toHaveTextContent('admin(you)admin@example.inAdmin16/01/2026');
    const ownDelete = within(mine).getByRole('button', { name: 'Delete admin' });
    expect(ownDelete).toBeDisabled();
    expect(ownDelete).toHaveAttribute('title', USER_MESSAGES.deleteSelf);
    expect(screen.getByRole('button', { name: 'Delete kavitha' })).toBeEnabled();
  });

  it("says 'Failed to fetch users.' when the list cannot be loaded", async () => {
    stubApi({ 'GET /api/users/': () => jsonResponse({ detail: 'boom' }, 500) });
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Failed to fetch users.',
    );
  });

  it('asks a new user for a password of at least 4 characters', async () => {
    const fetchMock = stubApi({ 'GET /api/users/': () => jsonResponse([meRow]) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Username'), 'muthu');
    await user.type(within(dialog).getByLabelText('Email'), 'muthu@example.in');
    await user.type(within(dialog).getByLabelText('Password'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(USER_MESSAGES.newPassword)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('creates a user with the chosen role', async () => {
    let sent: unknown;
    stubApi({
      'GET /api/users/': () => jsonResponse([meRow]),
      'POST /api/users/': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse({ ...clerkRow, id: 9, username: 'muthu', role: 'admin' }, 201);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Username'), 'muthu');
    await user.type(within(dialog).getByLabelText('Email'), 'muthu@example.in');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Admin');
    await user.type(within(dialog).getByLabelText('Password'), 'gold1234');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User created successfully.')).toBeInTheDocument();
    expect(sent).toEqual({
      username: 'muthu',
      email: 'muthu@example.in',
      role: 'admin',
      password: 'gold1234',
    });
  });

  it('leaves a blank password out of the edit, and refuses a short one', async () => {
    let sent: unknown;
    stubApi({
      'GET /api/users/': () => jsonResponse([clerkRow, meRow]),
      'PUT /api/users/5': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(clerkRow);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit kavitha' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit User' });
    const password = within(dialog).getByLabelText('New Password (leave blank to keep the current one)');
    await user.type(password, 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(USER_MESSAGES.password)).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(password);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('User updated successfully.')).toBeInTheDocument();
    expect(sent).toEqual({ username: 'kavitha', email: 'kavitha@example.in', role: 'user' });
    expect(sent).not.toHaveProperty('password');
    dialog = screen.queryByRole('dialog') as HTMLElement;
    expect(dialog).toBeNull();
  });

  it('puts the server duplicate username and email messages under their fields', async () => {
    stubApi({
      'GET /api/users/': () => jsonResponse([meRow]),
      'POST /api/users/': () =>
        jsonResponse(
          {
            detail: [
              { loc: ['body', 'username'], msg: 'This username is already taken.', type: 'duplicate' },
              {
                loc: ['body', 'email'],
                msg: 'This email is already used by another user.',
                type: 'duplicate',
              },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Username'), 'Admin');
    await user.type(within(dialog).getByLabelText('Email'), 'admin@example.in');
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This username is already taken.')).toBeInTheDocument();
    expect(within(dialog).getByText('This email is already used by another user.')).toBeInTheDocument();
  });

  it("shows the server's 409 when the delete is refused", async () => {
    stubApi({
      'GET /api/users/': () => jsonResponse([otherAdmin, meRow]),
      'DELETE /api/users/6': () => jsonResponse({ detail: 'The last admin cannot be deleted.' }, 409),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete senthil' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete User' })).getByRole('button', { name: 'Delete' }),
    );
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Delete Failed');
    expect(toast).toHaveTextContent('The last admin cannot be deleted.');
  });
});
