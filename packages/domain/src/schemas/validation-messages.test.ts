import { describe, expect, it } from 'vitest';
import { isOperationAccount, OPERATION_ACCOUNT_CODES } from './daybook.ts';
import {
  jewelRateFormSchema,
  jewelRateSchema,
  RATE_MESSAGES,
  rateFormSchema,
  rateSchema,
} from './masters.ts';
import { messages } from './test-helpers.ts';

/** Issue 10: each message fits the input; "required" only when the field is empty. */
describe('rate messages', () => {
  it('says a gold rate of -5 and a silver rate of 0 must be more than zero', () => {
    expect(
      messages(rateSchema.safeParse({ date: '2026-11-22', gold_rate_per_gram: -5, silver_rate_per_gram: 0 })),
    ).toEqual({
      gold_rate_per_gram: 'Gold rate must be more than zero',
      silver_rate_per_gram: 'Silver rate must be more than zero',
    });
  });
  it('says a jewel rate of -100 per gram must be more than zero and a negative price cannot be negative', () => {
    expect(
      messages(
        jewelRateSchema.safeParse({
          jewel_type_id: 1,
          rate_per_gram: -100,
          market_price: -1,
          selling_price: 5,
        }),
      ),
    ).toEqual({
      rate_per_gram: 'Rate per gram must be more than zero',
      market_price: 'Market price cannot be negative',
    });
  });
  it('refuses a rate dated after the business day in the form schemas, and takes today', () => {
    const rate = { gold_rate_per_gram: 7500, silver_rate_per_gram: 95 };
    expect(messages(rateFormSchema('2026-11-22').safeParse({ ...rate, date: '2026-11-23' }))).toEqual({
      date: RATE_MESSAGES.futureDate,
    });
    expect(rateFormSchema('2026-11-22').safeParse({ ...rate, date: '2026-11-22' }).success).toBe(true);
    const jewel = { jewel_type_id: 1, rate_per_gram: 6900, market_price: 0, selling_price: 0 };
    expect(
      messages(jewelRateFormSchema('2026-11-22').safeParse({ ...jewel, effective_date: '2027-01-01' })),
    ).toEqual({ effective_date: RATE_MESSAGES.futureDate });
    expect(jewelRateFormSchema('2026-11-22').safeParse(jewel).success).toBe(true);
  });
});

describe('accounts a manual voucher may not use (DOMAIN-RULES §6)', () => {
  it('closes 1200 and the operations accounts, only as system accounts, and leaves 1190 open', () => {
    expect(OPERATION_ACCOUNT_CODES).toContain('1200');
    expect(isOperationAccount({ accountCode: '1200', isSystem: true })).toBe(true);
    expect(isOperationAccount({ accountCode: '4000', isSystem: true })).toBe(true);
    expect(isOperationAccount({ accountCode: '1190', isSystem: true })).toBe(false);
    expect(isOperationAccount({ accountCode: '2100', isSystem: false })).toBe(false);
  });
});
