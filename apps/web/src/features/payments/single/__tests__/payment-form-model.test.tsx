import { describe, expect, it } from 'vitest';
import {
  cashReceivedOf,
  emptyPaymentForm,
  historyTotals,
  paymentRequestOf,
  previewBalance,
  shownAmountText,
  withPaymentType,
} from '../payment-form-model';
import { balanceOf, history, paymentRow, pledge } from './payment-fixtures';

describe('the payment form model', () => {
  it('previews the balance with the domain rules: 83 days charge 3 months, the reversed payment counts not', () => {
    // 48,000 at 1.5 %: 720 a month, 2,160 for 3 months; paid 720 at the counter and 500 on 05/10.
    const preview = previewBalance(pledge, history, '2026-11-23');
    expect(preview).toMatchObject({
      days_elapsed: 83,
      months_elapsed: 2,
      interest_due: 2160,
      interest_paid: 1220,
      remaining_interest: 940,
      remaining_principal: 48000,
      total_outstanding: 48940,
      last_payment_date: '2026-10-05',
      is_payable: true,
    });
  });

  it('leaves out payments dated after the preview date', () => {
    const later = [
      paymentRow({ payment_date: '2026-11-20', principal_amount: 1000, interest_amount: 0, amount: 1000 }),
    ];
    expect(previewBalance(pledge, later, '2026-11-01')?.remaining_principal).toBe(48000);
    expect(previewBalance(pledge, later, '2026-11-23')?.remaining_principal).toBe(47000);
  });

  it('a full close shows the outstanding; leaving it clears the amount, other switches keep it', () => {
    const balance = balanceOf('2026-11-23');
    const typed = { ...withPaymentType(emptyPaymentForm('2026-11-23'), 'interest'), amountText: '700' };
    expect(shownAmountText(withPaymentType(typed, 'partial_principal'), balance)).toBe('700');
    const full = withPaymentType(typed, 'full_payment');
    expect(shownAmountText(full, balance)).toBe('49440.00');
    expect(shownAmountText(withPaymentType(full, 'interest'), balance)).toBe('');
  });

  it('builds the request in rupees with the split of the type, no bank reference for cash', () => {
    const state = {
      ...withPaymentType(emptyPaymentForm('2026-11-23'), 'full_payment'),
      penaltyText: '25.50',
      discountText: '10',
      bankReference: 'left over',
      remarks: '  ',
    };
    expect(paymentRequestOf(state, 40, balanceOf('2026-11-23'))).toEqual({
      pledge_id: 40,
      payment_date: '2026-11-23',
      payment_type: 'full_payment',
      amount: 49440,
      interest_amount: 1440,
      principal_amount: 48000,
      penalty_amount: 25.5,
      discount_amount: 10,
      payment_method: 'cash',
      bank_reference: null,
      remarks: null,
      receipt_no: null,
      cash_limit_confirmed: false,
    });
    expect(cashReceivedOf(state, balanceOf('2026-11-23'))).toBe(4_945_550);
  });

  it('sends the cash-limit confirmation only with a cash receipt (a bank payment needs none)', () => {
    const state = {
      ...withPaymentType(emptyPaymentForm('2026-11-23'), 'full_payment'),
      cashLimitConfirmed: true,
    };
    expect(paymentRequestOf(state, 40, balanceOf('2026-11-23')).cash_limit_confirmed).toBe(true);
    const bank = { ...state, paymentMethod: 'bank' as const, bankReference: 'UTR1' };
    expect(paymentRequestOf(bank, 40, balanceOf('2026-11-23')).cash_limit_confirmed).toBe(false);
  });

  it('totals the payments that count', () => {
    expect(historyTotals(history)).toEqual({
      amountPaise: 50_000,
      interestPaise: 50_000,
      principalPaise: 0,
      penaltyPaise: 0,
      discountPaise: 0,
      reversedCount: 1,
    });
  });
});
