import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  clerkUser,
  jsonResponse,
  mainBranch,
  renderApp,
  seedSession,
  stubApi,
} from '@/test/helpers';
import { isLinkActive } from '../nav-config';

afterEach(() => {
  vi.unstubAllGlobals();
  window.innerWidth = 1024;
});

async function openShellAt(hash: string, user = adminUser) {
  window.location.hash = hash;
  seedSession({ user, company: mainBranch });
  stubApi({ 'GET /api/users/me': () => jsonResponse(user) });
  renderApp();
  // The first visit to the dashboard imports its chunk, slow in jsdom; the shell waits for the route.
  return screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 });
}

function linkIn(nav: HTMLElement, name: string) {
  return within(nav).getByRole('link', { name });
}

describe('sidebar highlight', () => {
  it('lights Dashboard only on an exact match', () => {
    expect(isLinkActive('/dashboard', '/dashboard')).toBe(true);
    expect(isLinkActive('/dashboard', '/dashboard/more')).toBe(false);
    expect(isLinkActive('/profile', '/profile/extra')).toBe(true);
  });

  it('lights the link the path starts with, segment by segment', async () => {
    const nav = await openShellAt('#/pledge/payment-list');
    expect(linkIn(nav, 'Payment History')).toHaveAttribute('aria-current', 'page');
    expect(linkIn(nav, 'Single Pledge Payment')).not.toHaveAttribute('aria-current');
    expect(linkIn(nav, 'Dashboard')).not.toHaveAttribute('aria-current');
    expect(within(nav).getAllByRole('link', { current: 'page' })).toHaveLength(1);
  });

  it('lights Pledge List on /pledges, the same screen', async () => {
    const nav = await openShellAt('#/pledges');
    expect(linkIn(nav, 'Pledge List')).toHaveAttribute('aria-current', 'page');
  });

  it('moves the highlight and the page title when a link is chosen', async () => {
    const nav = await openShellAt('#/profile');
    expect(linkIn(nav, 'Profile')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(linkIn(nav, 'Migrate'));
    expect(await screen.findByRole('heading', { name: 'Migrate', level: 1 })).toBeInTheDocument();
    expect(linkIn(nav, 'Migrate')).toHaveAttribute('aria-current', 'page');
    expect(linkIn(nav, 'Profile')).not.toHaveAttribute('aria-current');
    expect(await screen.findByLabelText('Search term')).toBeInTheDocument();
  });
});

describe('sidebar groups', () => {
  it('expands the group whose base path the route starts with, and only that one', async () => {
    const nav = await openShellAt('#/pledge/edit/17');
    expect(within(nav).getByRole('button', { name: 'Pledge Management' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(nav).getByRole('button', { name: 'Masters' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Banks' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit Pledge', level: 1 })).toBeInTheDocument();
  });

  it('expands the group of an admin link that is open', async () => {
    const nav = await openShellAt('#/admin/schemes');
    expect(within(nav).getByRole('button', { name: 'Jewellery Settings' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(linkIn(nav, 'Schemes')).toHaveAttribute('aria-current', 'page');
    // Jewel spelled as a word; the paths keep the spec's spelling.
    expect(linkIn(nav, 'Jewel Types')).toHaveAttribute('href', '#/admin/jewell-types');
    expect(linkIn(nav, 'Jewel Rates')).toHaveAttribute('href', '#/admin/jewell-rates');
  });

  it('toggles a group open and closed', async () => {
    const nav = await openShellAt('#/pledge/list');
    const user = userEvent.setup();
    const pledges = within(nav).getByRole('button', { name: 'Pledge Management' });
    await user.click(pledges);
    expect(pledges).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Pledge List' })).not.toBeInTheDocument();
    const masters = within(nav).getByRole('button', { name: 'Masters' });
    await user.click(masters);
    expect(masters).toHaveAttribute('aria-expanded', 'true');
    expect(linkIn(nav, 'Daybook Entries')).toBeInTheDocument();
  });
});

describe('sidebar by role', () => {
  it('shows the Admin section to an admin', async () => {
    const nav = await openShellAt('#/profile');
    expect(within(nav).getByText('Admin')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Administration' })).toBeInTheDocument();
  });

  it('hides the Admin section and the pledge group from a plain user', async () => {
    const nav = await openShellAt('#/profile', clerkUser);
    expect(within(nav).queryByText('Admin')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Pledge Management' })).not.toBeInTheDocument();
    expect(linkIn(nav, 'Company Details')).toBeInTheDocument();
  });

  it('shows the pledge group, but no Admin section, to a user with pledges.handle', async () => {
    const nav = await openShellAt('#/pledge/create', { ...clerkUser, permissions: ['pledges.handle'] });
    expect(within(nav).queryByText('Admin')).not.toBeInTheDocument();
    expect(linkIn(nav, 'Create Pledge')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Create Pledge', level: 1 })).toBeInTheDocument();
  });

  it('sends a plain user from an admin route to the dashboard', async () => {
    await openShellAt('#/admin/users', clerkUser);
    await vi.waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
  });

  it('sends a plain user from a pledge route to the dashboard', async () => {
    await openShellAt('#/pledge/create', clerkUser);
    await vi.waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
  });

  it('sends an unknown path to the dashboard', async () => {
    await openShellAt('#/no/such/screen');
    await vi.waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
  });
});

describe('sidebar on narrow windows', () => {
  it('opens over an overlay and closes after a link is chosen below 1280 px', async () => {
    window.innerWidth = 1024;
    const nav = await openShellAt('#/profile');
    const sidebar = document.getElementById('app-sidebar')!;
    expect(sidebar).toHaveAttribute('data-state', 'closed');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(sidebar).toHaveAttribute('data-state', 'open');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(screen.getByTestId('sidebar-overlay')).toBeInTheDocument();
    await user.click(linkIn(nav, 'Migrate'));
    expect(sidebar).toHaveAttribute('data-state', 'closed');
    expect(screen.queryByTestId('sidebar-overlay')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    window.innerWidth = 1024;
    await openShellAt('#/profile');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-state', 'closed');
  });

  it('closes when the window narrows below 1280 px', async () => {
    window.innerWidth = 1440;
    await openShellAt('#/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-state', 'open');
    window.innerWidth = 1200;
    fireEvent(window, new Event('resize'));
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-state', 'closed');
  });

  it('closes when the overlay is clicked', async () => {
    window.innerWidth = 800;
    await openShellAt('#/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByTestId('sidebar-overlay'));
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-state', 'closed');
  });

  it('stays as it is after a link is chosen at 1280 px and wider', async () => {
    window.innerWidth = 1440;
    const nav = await openShellAt('#/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(linkIn(nav, 'Migrate'));
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-state', 'open');
  });
});

describe('sidebar: the branch’s day', () => {
  it('offers Cash Drawer to a user with the pledge area and Day Close to admins only', async () => {
    const counter = { ...clerkUser, permissions: ['pledges.handle', 'customers.read', 'customers.create'] };
    const nav = await openShellAt('#/cash-drawer', counter);
    expect(linkIn(nav, 'Cash Drawer')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Day Close' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: /Administration/ })).not.toBeInTheDocument();
  });

  it('lights Day Close on its page for an admin, under Administration', async () => {
    const nav = await openShellAt('#/day-close');
    expect(linkIn(nav, 'Day Close')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link', { current: 'page' })).toHaveLength(1);
  });
});

describe('sidebar: customers for the counter', () => {
  const counter = { ...clerkUser, permissions: ['pledges.handle', 'customers.read', 'customers.create'] };

  it('offers Customers to a user with the pledge area and opens their own customers screen, without Delete', async () => {
    window.location.hash = '#/customers';
    seedSession({ user: counter, company: mainBranch });
    stubApi({
      'GET /api/users/me': () => jsonResponse(counter),
      'GET /api/customers/': () =>
        jsonResponse([
          {
            id: 5,
            acc_code: 'C000005',
            customer_name: 'Ravi Kumar',
            guardian_name: 'Kumar',
            mobile_number: '9840012345',
            alt_mobile_number: null,
            door_no: '7',
            street: 'West Masi Street',
            location: 'Town Hall',
            district: 'Madurai',
            pincode: '625001',
            id_proof: null,
            status: true,
            needs_completion: false,
            created_at: '2026-11-20T05:00:00Z',
          },
        ]),
    });
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 });
    expect(linkIn(nav, 'Customers')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Ravi Kumar', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Customer/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Edit Ravi Kumar/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete Ravi Kumar/ })).not.toBeInTheDocument();
  });

  it('keeps one Customers link for an admin, under Masters', async () => {
    const nav = await openShellAt('#/admin/customers');
    expect(within(nav).getAllByRole('link', { name: 'Customers' })).toHaveLength(1);
    expect(linkIn(nav, 'Customers')).toHaveAttribute('href', '#/admin/customers');
  });
});
