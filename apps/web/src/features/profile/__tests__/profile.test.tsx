import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import { ProfilePage } from '../pages/profile-page';

function renderProfile() {
  return render(
    <AppProviders>
      <ProfilePage />
    </AppProviders>,
  );
}

describe('profile', () => {
  it("says 'User data not found.' without a user", () => {
    renderProfile();
    expect(screen.getByText('User data not found.')).toBeInTheDocument();
  });

  it('shows the initials, username, email and the Role, Company ID and Member Since tiles', () => {
    seedSession({ user: { ...adminUser, company_id: 7 }, company: mainBranch });
    renderProfile();
    expect(screen.getByRole('heading', { name: 'admin' })).toBeInTheDocument();
    expect(screen.getByText('AD')).toBeInTheDocument();
    expect(screen.getByText('admin@example.in')).toBeInTheDocument();
    expect(screen.getByText('Role').nextSibling).toHaveTextContent('Admin');
    expect(screen.getByText('Company ID').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Member Since').nextSibling).toHaveTextContent('15/01/2026');
  });
});
