import { IFSC_MESSAGE } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

/** An IFSC is 4 letters, 0, then 6 letters or digits; the form says so under the field. */
afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

it('refuses SBIN000081 under the IFSC field and sends nothing', async () => {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = '#/admin/banks';
  const fetchMock = stubApi({
    'GET /api/users/me': () => jsonResponse(adminUser),
    'GET /api/bank-details/': () => jsonResponse([]),
  });
  renderApp();
  const user = userEvent.setup();
  await user.click((await screen.findAllByRole('button', { name: 'Add Bank' }))[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Add Bank' });
  await user.type(within(dialog).getByLabelText('Bank Name'), 'State Bank of India');
  await user.type(within(dialog).getByLabelText('Account Holder Name'), 'Sri Murugan Jewel Loans');
  await user.type(within(dialog).getByLabelText('Account Number'), '30123456789');
  await user.type(within(dialog).getByLabelText('IFSC Code'), 'SBIN000081');
  await user.type(within(dialog).getByLabelText('Branch Name'), 'Madurai Main');
  await user.type(within(dialog).getByLabelText('Account Type'), 'Current');
  await user.click(within(dialog).getByRole('button', { name: 'Create Bank' }));
  expect(await within(dialog).findByText(IFSC_MESSAGE)).toBeInTheDocument();
  expect(within(dialog).getByLabelText('IFSC Code')).toHaveAttribute('aria-invalid', 'true');
  expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
});
