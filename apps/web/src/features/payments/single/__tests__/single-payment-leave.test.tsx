import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { paymentHandlers, renderPayment, savedPayment } from './payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function reloadIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

// Ask before a typed payment is lost; not once it is saved.
it('asks before leaving a typed payment, and lets the receipt open once it is saved', async () => {
  stubApi({ ...paymentHandlers(), 'POST /api/pledge-payments/': () => jsonResponse(savedPayment(), 201) });
  const user = userEvent.setup();
  const router = renderPayment('/pledge/payment?pledge_id=40');
  const submit = () => screen.getByRole('button', { name: /Submit Payment|Saving|Loading balance/ });
  await waitFor(() => expect(submit()).toHaveTextContent('Submit Payment'));
  expect(reloadIsQuestioned()).toBe(false);

  const type = screen.getByLabelText('Payment Type') as HTMLSelectElement;
  await user.selectOptions(type, within(type).getByRole('option', { name: 'Interest' }));
  await user.type(screen.getByLabelText('Amount'), '500');
  expect(reloadIsQuestioned()).toBe(true);
  await act(() => router.navigate('/pledge/receipt/1'));
  await screen.findByRole('dialog', { name: 'Leave this screen?' });
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByLabelText('Amount')).toHaveValue('500');

  await user.click(submit());
  expect(await screen.findByText('Payment saved successfully')).toBeInTheDocument();
  expect(reloadIsQuestioned()).toBe(false);
  await user.click(screen.getByRole('link', { name: 'Print Receipt' }));
  expect(await screen.findByText('Receipt screen')).toBeInTheDocument();
});
