import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { companyChipParts } from '../shell/header';

afterEach(() => {
  vi.unstubAllGlobals();
});

function openShell(hash: string, user: typeof adminUser, companies: (typeof mainBranch)[]) {
  window.location.hash = hash;
  seedSession({ user, company: companies[0] ?? mainBranch });
  stubApi({
    'GET /api/users/me': () => jsonResponse(user),
    'GET /api/companies/': () => jsonResponse(companies),
  });
  renderApp();
}

describe('the header company chip', () => {
  it('keeps the part after the last " - " whole, so two branches of one business differ', () => {
    expect(companyChipParts({ id: 1, company_name: 'Sri Lakshmi Jewel Loans - Chennai' })).toEqual({
      lead: 'Sri Lakshmi Jewel Loans',
      tail: ' - Chennai',
    });
  });

  it('adds the city when the name does not hold it, and nothing when it does', () => {
    expect(companyChipParts({ id: 1, company_name: 'Main Branch', city: 'Madurai' })).toEqual({
      lead: 'Main Branch',
      tail: ' · Madurai',
    });
    expect(companyChipParts({ id: 1, company_name: 'Madurai Bankers', city: 'Madurai' }).tail).toBe('');
  });

  it('shows the distinguishing part in its own element, outside the truncated start', async () => {
    openShell('#/profile', adminUser, [{ ...mainBranch, company_name: 'Sri Lakshmi Jewel Loans - Chennai' }]);
    const chip = await screen.findByTestId('company-chip');
    expect(chip).toHaveAttribute('title', 'Sri Lakshmi Jewel Loans - Chennai');
    expect(within(chip).getByText('- Chennai')).not.toHaveClass('truncate');
  });
});

describe('the Change button', () => {
  it('is hidden from a user whose only branch is the current one', async () => {
    openShell('#/profile', clerkUser, [mainBranch]);
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Change Company' })).toBeNull());
  });

  it('shows for a user with two branches', async () => {
    openShell('#/profile', clerkUser, [mainBranch, secondBranch]);
    expect(await screen.findByRole('button', { name: 'Change Company' })).toBeInTheDocument();
  });

  it('shows for an admin with one company, who may create another there', async () => {
    openShell('#/profile', adminUser, [mainBranch]);
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    // Given time for the companies answer to arrive, the button is still there.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Change Company' })).toBeInTheDocument();
  });
});

describe('an address the user may not open', () => {
  it('lands a plain user on the dashboard and says why', async () => {
    openShell('#/admin/users', clerkUser, [mainBranch]);
    expect(await screen.findByText('You do not have access to that page.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 10_000 }),
    ).toBeVisible();
    // The mark that carried the refusal is gone, so a reload does not repeat it.
    await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
  });

  it('says nothing when the dashboard is opened directly', async () => {
    openShell('#/dashboard', clerkUser, [mainBranch]);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 10_000 });
    expect(screen.queryByText('You do not have access to that page.')).toBeNull();
  });
});

describe('the sidebar', () => {
  it('links the rates dashboard for everyone and Rate Management for the admin', async () => {
    openShell('#/profile', adminUser, [mainBranch]);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Gold & Silver Rates' })).toHaveAttribute(
      'href',
      '#/gold-silver-rates',
    );
    expect(within(nav).getByRole('link', { name: 'Rate Management', hidden: true })).toHaveAttribute(
      'href',
      '#/admin/gold-silver-rates',
    );
  });

  it('gives a plain user the rates dashboard and no Rate Management', async () => {
    openShell('#/profile', clerkUser, [mainBranch]);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Gold & Silver Rates' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Rate Management', hidden: true })).toBeNull();
  });
});
