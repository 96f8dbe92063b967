import { describe, expect, it } from 'vitest';
import {
  bankSchema,
  chartAccountSchema,
  customerSchema,
  isValidParentAccount,
  jewelDesignSchema,
  jewelRateSchema,
  jewelTypeSchema,
  rateSchema,
  sameSchemeKey,
  schemeSchema,
  userCreateSchema,
  userUpdateSchema,
} from './masters.ts';
import { messages } from './test-helpers.ts';

describe('user form (shell-and-masters §5)', () => {
  const user = { username: 'ravi', email: 'ravi@example.in', role: 'user' as const, company_id: 1 };
  it('needs a password of at least 4 characters for a new user', () => {
    expect(userCreateSchema.safeParse({ ...user, password: 'abcd' }).success).toBe(true);
    const message = 'Password is required and must be at least 4 characters long for new users.';
    expect(messages(userCreateSchema.safeParse({ ...user, password: 'abc' }))).toEqual({ password: message });
    expect(messages(userCreateSchema.safeParse(user))).toEqual({ password: message });
  });
  it('on edit leaves a blank password out but wants 4 characters for a new one', () => {
    expect(userUpdateSchema.safeParse(user).success).toBe(true);
    expect(userUpdateSchema.safeParse({ ...user, password: '' }).success).toBe(true);
    expect(messages(userUpdateSchema.safeParse({ ...user, password: 'abc' }))).toEqual({
      password: 'Password must be at least 4 characters long.',
    });
  });
  it('requires username, email and role', () => {
    expect(messages(userCreateSchema.safeParse({ password: 'abcd' }))).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      role: 'Role is required',
    });
    expect(messages(userCreateSchema.safeParse({ ...user, role: 'owner', password: 'abcd' }))).toEqual({
      role: 'Role is required',
    });
  });
});

describe('gold and silver rate form (shell-and-masters §5)', () => {
  it('requires the date and both rates with at most 2 decimals', () => {
    expect(
      rateSchema.safeParse({ date: '2026-11-22', gold_rate_per_gram: 7510.5, silver_rate_per_gram: 95 })
        .success,
    ).toBe(true);
    expect(messages(rateSchema.safeParse({}))).toEqual({
      date: 'Date is required',
      gold_rate_per_gram: 'Gold rate is required',
      silver_rate_per_gram: 'Silver rate is required',
    });
    expect(
      messages(
        rateSchema.safeParse({ date: '2026-11-22', gold_rate_per_gram: 7510.555, silver_rate_per_gram: 95 }),
      ),
    ).toEqual({ gold_rate_per_gram: 'Amount can have at most 2 decimals' });
  });
});

describe('jewel type and jewel rate forms (shell-and-masters §5)', () => {
  it('needs jewel name and purity', () => {
    expect(messages(jewelTypeSchema.safeParse({ jewel_name: ' ', purity: '' }))).toEqual({
      jewel_name: 'Jewel name is required',
      purity: 'Purity is required',
    });
    expect(jewelTypeSchema.parse({ jewel_name: 'Gold', purity: '916' }).status).toBe(true);
  });
  it('is gold unless told silver, and refuses another metal', () => {
    expect(jewelTypeSchema.parse({ jewel_name: 'Chain', purity: '916' }).metal).toBe('gold');
    expect(jewelTypeSchema.parse({ jewel_name: 'Anklet', purity: '92.5', metal: 'silver' }).metal).toBe(
      'silver',
    );
    expect(
      messages(jewelTypeSchema.safeParse({ jewel_name: 'Ring', purity: '950', metal: 'platinum' })),
    ).toEqual({ metal: 'Metal must be gold or silver' });
  });
  it('needs a jewel type chosen: Please select a Jewel Type.', () => {
    const rate = { rate_per_gram: 6500, market_price: 6600, selling_price: 6700 };
    expect(messages(jewelRateSchema.safeParse(rate))).toEqual({
      jewel_type_id: 'Please select a Jewel Type.',
    });
    expect(messages(jewelRateSchema.safeParse({ ...rate, jewel_type_id: 0 }))).toEqual({
      jewel_type_id: 'Please select a Jewel Type.',
    });
    expect(jewelRateSchema.safeParse({ ...rate, jewel_type_id: 2 }).success).toBe(true);
  });
});

describe('jewel design', () => {
  it('needs a design name', () => {
    expect(messages(jewelDesignSchema.safeParse({ design_name: ' ' }))).toEqual({
      design_name: 'Design name is required',
    });
    expect(jewelDesignSchema.parse({ design_name: ' Necklace ' })).toEqual({
      design_name: 'Necklace',
      is_coin: false,
    });
    expect(jewelDesignSchema.parse({ design_name: 'Sovereign', is_coin: true }).is_coin).toBe(true);
  });
  it('accepts an effective date on a jewel rate', () => {
    const rate = { jewel_type_id: 1, rate_per_gram: 6500, market_price: 6600, selling_price: 6700 };
    expect(jewelRateSchema.safeParse({ ...rate, effective_date: '2026-11-22' }).success).toBe(true);
    expect(messages(jewelRateSchema.safeParse({ ...rate, effective_date: '22/11/2026' }))).toEqual({
      effective_date: 'Effective date must be a date',
    });
  });
});

describe('scheme form (shell-and-masters §5)', () => {
  const scheme = {
    jewel_type_id: 1,
    scheme_name: 'Gold Loan 1.5%',
    short_name: 'GL15',
    prefix: 'GL',
    duration_in_months: 12,
    interest_rate_per_month: 1.5,
    loan_eligibility_percentage: 75,
  };
  it('accepts a complete scheme, slippage 0 by default', () => {
    expect(schemeSchema.parse(scheme).slippage_percent).toBe(0);
  });
  it('requires every field and a jewel type', () => {
    const result = messages(schemeSchema.safeParse({}));
    expect(result.jewel_type_id).toBe('Please select a Jewel Type.');
    expect(Object.keys(result).sort()).toEqual(
      [
        'duration_in_months',
        'interest_rate_per_month',
        'jewel_type_id',
        'loan_eligibility_percentage',
        'prefix',
        'scheme_name',
        'short_name',
      ].sort(),
    );
  });
  it('keeps percents within range and the prefix letters only', () => {
    expect(
      messages(
        schemeSchema.safeParse({
          ...scheme,
          interest_rate_per_month: 101,
          loan_eligibility_percentage: 0,
          prefix: 'G1',
        }),
      ),
    ).toEqual({
      interest_rate_per_month: 'Interest rate per month is required (0 to 100)',
      loan_eligibility_percentage: 'Loan eligibility percentage is required (above 0, up to 100)',
      prefix: 'Prefix can contain letters only',
    });
  });
  it('compares names and prefixes case-insensitively for uniqueness', () => {
    expect(sameSchemeKey('Gold Loan', ' gold loan ')).toBe(true);
    expect(sameSchemeKey('GL', 'SL')).toBe(false);
  });
});

describe('chart account form (shell-and-masters §5)', () => {
  const account = {
    account_name: 'Cash',
    account_code: '1000',
    account_type: 'Asset',
    account_category: 'Current',
    company_id: 1,
  };
  it('defaults the opening balance to 0', () => {
    expect(chartAccountSchema.parse(account).opening_balance).toBe(0);
  });
  it('needs name, code, type, category and a company', () => {
    expect(messages(chartAccountSchema.safeParse({}))).toEqual({
      account_name: 'Account name is required',
      account_code: 'Account code is required',
      account_type: 'Account type is required',
      account_category: 'Account category is required',
      company_id: 'Company not selected. Please select a company.',
    });
  });
  it('does not let an account be its own parent', () => {
    expect(isValidParentAccount(5, 5)).toBe(false);
    expect(isValidParentAccount(5, 4)).toBe(true);
    expect(isValidParentAccount(undefined, 4)).toBe(true);
    expect(isValidParentAccount(5, null)).toBe(true);
  });
});

describe('customer form (shell-and-masters §5)', () => {
  it('requires the eight fields; alternate mobile and ID proof optional', () => {
    expect(Object.keys(messages(customerSchema.safeParse({ alt_mobile_number: null }))).sort()).toEqual(
      [
        'customer_name',
        'district',
        'door_no',
        'guardian_name',
        'location',
        'mobile_number',
        'pincode',
        'street',
      ].sort(),
    );
    expect(
      customerSchema.safeParse({
        customer_name: 'முருகன்',
        guardian_name: 'கணேசன்',
        mobile_number: '9876543210',
        door_no: '12',
        street: 'காந்தி தெரு',
        location: 'மயிலாப்பூர்',
        district: 'சென்னை',
        pincode: '600004',
      }).success,
    ).toBe(true);
  });
});

describe('bank form (shell-and-masters §5)', () => {
  it('gives the spec message for every required field', () => {
    expect(messages(bankSchema.safeParse({ status: true }))).toEqual({
      bank_name: 'Bank name is required',
      account_holder_name: 'Account holder name is required',
      account_number: 'Account number is required',
      ifsc_code: 'IFSC code is required',
      branch_name: 'Branch name is required',
      account_type: 'Account type is required',
    });
  });
});
