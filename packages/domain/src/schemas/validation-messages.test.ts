import { describe, expect, it } from 'vitest';
import { isOperationAccount, OPERATION_ACCOUNT_CODES } from './daybook.ts';
import {
  bankSchema,
  CUSTOMER_MESSAGES,
  customerFieldsToComplete,
  customerSchema,
  IFSC_MESSAGE,
  jewelRateFormSchema,
  jewelRateSchema,
  normaliseMobile,
  RATE_MESSAGES,
  rateFormSchema,
  rateSchema,
} from './masters.ts';
import { messages } from './test-helpers.ts';

/** Each message fits the input; "required" only when the field is empty. */
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

describe('accounts a manual voucher may not use (docs/domain-rules.md §6.3)', () => {
  it('closes 1200 and the operations accounts, only as system accounts, and leaves 1190 open', () => {
    expect(OPERATION_ACCOUNT_CODES).toContain('1200');
    expect(isOperationAccount({ accountCode: '1200', isSystem: true })).toBe(true);
    expect(isOperationAccount({ accountCode: '4000', isSystem: true })).toBe(true);
    expect(isOperationAccount({ accountCode: '1190', isSystem: true })).toBe(false);
    expect(isOperationAccount({ accountCode: '2100', isSystem: false })).toBe(false);
  });
});

describe('customer formats (Indian)', () => {
  const customer = {
    customer_name: 'Ravi Kumar',
    guardian_name: 'Murugesan',
    mobile_number: '9840012345',
    door_no: '14',
    street: 'Car Street',
    location: 'Mylapore',
    district: 'Chennai',
    pincode: '600004',
  };
  it('refuses mobile 12345, alternate abcd and pincode 6000, each with its message', () => {
    expect(
      messages(
        customerSchema.safeParse({
          ...customer,
          mobile_number: '12345',
          alt_mobile_number: 'abcd',
          pincode: '6000',
        }),
      ),
    ).toEqual({
      mobile_number: CUSTOMER_MESSAGES.mobile,
      alt_mobile_number: CUSTOMER_MESSAGES.altPhone,
      pincode: CUSTOMER_MESSAGES.pincode,
    });
  });
  it('takes +91, 0 or spaces before a mobile and stores the 10 digits; a landline alternate with its STD code', () => {
    const parsed = customerSchema.parse({
      ...customer,
      mobile_number: '+91 98400 12345',
      alt_mobile_number: '0452-2345678',
      pincode: '600 004',
    });
    expect([parsed.mobile_number, parsed.alt_mobile_number, parsed.pincode]).toEqual([
      '9840012345',
      '04522345678',
      '600004',
    ]);
    expect(normaliseMobile('098400 12345')).toBe('9840012345');
    expect(customerSchema.safeParse({ ...customer, mobile_number: '5840012345' }).success).toBe(false);
  });
  it('lists what a migrated record must complete: empty fields and numbers out of format', () => {
    expect(
      customerFieldsToComplete({ ...customer, guardian_name: '', mobile_number: '0427 2412345' }),
    ).toEqual(['guardian_name', 'mobile_number']);
    expect(customerFieldsToComplete(customer)).toEqual([]);
  });
  it('wants an IFSC as 4 letters, 0, then 6 letters or digits, stored in capitals', () => {
    const bank = {
      bank_name: 'State Bank of India',
      account_holder_name: 'Sri Lakshmi Jewel Loans',
      account_number: '30012345678',
      branch_name: 'T. Nagar',
      account_type: 'Current',
    };
    expect(bankSchema.parse({ ...bank, ifsc_code: 'sbin0000817' }).ifsc_code).toBe('SBIN0000817');
    expect(messages(bankSchema.safeParse({ ...bank, ifsc_code: 'SBIN1000817' }))).toEqual({
      ifsc_code: IFSC_MESSAGE,
    });
  });
});
