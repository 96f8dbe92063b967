import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  jsonResponse,
  mainBranch,
  renderApp,
  secondBranch,
  seedSession,
  stubApi,
} from '@/test/helpers';
import { companyOfKey, companyQueryKey, keepPreviousDataOf } from '../company-query';

function customer(id: number, name: string) {
  return {
    id,
    acc_code: `C${String(id).padStart(6, '0')}`,
    customer_name: name,
    guardian_name: 'Guardian',
    mobile_number: '9842012345',
    alt_mobile_number: null,
    door_no: '1',
    street: 'Car Street',
    location: 'Town',
    district: 'Madurai',
    pincode: '625001',
    id_proof: null,
    status: true,
    needs_completion: false,
    created_at: '2026-11-20T10:00:00Z',
  };
}

function listAnswer(rows: unknown[]) {
  const response = jsonResponse(rows);
  response.headers.set('X-Total-Count', String(rows.length));
  return response;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('changing branch', () => {
  it("lists the new branch's customers, asked with its X-Company-Id, and never the old branch's", async () => {
    // The second branch's answer waits until the test lets it go, so the screen can be read while it
    // is on its way: the first branch's rows must not stand in for it.
    let releaseSecond: () => void = () => {};
    const secondAnswered = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const fetchMock = stubApi({
      'GET /api/users/me': () => jsonResponse(adminUser),
      'GET /api/companies/': () => jsonResponse([mainBranch, secondBranch]),
      'GET /api/customers/': async ({ init }) => {
        const companyId = (init!.headers as Record<string, string>)['X-Company-Id'];
        if (companyId === '1') return listAnswer([customer(1, 'Main Branch Customer')]);
        await secondAnswered;
        return listAnswer([customer(2, 'Tirunelveli Customer')]);
      },
    });
    seedSession({ user: adminUser, company: mainBranch });
    window.location.hash = '#/admin/customers';
    renderApp();
    expect(await screen.findByText('Main Branch Customer')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change Company' }));
    await user.click(await screen.findByRole('button', { name: /Tirunelveli Branch/ }));
    await user.click(screen.getByRole('button', { name: 'Continue with Selected Company' }));
    if (!window.location.hash.includes('/admin/customers')) {
      act(() => {
        window.location.hash = '#/admin/customers';
      });
    }

    await waitFor(() => {
      const asked = fetchMock.mock.calls.filter(
        ([url, init]) =>
          String(url).startsWith('/api/customers/') &&
          (init!.headers as Record<string, string>)['X-Company-Id'] === '2',
      );
      expect(asked).toHaveLength(1);
    });
    expect(screen.queryByText('Main Branch Customer')).not.toBeInTheDocument();

    releaseSecond();
    expect(await screen.findByText('Tirunelveli Customer')).toBeInTheDocument();
    expect(screen.queryByText('Main Branch Customer')).not.toBeInTheDocument();
  });
});

describe('company query keys', () => {
  it('put the company after the base, so invalidating the base reaches every branch', () => {
    expect(companyQueryKey(['customers'], 2, { skip: 0 })).toEqual([
      'customers',
      { companyId: 2 },
      { skip: 0 },
    ]);
    expect(companyOfKey(companyQueryKey(['reports', 'ledger'], 7))).toBe(7);
    expect(companyOfKey(['companies'])).toBeUndefined();
  });

  it("keep the previous page on screen for the same branch only, never another branch's", () => {
    const page = { rows: ['old'] };
    const keep = keepPreviousDataOf<typeof page>(2);
    expect(keep(page, { queryKey: companyQueryKey(['customers'], 2, { skip: 0 }) })).toBe(page);
    expect(keep(page, { queryKey: companyQueryKey(['customers'], 1, { skip: 0 }) })).toBeUndefined();
    expect(keep(page, undefined)).toBeUndefined();
  });
});
