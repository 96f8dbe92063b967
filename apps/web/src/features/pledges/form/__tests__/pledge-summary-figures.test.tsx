import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/helpers';
import { chooseScheme, loadCustomer, lookupHandlers, pickDesign, renderAt } from './pledge-form-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

// A document charge of 'abc' counted as 0, so the Final Receipt Amount showed
// loan − interest as if nothing were charged. A figure that is not an amount makes no total.
it('an invalid document charge or loan leaves the Final Receipt Amount empty, not computed with 0', async () => {
  stubApi(lookupHandlers());
  const user = userEvent.setup();
  renderAt('/pledge/create');
  await loadCustomer(user);
  await chooseScheme(user);
  const addItem = screen.getByRole('button', { name: 'Add Item' });
  await waitFor(() => expect(addItem).toBeEnabled());
  await user.click(addItem);
  await pickDesign(user, 1, 'Ring');
  await user.type(screen.getByLabelText('Gross weight in grams, row 1'), '10.5');
  const net = screen.getByLabelText('Net weight in grams, row 1');
  await user.clear(net);
  await user.type(net, '10.5');
  const loan = screen.getByLabelText('Final Loan Amount');
  await user.type(loan, '48000');
  const final = screen.getByTestId('summary-final');
  // 48,000 − 720 first month interest − 100 document charge.
  expect(final).toHaveTextContent('Rs. 47,180.00');

  const charge = screen.getByLabelText('Document Charge');
  await user.clear(charge);
  await user.type(charge, '1O0');
  expect(final).toHaveTextContent(/^—$/);
  expect(final).not.toHaveTextContent('47,280');
  await user.clear(charge);
  await user.type(charge, '100');
  expect(final).toHaveTextContent('Rs. 47,180.00');

  await user.clear(loan);
  await user.type(loan, '48,000.555');
  expect(final).toHaveTextContent(/^—$/);
  expect(screen.getByLabelText('First Month Interest')).toHaveValue('—');
});
