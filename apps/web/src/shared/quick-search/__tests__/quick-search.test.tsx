import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clerkUser, jsonResponse, type stubApi } from '@/test/helpers';
import { openShell } from './quick-search-fixtures';

afterEach(() => {
  window.location.hash = '';
});

const searchUrls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname === '/api/search');

const box = () => screen.findByRole('combobox', { name: 'Search pledges and customers' });

describe('header search', () => {
  it('lists pledges and customers after a pause in typing, one request for the word', async () => {
    const fetchMock = openShell();
    const user = userEvent.setup();
    const input = await box();
    await user.type(input, 'முரு');
    const listbox = await screen.findByRole('listbox', { name: 'Pledges and customers' });
    expect(await within(listbox).findAllByRole('option')).toHaveLength(3);
    expect(within(listbox).getByRole('group', { name: 'Pledges' })).toBeInTheDocument();
    expect(within(listbox).getByRole('group', { name: 'Customers' })).toBeInTheDocument();
    expect(within(listbox).getByText('Closed')).toBeInTheDocument();
    expect(within(listbox).getByText('C000041 · 9842012345')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(searchUrls(fetchMock).map((u) => u.searchParams.get('q'))).toEqual(['முரு']);
  });

  it('moves through the options with the arrow keys and opens a pledge on Enter', async () => {
    openShell({
      'GET /api/pledges/7': () => jsonResponse({ detail: 'Pledge not found' }, 404),
    });
    const user = userEvent.setup();
    const input = await box();
    await user.type(input, 'GL');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last option it wraps to the first.
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    await waitFor(() => expect(window.location.hash).toBe('#/pledges?view=7'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it("opens the customer's pledges on Enter on a customer", async () => {
    const fetchMock = openShell();
    const user = userEvent.setup();
    await user.type(await box(), 'C0000');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(window.location.hash).toBe('#/pledges?search=C000041'));
    expect(await screen.findByLabelText('Search pledges')).toHaveValue('C000041');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => {
          const parsed = new URL(String(url), 'http://x');
          return parsed.pathname === '/api/pledges/' && parsed.searchParams.get('search') === 'C000041';
        }),
      ).toBe(true),
    );
  });

  it('closes the list on Escape, then clears the box on a second Escape', async () => {
    openShell();
    const user = userEvent.setup();
    const input = await box();
    await user.type(input, 'GL');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('GL');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
    expect(window.location.hash).toBe('#/profile');
  });

  it('says when nothing matches', async () => {
    openShell({ 'GET /api/search': () => jsonResponse({ pledges: [], customers: [] }) });
    const user = userEvent.setup();
    await user.type(await box(), 'zzz');
    expect(await screen.findByText('No pledges or customers found')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(window.location.hash).toBe('#/profile');
  });

  it('is not there for a user without the pledges permission', async () => {
    openShell({}, clerkUser);
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    expect(screen.queryByRole('combobox', { name: 'Search pledges and customers' })).not.toBeInTheDocument();
  });
});
