import { describe, expect, it } from 'vitest';
import {
  MAX_PLEDGES_PER_PAYMENT,
  multiplePledgePaymentSchema,
  pledgePaymentFormSchema,
  pledgePaymentSchema,
} from './payments.ts';
import { messages } from './test-helpers.ts';

const payment = {
  pledge_id: 7,
  payment_date: '2026-02-10',
  payment_type: 'interest' as const,
  amount: 750,
  interest_amount: 750,
  principal_amount: 0,
  payment_method: 'cash' as const,
  bank_reference: null,
  remarks: null,
};

describe('single payment request (pledges-and-payments §5)', () => {
  it('accepts a cash interest payment and defaults penalty and discount to 0', () => {
    const parsed = pledgePaymentSchema.parse(payment);
    expect(parsed.penalty_amount).toBe(0);
    expect(parsed.discount_amount).toBe(0);
  });
  it('uses the spec messages', () => {
    expect(messages(pledgePaymentFormSchema.safeParse({ amount: 0 }))).toEqual({
      customer_id: 'Please select a customer',
      pledge_id: 'Please select a pledge',
      payment_date: 'Please select a payment date',
      payment_type: 'Please select a payment type',
      amount: 'Please enter a valid payment amount',
      payment_method: 'Please select a payment method',
    });
  });
  it('needs a bank reference when the method is not cash', () => {
    expect(messages(pledgePaymentSchema.safeParse({ ...payment, payment_method: 'bank' }))).toEqual({
      bank_reference: 'Bank reference is required for non-cash payments',
    });
    expect(
      pledgePaymentSchema.safeParse({ ...payment, payment_method: 'online', bank_reference: 'UTR1' }).success,
    ).toBe(true);
  });
  it('keeps penalty and discount non-negative', () => {
    expect(
      messages(pledgePaymentSchema.safeParse({ ...payment, penalty_amount: -1, discount_amount: -0.01 })),
    ).toEqual({
      penalty_amount: 'Penalty amount cannot be negative',
      discount_amount: 'Discount amount cannot be negative',
    });
  });
});

describe('multiple-pledge payment request (docs/domain-rules.md §4.5, pledges-and-payments §5)', () => {
  const request = {
    customer_id: 3,
    total_payment_amount: 0.3,
    payment_method: 'cash' as const,
    payment_date: '2026-02-10',
    pledge_payments: [
      { pledge_id: 1, payment_amount: 0.1, interest_amount: 0.1, principal_amount: 0 },
      { pledge_id: 2, payment_amount: 0.2, interest_amount: 0.2, principal_amount: 0 },
    ],
  };
  it('accepts a request whose total is the sum of its parts (in paise)', () => {
    const parsed = multiplePledgePaymentSchema.parse(request);
    expect(parsed.pledge_payments[0]!.payment_type).toBe('regular');
    expect(parsed.approve_discount).toBe(false);
  });
  it('needs pledges and a total above 0', () => {
    expect(
      messages(
        multiplePledgePaymentSchema.safeParse({ ...request, pledge_payments: [], total_payment_amount: 0 }),
      ),
    ).toEqual({
      total_payment_amount: 'Please enter payment amounts',
      pledge_payments: 'Please select customer and pledges',
    });
  });
  it('takes at most MAX_PLEDGES_PER_PAYMENT pledges in one payment', () => {
    const parts = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        pledge_id: i + 1,
        payment_amount: 1,
        interest_amount: 1,
        principal_amount: 0,
      }));
    const at = (n: number) =>
      multiplePledgePaymentSchema.safeParse({
        ...request,
        pledge_payments: parts(n),
        total_payment_amount: n,
      });
    expect(at(MAX_PLEDGES_PER_PAYMENT).success).toBe(true);
    expect(messages(at(MAX_PLEDGES_PER_PAYMENT + 1))).toEqual({
      pledge_payments: `At most ${MAX_PLEDGES_PER_PAYMENT} pledges can be paid in one payment`,
    });
  });
  it('wants the total to match, approvals for discount and penalty, each pledge once', () => {
    const result = messages(
      multiplePledgePaymentSchema.safeParse({
        ...request,
        total_payment_amount: 0.31,
        total_discount_amount: 1,
        total_penalty_amount: 2,
        pledge_payments: [request.pledge_payments[0], { ...request.pledge_payments[1], pledge_id: 1 }],
      }),
    );
    expect(result).toEqual({
      total_payment_amount: 'Total payment amount must equal the sum of the pledge payments',
      approve_discount: 'Please approve the discount',
      approve_penalty: 'Please approve the penalty',
      'pledge_payments.1.pledge_id': 'A pledge can appear only once in a payment',
    });
  });
  it('needs a bank reference for a cheque', () => {
    expect(messages(multiplePledgePaymentSchema.safeParse({ ...request, payment_method: 'cheque' }))).toEqual(
      {
        bank_reference: 'Bank reference is required for non-cash payments',
      },
    );
  });
});
