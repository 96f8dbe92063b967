import { describe, expect, it } from 'vitest';
import { daybookEntrySchema } from './daybook.ts';
import { messages } from './test-helpers.ts';

const entry = {
  entry_date: '2026-11-22',
  voucher_type: 'Journal' as const,
  narration: 'Capital introduced',
  details: [
    { account_id: 1, debit_amount: 0.1, credit_amount: 0 },
    { account_id: 2, debit_amount: 0.2, credit_amount: 0 },
    { account_id: 3, debit_amount: 0, credit_amount: 0.3 },
  ],
};

describe('daybook entry (shell-and-masters §5)', () => {
  it('accepts a balanced entry, compared in paise (0.1 + 0.2 = 0.3)', () => {
    expect(daybookEntrySchema.safeParse(entry).success).toBe(true);
    expect(daybookEntrySchema.safeParse({ ...entry, total_amount: 0.3 }).success).toBe(true);
  });
  it('wants debits equal to credits', () => {
    const details = [
      { account_id: 1, debit_amount: 100, credit_amount: 0 },
      { account_id: 2, debit_amount: 0, credit_amount: 99.99 },
    ];
    expect(messages(daybookEntrySchema.safeParse({ ...entry, details }))).toEqual({
      details: 'Total debits must equal total credits.',
    });
  });
  it('wants at least one amount', () => {
    const details = [
      { account_id: 1, debit_amount: 0, credit_amount: 0 },
      { account_id: 2, debit_amount: 0, credit_amount: 0 },
    ];
    expect(messages(daybookEntrySchema.safeParse({ ...entry, details }))).toEqual({
      details: 'Please enter at least one debit or credit amount.',
    });
  });
  it('wants at least two accounts', () => {
    const details = [
      { account_id: 1, debit_amount: 100, credit_amount: 0 },
      { account_id: 1, debit_amount: 0, credit_amount: 100 },
    ];
    expect(messages(daybookEntrySchema.safeParse({ ...entry, details }))).toEqual({
      details: 'At least two accounts must be involved in the entry.',
    });
    expect(messages(daybookEntrySchema.safeParse({ ...entry, details: [details[0]] }))).toEqual({
      details: 'At least two accounts must be involved in the entry.',
    });
  });
  it('wants non-negative amounts, a narration and a voucher type', () => {
    const details = [
      { account_id: 1, debit_amount: -5, credit_amount: 0 },
      { account_id: 2, debit_amount: 0, credit_amount: 5 },
    ];
    const result = messages(
      daybookEntrySchema.safeParse({ ...entry, details, narration: '', voucher_type: 'Sales' }),
    );
    expect(result['details.0.debit_amount']).toBe('Debit amount cannot be negative');
    expect(result.narration).toBe('Narration is required');
    expect(result.voucher_type).toBe('Please select a voucher type');
  });
  it('rejects a line with both a debit and a credit, and a wrong total', () => {
    const details = [
      { account_id: 1, debit_amount: 5, credit_amount: 5 },
      { account_id: 2, debit_amount: 5, credit_amount: 0 },
      { account_id: 3, debit_amount: 0, credit_amount: 5 },
    ];
    expect(messages(daybookEntrySchema.safeParse({ ...entry, details }))).toEqual({
      'details.0.credit_amount': 'A line cannot have both a debit and a credit amount.',
    });
    expect(messages(daybookEntrySchema.safeParse({ ...entry, total_amount: 0.31 }))).toEqual({
      total_amount: 'Total amount must equal the total of the debits.',
    });
  });
});
