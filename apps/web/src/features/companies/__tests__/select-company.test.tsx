import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import {
  adminUser,
  clerkUser,
  jsonResponse,
  mainBranch,
  renderApp,
  secondBranch,
  seedSession,
  stubApi,
} from '@/test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

function openWith(companies: unknown, user = clerkUser, status = 200) {
  seedSession({ user });
  return stubApi({
    'GET /api/companies/': () => jsonResponse(companies, status),
    'GET /api/users/me': () => jsonResponse(user),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
  });
}

describe('company selection', () => {
  it('lists each company with its address, city, state, phone and licence number', async () => {
    openWith([mainBranch, secondBranch]);
    renderApp();
    const card = await screen.findByRole('button', { name: /Main Branch/ });
    expect(card).toHaveTextContent('12 Car Street, Madurai, Tamil Nadu');
    expect(card).toHaveTextContent('Phone: 0452 234567');
    expect(card).toHaveTextContent('Licence No: TN-PB-0042');
  });

  it('preselects a single company', async () => {
    openWith([mainBranch]);
    renderApp();
    expect(await screen.findByRole('button', { name: /Main Branch/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Continue with Selected Company' })).toBeEnabled();
  });

  it('keeps Continue disabled until a company is chosen, then opens the shell with it', async () => {
    openWith([mainBranch, secondBranch]);
    const user = userEvent.setup();
    renderApp();
    const continueButton = await screen.findByRole('button', { name: 'Continue with Selected Company' });
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Tirunelveli Branch/ }));
    expect(screen.getByRole('button', { name: /Tirunelveli Branch/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: /Main Branch/ })).toHaveAttribute('aria-pressed', 'false');
    await user.click(continueButton);
    expect(JSON.parse(window.localStorage.getItem(storageKeys.selectedCompany)!)).toMatchObject({ id: 2 });
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText('Tirunelveli Branch')).toBeInTheDocument();
  });

  it("shows 'No companies found' with a Logout button that signs out", async () => {
    openWith([]);
    const user = userEvent.setup();
    renderApp();
    expect(await screen.findByText('No companies found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Selected Company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Company' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });

  it('says so when the companies cannot be loaded', async () => {
    openWith({ detail: 'boom' }, clerkUser, 500);
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load companies. Please try again.');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('lets an admin create a company, with server field errors under the fields', async () => {
    seedSession({ user: adminUser });
    const created = { ...secondBranch, id: 3, company_name: 'Salem Branch' };
    let attempts = 0;
    const fetchMock = stubApi({
      'GET /api/companies/': () => jsonResponse(attempts < 2 ? [mainBranch] : [mainBranch, created]),
      'POST /api/companies/': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(
              { detail: [{ loc: ['body', 'phone'], msg: 'Phone is not valid', type: 'value_error' }] },
              422,
            )
          : jsonResponse(created, 201);
      },
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'New Company' }));
    const dialog = screen.getByRole('dialog', { name: 'New Company' });
    expect(dialog).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Licence number is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Company Name'), 'Salem Branch');
    await user.type(screen.getByLabelText('Address'), '4 Bazaar Road');
    await user.type(screen.getByLabelText('City'), 'Salem');
    await user.type(screen.getByLabelText('Phone'), 'x');
    await user.type(screen.getByLabelText('Licence Number'), 'TN-PB-0100');
    await user.click(screen.getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByText('Phone is not valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '0427 245678');
    await user.click(screen.getByRole('button', { name: 'Create Company' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The new company is chosen, ready to continue with.
    expect(await screen.findByRole('button', { name: /Salem Branch/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Continue with Selected Company' })).toBeEnabled();
    const post = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1)!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      company_name: 'Salem Branch',
      address: '4 Bazaar Road',
      city: 'Salem',
      state: 'Tamil Nadu',
      phone: '0427 245678',
      licence_no: 'TN-PB-0100',
      status: true,
    });
  });
});
