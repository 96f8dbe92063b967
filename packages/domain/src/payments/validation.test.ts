import { describe, expect, it } from 'vitest';
import { fieldErrorMap } from '../errors/field-error.ts';
import {
  cashReceivedPaise,
  isPledgePending,
  multiplePaymentStatus,
  type PaymentDraft,
  validateMultiplePayment,
  validatePayment,
} from './validation.ts';

const context = { remainingInterestPaise: 75_000, remainingPrincipalPaise: 10_000_000 };
const draft = (over: Partial<PaymentDraft>): PaymentDraft => ({
  pledgeId: 7,
  paymentType: 'interest',
  paymentDate: '2026-02-10',
  paymentMethod: 'cash',
  amountPaise: 75_000,
  ...over,
});
const check = (over: Partial<PaymentDraft>, ctx: Parameters<typeof validatePayment>[1] = context) =>
  fieldErrorMap(validatePayment(draft(over), ctx));

describe('single payment form rules (pledges-and-payments §5)', () => {
  it('accepts an interest payment of the remaining interest', () => {
    expect(validatePayment(draft({}), context)).toEqual([]);
  });
  it('names each missing selection with the spec message', () => {
    expect(
      check({
        customerId: null,
        pledgeId: null,
        paymentType: '',
        paymentDate: '',
        paymentMethod: null,
        amountPaise: 0,
      }),
    ).toEqual({
      customer_id: 'Please select a customer',
      pledge_id: 'Please select a pledge',
      payment_type: 'Please select a payment type',
      payment_date: 'Please select a payment date',
      payment_method: 'Please select a payment method',
      amount: 'Please enter a valid payment amount',
    });
  });
  it('does not ask for a customer on the server (no customerId given)', () => {
    expect(check({})).toEqual({});
  });
  it('needs a bank reference for non-cash methods', () => {
    expect(check({ paymentMethod: 'bank', bankReference: '  ' })).toEqual({
      bank_reference: 'Bank reference is required for non-cash payments',
    });
    expect(check({ paymentMethod: 'online', bankReference: 'UTR123' })).toEqual({});
  });
  it('caps an interest payment at the remaining interest, in rupee-sign format', () => {
    expect(check({ amountPaise: 75_001 })).toEqual({ amount: 'Interest payment cannot exceed ₹750.00' });
  });
  it('holds the amount against no balance while the payment date is refused (the balance is of that date)', () => {
    const nothingOwed = { remainingInterestPaise: 0, remainingPrincipalPaise: 0, today: '2026-02-10' };
    expect(check({ paymentDate: '2026-02-11' }, nothingOwed)).toEqual({
      payment_date: 'Payment date cannot be in the future',
    });
    expect(check({ paymentDate: '2026-02-10' }, nothingOwed)).toEqual({
      amount: 'Interest payment cannot exceed ₹0.00',
    });
  });
  it('blocks partial principal while interest remains', () => {
    expect(check({ paymentType: 'partial_principal', amountPaise: 100_000 })).toEqual({
      payment_type: 'Please clear all interest payments before making principal payments',
    });
  });
  it('caps partial principal at the remaining principal', () => {
    const ctx = { remainingInterestPaise: 0, remainingPrincipalPaise: 10_000_000 };
    expect(check({ paymentType: 'partial_principal', amountPaise: 10_000_000 }, ctx)).toEqual({});
    expect(check({ paymentType: 'partial_principal', amountPaise: 10_000_001 }, ctx)).toEqual({
      amount: 'Principal payment cannot exceed ₹1,00,000.00',
    });
  });
  it('wants a full payment to equal principal plus interest exactly', () => {
    expect(check({ paymentType: 'full_payment', amountPaise: 10_075_000 })).toEqual({});
    expect(check({ paymentType: 'full_payment', amountPaise: 10_074_999 })).toEqual({
      amount: 'Full close amount must equal ₹1,00,750.00',
    });
  });
  it('rejects a split that differs from the one the type implies', () => {
    expect(check({ interestPaise: 75_000, principalPaise: 0 })).toEqual({});
    expect(check({ interestPaise: 70_000, principalPaise: 5_000 })).toEqual({
      interest_amount: 'Interest amount must be ₹750.00 for this payment',
      principal_amount: 'Principal amount must be ₹0.00 for this payment',
    });
    expect(
      check({
        paymentType: 'full_payment',
        amountPaise: 10_075_000,
        interestPaise: 75_000,
        principalPaise: 10_000_000,
      }),
    ).toEqual({});
  });
  it('keeps penalty and discount non-negative and the cash received not below 0', () => {
    expect(check({ penaltyPaise: -1, discountPaise: -1 })).toEqual({
      penalty_amount: 'Penalty amount cannot be negative',
      discount_amount: 'Discount amount cannot be negative',
    });
    expect(check({ penaltyPaise: 100, discountPaise: 75_100 })).toEqual({});
    expect(check({ penaltyPaise: 100, discountPaise: 75_101 })).toEqual({
      discount_amount: 'Discount cannot be more than the amount plus penalty',
    });
    expect(cashReceivedPaise(75_000, 100, 5_000)).toBe(70_100);
  });
  it('keeps the payment date between the pledge date or last payment and today', () => {
    const ctx = { ...context, pledgeDate: '2026-01-01', lastPaymentDate: '2026-02-01', today: '2026-03-01' };
    expect(check({ paymentDate: '2025-12-31' }, ctx)).toEqual({
      payment_date: 'Payment date cannot be before the pledge date',
    });
    expect(check({ paymentDate: '2026-01-31' }, ctx)).toEqual({
      payment_date: 'Payment date cannot be before the last payment (01/02/2026)',
    });
    expect(check({ paymentDate: '2026-03-02' }, ctx)).toEqual({
      payment_date: 'Payment date cannot be in the future',
    });
    expect(check({ paymentDate: '2026-02-01' }, ctx)).toEqual({});
    expect(check({ paymentDate: '2026-02-30' }, ctx)).toEqual({
      payment_date: 'Please select a payment date',
    });
  });
  it('rejects fractional paise as an invalid amount', () => {
    expect(check({ amountPaise: 0.5 })).toEqual({ amount: 'Please enter a valid payment amount' });
  });
});

describe('multiple-pledge payment rules (docs/domain-rules.md §4.5)', () => {
  const outstanding = new Map([
    [1, { remainingInterestPaise: 1_000, remainingPrincipalPaise: 10_000 }],
    [2, { remainingInterestPaise: 500, remainingPrincipalPaise: 5_000 }],
  ]);
  const base = {
    customerId: 3,
    paymentMethod: 'cash',
    paymentDate: '2026-02-10',
    parts: [
      { pledgeId: 1, paymentPaise: 3_000, interestPaise: 1_000, principalPaise: 2_000 },
      { pledgeId: 2, paymentPaise: 500, interestPaise: 500, principalPaise: 0 },
    ],
  };
  it('accepts parts split interest first within the outstanding', () => {
    expect(validateMultiplePayment({ ...base, totalPaymentPaise: 3_500 }, outstanding)).toEqual([]);
  });
  it('needs a customer and pledges', () => {
    expect(fieldErrorMap(validateMultiplePayment({ ...base, parts: [] }, outstanding))).toEqual({
      pledge_payments: 'Please select customer and pledges',
    });
  });
  it('rejects a part whose split is not interest first', () => {
    const parts = [{ pledgeId: 1, paymentPaise: 3_000, interestPaise: 0, principalPaise: 3_000 }];
    expect(fieldErrorMap(validateMultiplePayment({ ...base, parts }, outstanding))).toEqual({
      'pledge_payments.0.interest_amount':
        'Split must be interest ₹10.00 and principal ₹20.00 (interest first)',
    });
  });
  it('rejects a part above the outstanding and an unknown pledge', () => {
    const parts = [
      { pledgeId: 1, paymentPaise: 11_001, interestPaise: 1_000, principalPaise: 10_001 },
      { pledgeId: 9, paymentPaise: 100, interestPaise: 100, principalPaise: 0 },
    ];
    expect(fieldErrorMap(validateMultiplePayment({ ...base, parts }, outstanding))).toEqual({
      'pledge_payments.0.payment_amount': 'Payment cannot exceed the outstanding ₹110.00',
      'pledge_payments.1.pledge_id': 'This pledge is not pending for this customer',
    });
  });
  it('needs approval for a discount or a penalty and totals that add up', () => {
    const parts = [{ ...base.parts[0]!, discountPaise: 100, penaltyPaise: 50 }];
    expect(
      fieldErrorMap(
        validateMultiplePayment(
          { ...base, parts, totalPaymentPaise: 3_001, totalDiscountPaise: 100 },
          outstanding,
        ),
      ),
    ).toEqual({
      total_payment_amount: 'Total payment amount must equal the sum of the pledge payments',
      approve_discount: 'Please approve the discount',
      approve_penalty: 'Please approve the penalty',
    });
    expect(
      validateMultiplePayment({ ...base, parts, approveDiscount: true, approvePenalty: true }, outstanding),
    ).toEqual([]);
  });
  it('needs a bank reference for a cheque', () => {
    expect(fieldErrorMap(validateMultiplePayment({ ...base, paymentMethod: 'cheque' }, outstanding))).toEqual(
      {
        bank_reference: 'Bank reference is required for non-cash payments',
      },
    );
  });
  it('reports completed for a pledge that closed, else partial', () => {
    expect(multiplePaymentStatus({ remainingInterestPaise: 0, remainingPrincipalPaise: 0 })).toBe(
      'completed',
    );
    expect(multiplePaymentStatus({ remainingInterestPaise: 0, remainingPrincipalPaise: 1 })).toBe('partial');
  });
});

describe('a pledge is pending when active, not moved to bank and not closed (docs/domain-rules.md §4.2)', () => {
  it.each([
    [{ status: 'active', isMoveToBank: false, closedDate: null }, true],
    [{ status: 'inactive', isMoveToBank: false, closedDate: null }, false],
    [{ status: 'active', isMoveToBank: true, closedDate: null }, false],
    [{ status: 'active', isMoveToBank: false, closedDate: '2026-02-01' }, false],
  ])('%o -> %s', (p, pending) => {
    expect(isPledgePending(p)).toBe(pending);
  });
});
