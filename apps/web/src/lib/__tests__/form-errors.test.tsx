import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { ApiError, fieldPath, toApiError } from '../api-client';
import {
  applyServerErrors,
  installFocusFirstInvalid,
  rowMessages,
  serverFieldMessages,
} from '../form-errors';

const itemsError = () =>
  toApiError(422, {
    detail: [
      { loc: ['body', 'items', 2, 'net_weight'], msg: 'Net weight must be above 0', type: 'value_error' },
      { loc: ['body', 'items', 2, 'gross_weight'], msg: 'Gross weight is required', type: 'missing' },
      { loc: ['body', 'items', 0], msg: 'Choose a jewel type', type: 'value_error' },
      { loc: ['body', 'loan_amount'], msg: 'Loan amount is required', type: 'missing' },
      { loc: ['body', 'scheme_id'], msg: 'Scheme is closed', type: 'value_error' },
    ],
  });

describe('422 field paths', () => {
  it("keeps the whole loc: ['body', 'lines', 2, 'amount'] is lines.2.amount", () => {
    expect(fieldPath(['body', 'lines', 2, 'amount'])).toBe('lines.2.amount');
    expect(fieldPath(['query', 'from'])).toBe('from');
    expect(fieldPath(['body'])).toBe('');
    expect(serverFieldMessages(itemsError())).toMatchObject({
      'items.2.net_weight': 'Net weight must be above 0',
      'items.0': 'Choose a jewel type',
      loan_amount: 'Loan amount is required',
    });
    expect(serverFieldMessages(new Error('offline'))).toEqual({});
  });

  it('gives the first message of each row, by index, for tables with rows', () => {
    expect([...rowMessages(itemsError(), 'items')]).toEqual([
      [2, 'Net weight must be above 0'],
      [0, 'Choose a jewel type'],
    ]);
    expect(rowMessages(itemsError(), 'details').size).toBe(0);
  });

  it("sets react-hook-form errors on the rows' fields and returns what found no field", () => {
    const { result } = renderHook(() => {
      const form = useForm<{ loan_amount: string; items: { net_weight: string; gross_weight: string }[] }>({
        defaultValues: {
          loan_amount: '',
          items: [0, 1, 2].map(() => ({ net_weight: '', gross_weight: '' })),
        },
      });
      useFieldArray({ control: form.control, name: 'items' });
      return form;
    });
    let outcome: ReturnType<typeof applyServerErrors> | undefined;
    act(() => {
      outcome = applyServerErrors(
        itemsError(),
        result.current.setError,
        (path) => path === 'loan_amount' || /^items\.\d+\.(net_weight|gross_weight)$/.test(path),
      );
    });
    expect(outcome).toEqual({
      placed: true,
      unplaced: ['items.0: Choose a jewel type', 'scheme_id: Scheme is closed'],
    });
    // getFieldState reads the form's errors as set, without a render subscribing to them first.
    const messageOf = (path: 'loan_amount' | `items.${number}.net_weight` | `items.${number}.gross_weight`) =>
      result.current.getFieldState(path).error?.message;
    expect(messageOf('items.2.net_weight')).toBe('Net weight must be above 0');
    expect(messageOf('items.2.gross_weight')).toBe('Gross weight is required');
    expect(messageOf('items.0.net_weight')).toBeUndefined();
    expect(messageOf('loan_amount')).toBe('Loan amount is required');
  });

  it('places nothing for an error that is not a 422', () => {
    const { result } = renderHook(() => useForm<{ name: string }>());
    expect(applyServerErrors(new ApiError(409, 'Busy'), result.current.setError, ['name'])).toEqual({
      placed: false,
      unplaced: [],
    });
  });
});

describe('a refused submit', () => {
  function CheckedForm() {
    const [errors, setErrors] = useState<Record<string, string>>({});
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setErrors({ amount: 'Amount is required', remarks: 'Too long' });
        }}
      >
        <label htmlFor="name">Name</label>
        <input id="name" />
        <label htmlFor="amount">Amount</label>
        <input id="amount" aria-invalid={errors.amount ? true : undefined} />
        <label htmlFor="remarks">Remarks</label>
        <input id="remarks" aria-invalid={errors.remarks ? true : undefined} />
        <button type="submit">Save</button>
      </form>
    );
  }

  it('moves focus from the button to the first invalid field, for any form of the app', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders>
        <CheckedForm />
      </AppProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveFocus());
  });

  it('leaves a form alone that moved focus itself, or had nothing invalid', async () => {
    const uninstall = installFocusFirstInvalid(document);
    const { container } = render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          (event.currentTarget.elements.namedItem('b') as HTMLInputElement).focus();
        }}
      >
        <input name="a" aria-invalid="true" />
        <input name="b" />
        <button type="submit">Go</button>
      </form>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(container.querySelector('input[name="b"]')).toHaveFocus();
    uninstall();
  });
});
