import { describe, expect, it } from 'vitest';
import { id, MAX_ID, MAX_RUPEES, MAX_VOUCHER_LINES, plainDate, rupees } from './common.ts';
import { DAYBOOK_MESSAGES, daybookEntrySchema } from './daybook.ts';

// Every bound a request meets fits the column it lands in.

describe('bounds of the request schemas', () => {
  it('takes ids up to 2^31 - 1, the integer columns, and no further', () => {
    const schema = id('Pick one');
    expect(schema.safeParse(MAX_ID).success).toBe(true);
    expect(schema.safeParse(MAX_ID + 1).success).toBe(false);
    expect(schema.safeParse(2 ** 53 - 1).success).toBe(false);
  });

  it('takes amounts up to 9,999,999,999.99, what numeric(12,2) holds', () => {
    expect(rupees().safeParse(MAX_RUPEES).success).toBe(true);
    expect(rupees().safeParse(10_000_000_000).success).toBe(false);
  });

  it('takes dates in the years 1900 to 2999 only', () => {
    const schema = plainDate('Date is required');
    expect(schema.safeParse('2026-10-01').success).toBe(true);
    expect(schema.safeParse('9999-12-31').success).toBe(false);
    expect(schema.safeParse('0001-01-01').success).toBe(false);
  });

  it(`takes vouchers of at most ${MAX_VOUCHER_LINES} lines whose debits fit numeric(14,2)`, () => {
    const line = (i: number, amount: number) =>
      i % 2
        ? { account_id: 1, debit_amount: amount, credit_amount: 0 }
        : { account_id: 2, debit_amount: 0, credit_amount: amount };
    const entry = (lines: number, amount: number) => ({
      entry_date: '2026-10-01',
      voucher_type: 'Journal',
      narration: 'Test',
      details: Array.from({ length: lines }, (_, i) => line(i, amount)),
    });
    expect(daybookEntrySchema.safeParse(entry(200, 1)).success).toBe(true);
    expect(daybookEntrySchema.safeParse(entry(202, 1)).success).toBe(false);
    // 200 lines of the largest amount still fit (at most 100 on the smaller side); 150 debits do not.
    expect(daybookEntrySchema.safeParse(entry(200, MAX_RUPEES)).success).toBe(true);
    const heavy = entry(200, MAX_RUPEES);
    heavy.details = heavy.details.map((d, i) => (i < 150 ? line(1, MAX_RUPEES) : d));
    const result = daybookEntrySchema.safeParse(heavy);
    expect(result.error?.issues.map((i) => i.message)).toContain(DAYBOOK_MESSAGES.totalTooLarge);
  });
});
