import { describe, expect, it } from 'vitest';
import { denominationsSchema } from '../schemas/branch-day.ts';
import {
  type Denominations,
  denominationsTotalPaise,
  drawerDifference,
  drawerExpectedPaise,
  emptyDenominations,
} from './drawer.ts';

const count = (d: Partial<Denominations>): Denominations => ({ ...emptyDenominations(), ...d });

describe('denominationsTotalPaise (issue 14 item 2)', () => {
  it('counts 10 × ₹500, 5 × ₹200, 3 × ₹100, 4 × ₹50, 2 × ₹20, 7 × ₹10 and ₹37.50 in coins as ₹6,647.50', () => {
    const d = count({ '500': 10, '200': 5, '100': 3, '50': 4, '20': 2, '10': 7, coins: 37.5 });
    expect(denominationsTotalPaise(d)).toBe(664_750);
  });

  it('an empty count is ₹0', () => {
    expect(denominationsTotalPaise(emptyDenominations())).toBe(0);
  });

  it('refuses a negative or fractional count of notes', () => {
    expect(() => denominationsTotalPaise(count({ '500': -1 }))).toThrow(RangeError);
    expect(() => denominationsTotalPaise(count({ '100': 1.5 }))).toThrow(RangeError);
  });

  it('the schema fills a kind left out with 0 and refuses more than 100,000 notes of a kind', () => {
    expect(denominationsSchema.parse({ '500': 2 })).toEqual({ ...emptyDenominations(), '500': 2 });
    expect(denominationsSchema.safeParse({ '500': 100_001 }).success).toBe(false);
    expect(denominationsSchema.safeParse({ coins: -1 }).success).toBe(false);
    expect(denominationsSchema.safeParse({ '10': 2.5 }).success).toBe(false);
  });
});

describe('drawerExpectedPaise', () => {
  it('a float of ₹5,000, ₹1,250 received and ₹39,300 paid out expects −₹33,050 (the count shows it short)', () => {
    expect(
      drawerExpectedPaise({ openingPaise: 500_000, receiptsPaise: 125_000, payoutsPaise: 3_930_000 }),
    ).toBe(-3_305_000);
  });

  it('a float of ₹50,000, ₹600 received and ₹39,300 paid out expects ₹11,300', () => {
    expect(
      drawerExpectedPaise({ openingPaise: 5_000_000, receiptsPaise: 60_000, payoutsPaise: 3_930_000 }),
    ).toBe(1_130_000);
  });

  it('refuses fractions of a paisa', () => {
    expect(() => drawerExpectedPaise({ openingPaise: 0.5, receiptsPaise: 0, payoutsPaise: 0 })).toThrow();
  });
});

describe('drawerDifference (DOMAIN-RULES §6)', () => {
  it('a shortage of ₹150 debits 5100 and credits 1000', () => {
    expect(drawerDifference({ expectedPaise: 500_000, countedPaise: 485_000 })).toEqual({
      differencePaise: -15_000,
      kind: 'shortage',
      lines: [
        { accountCode: '5100', debitPaise: 15_000, creditPaise: 0 },
        { accountCode: '1000', debitPaise: 0, creditPaise: 15_000 },
      ],
    });
  });

  it('an excess of ₹100 debits 1000 and credits 4300', () => {
    expect(drawerDifference({ expectedPaise: 200_000, countedPaise: 210_000 })).toEqual({
      differencePaise: 10_000,
      kind: 'excess',
      lines: [
        { accountCode: '1000', debitPaise: 10_000, creditPaise: 0 },
        { accountCode: '4300', debitPaise: 0, creditPaise: 10_000 },
      ],
    });
  });

  it('a count to the paisa posts nothing', () => {
    expect(drawerDifference({ expectedPaise: 123_456, countedPaise: 123_456 })).toEqual({
      differencePaise: 0,
      kind: 'match',
      lines: [],
    });
  });

  it('a drawer expected at −₹50 (more paid out than it held) and counted at ₹0 is ₹50 over', () => {
    const d = drawerDifference({ expectedPaise: -5_000, countedPaise: 0 });
    expect(d.differencePaise).toBe(5_000);
    expect(d.kind).toBe('excess');
  });
});
