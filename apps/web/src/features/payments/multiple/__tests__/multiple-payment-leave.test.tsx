import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { handlers, pickCustomer, renderPage, resultOf } from './multiple-payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** Whether the page asks the browser to confirm a reload or a closed tab. */
function reloadIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

// A reload or another screen in the middle of a payment lost it without a word.
it('asks before leaving a payment with a pledge selected, not when untouched or once paid', async () => {
  stubApi({
    ...handlers(),
    'POST /api/customers/5/multiple-pledge-payment': ({ init }) =>
      jsonResponse(resultOf(JSON.parse(String(init?.body))), 201),
  });
  const user = userEvent.setup();
  const router = renderPage('multiple-pledge-payment');
  await pickCustomer(user);
  expect(reloadIsQuestioned()).toBe(false);

  await user.click(screen.getByLabelText('Select GL-0001'));
  expect(reloadIsQuestioned()).toBe(true);
  await act(() => router.navigate('/pledge/receipt/1'));
  const dialog = await screen.findByRole('dialog', { name: 'Leave this screen?' });
  expect(dialog).toHaveTextContent('What you typed here has not been saved.');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(router.state.location.pathname).toBe('/pledge/multiple-payment-new');
  expect(screen.getByLabelText('Select GL-0001')).toBeChecked();

  await act(() => router.navigate('/pledge/receipt/1'));
  await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/pledge/receipt/1'));
});

it('lets the receipt open after the payment is saved', async () => {
  stubApi({
    ...handlers(),
    'POST /api/customers/5/multiple-pledge-payment': ({ init }) =>
      jsonResponse(resultOf(JSON.parse(String(init?.body))), 201),
  });
  const user = userEvent.setup();
  const router = renderPage('multiple-pledge-payment');
  await pickCustomer(user);
  await user.click(screen.getByLabelText('Select GL-0001'));
  await user.click(screen.getByRole('button', { name: /^Submit Payment/ }));
  await screen.findAllByText(/^Payment successful! Receipt:/);
  expect(reloadIsQuestioned()).toBe(false);
  await act(() => router.navigate('/pledge/receipt/1'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/pledge/receipt/1'));
  expect(screen.queryByRole('dialog', { name: 'Leave this screen?' })).toBeNull();
});
