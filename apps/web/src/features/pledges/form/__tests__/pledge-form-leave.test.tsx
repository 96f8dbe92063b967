import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { loadCustomer, lookupHandlers, renderAt, storedPledge } from './pledge-form-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function reloadIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

// A reload or a move to another screen in the middle of Create Pledge lost the
// customer, the items and the loan without a word.
it('Create Pledge asks before leaving once something is typed, and lets an untouched form go', async () => {
  stubApi(lookupHandlers());
  const user = userEvent.setup();
  const router = renderAt('/pledge/create');
  await screen.findByLabelText('Customer ID');
  expect(reloadIsQuestioned()).toBe(false);

  await loadCustomer(user);
  expect(reloadIsQuestioned()).toBe(true);
  await act(() => router.navigate('/pledges'));
  await screen.findByRole('dialog', { name: 'Leave this screen?' });
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(router.state.location.pathname).toBe('/pledge/create');
  expect(screen.getByLabelText('Customer ID')).toHaveValue('C000123');

  await act(() => router.navigate('/pledges'));
  await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/pledges'));
});

it('Edit Pledge lets an untouched pledge go, and asks once a figure is changed', async () => {
  stubApi({ ...lookupHandlers(), 'GET /api/pledges/40': () => jsonResponse(storedPledge) });
  const user = userEvent.setup();
  const router = renderAt('/pledge/edit/40');
  await screen.findByTestId('edit-pledge-no');
  expect(reloadIsQuestioned()).toBe(false);
  await user.type(screen.getByLabelText('Remarks, row 1'), ' scratched');
  expect(reloadIsQuestioned()).toBe(true);
  await act(() => router.navigate('/pledges'));
  expect(await screen.findByRole('dialog', { name: 'Leave this screen?' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/pledge/edit/40');
});
