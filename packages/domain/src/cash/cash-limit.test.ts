import { describe, expect, it } from 'vitest';
import { cashLimitMessage, cashLimitVerdict, DEFAULT_CASH_LIMIT_PAISE } from './cash-limit.ts';

const limitPaise = DEFAULT_CASH_LIMIT_PAISE;

describe('cashLimitVerdict (Income-tax Act ss. 269SS / 269T)', () => {
  it('the default limit is ₹20,000', () => {
    expect(DEFAULT_CASH_LIMIT_PAISE).toBe(2_000_000);
  });

  it('₹19,999.99 in cash passes a ₹20,000 limit, ₹20,000 does not', () => {
    expect(cashLimitVerdict({ amountPaise: 1_999_999, method: 'cash', limitPaise, mode: 'block' })).toBe(
      'ok',
    );
    expect(cashLimitVerdict({ amountPaise: 2_000_000, method: 'cash', limitPaise, mode: 'block' })).toBe(
      'block',
    );
  });

  it('warn mode asks for a confirmation at or over the limit and passes once confirmed', () => {
    expect(cashLimitVerdict({ amountPaise: 3_930_000, method: 'cash', limitPaise, mode: 'warn' })).toBe(
      'confirm',
    );
    expect(
      cashLimitVerdict({ amountPaise: 3_930_000, method: 'cash', limitPaise, mode: 'warn', confirmed: true }),
    ).toBe('ok');
  });

  it('block mode refuses cash at or over the limit even when confirmed', () => {
    expect(
      cashLimitVerdict({
        amountPaise: 2_000_000,
        method: 'cash',
        limitPaise,
        mode: 'block',
        confirmed: true,
      }),
    ).toBe('block');
  });

  it('a bank transfer, online payment or cheque of any amount passes', () => {
    for (const method of ['bank_transfer', 'online', 'cheque', 'bank']) {
      expect(cashLimitVerdict({ amountPaise: 99_999_999, method, limitPaise, mode: 'block' })).toBe('ok');
    }
  });
});

describe('cashLimitMessage', () => {
  it('names the limit without paise: a block of a payout, a confirmation of a receipt', () => {
    expect(cashLimitMessage('block', limitPaise, 'payout')).toBe(
      'A cash payout of ₹20,000 or more is not allowed. Choose bank transfer or online.',
    );
    expect(cashLimitMessage('confirm', limitPaise, 'receipt')).toBe(
      "A cash receipt of ₹20,000 or more needs confirmation: tick 'Customer insists on cash' or choose bank transfer or online.",
    );
  });

  it('keeps the paise of a limit that has them (₹19,999.50)', () => {
    expect(cashLimitMessage('block', 1_999_950, 'payout')).toContain('₹19,999.50');
  });
});
