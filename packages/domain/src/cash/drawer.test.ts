import { describe, expect, it } from 'vitest';
import { denominationsSchema } from '../schemas/branch-day.ts';
import {
  type Denominations,
  DRAWER_PAYOUT_MESSAGES,
  denominationsTotalPaise,
  drawerDifference,
  drawerExpectedPaise,
  drawerMovedPaise,
  drawerPayoutVerdict,
  emptyDenominations,
} from './drawer.ts';

const count = (d: Partial<Denominations>): Denominations => ({ ...emptyDenominations(), ...d });

describe('denominationsTotalPaise', () => {
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

const after = (receiptsPaise: number, payoutsPaise: number) => ({
  receiptsPaise,
  payoutsPaise,
  afterOpening: true,
});
const before = (receiptsPaise: number, payoutsPaise: number) => ({
  receiptsPaise,
  payoutsPaise,
  afterOpening: false,
});

describe('drawerExpectedPaise', () => {
  it('a float of ₹5,000, ₹1,250 received and ₹39,300 paid out expects −₹33,050 (the count shows it short)', () => {
    expect(
      drawerExpectedPaise({ openingPaise: 500_000, addedPaise: 0, movements: [after(125_000, 3_930_000)] }),
    ).toBe(-3_305_000);
  });

  it('a float of ₹50,000, ₹600 received and ₹39,300 paid out expects ₹11,300', () => {
    expect(
      drawerExpectedPaise({ openingPaise: 5_000_000, addedPaise: 0, movements: [after(60_000, 3_930_000)] }),
    ).toBe(1_130_000);
  });

  it('counts only the cash moved after the drawer was opened: a float of ₹25,250 with payouts of ₹78,700 and ₹16,000 made before the opening expects ₹25,250', () => {
    const movements = [before(0, 7_870_000), before(0, 1_600_000)];
    const expected = drawerExpectedPaise({ openingPaise: 2_525_000, addedPaise: 0, movements });
    expect(expected).toBe(2_525_000);
    // Counted ₹5,000: ₹20,250 short, not the ₹74,450 "excess" posted as income before the fix.
    expect(drawerDifference({ expectedPaise: expected, countedPaise: 500_000 })).toMatchObject({
      differencePaise: -2_025_000,
      kind: 'shortage',
    });
  });

  it('a bank deposit made before the opening is not the drawer’s, a receipt after it is', () => {
    expect(
      drawerExpectedPaise({
        openingPaise: 1_000_000,
        addedPaise: 0,
        movements: [before(0, 5_000_000), after(250_000, 100_000)],
      }),
    ).toBe(1_150_000);
    expect(drawerMovedPaise([before(0, 5_000_000), after(250_000, 100_000)])).toEqual({
      receiptsPaise: 250_000,
      payoutsPaise: 100_000,
    });
  });

  it('cash an admin added to cover a payout is part of the expected cash', () => {
    expect(
      drawerExpectedPaise({
        openingPaise: 2_525_000,
        addedPaise: 5_345_000,
        movements: [after(0, 7_870_000)],
      }),
    ).toBe(0);
  });

  it('refuses fractions of a paisa', () => {
    expect(() => drawerExpectedPaise({ openingPaise: 0.5, addedPaise: 0, movements: [] })).toThrow();
    expect(() =>
      drawerExpectedPaise({ openingPaise: 0, addedPaise: 0, movements: [after(0.5, 0)] }),
    ).toThrow();
  });
});

describe('drawerPayoutVerdict', () => {
  const rules = { noDrawerMode: 'warn', shortMode: 'block', isAdmin: false } as const;

  it('a payout the drawer holds is taken', () => {
    expect(drawerPayoutVerdict({ ...rules, payoutPaise: 2_525_000, heldPaise: 2_525_000 })).toEqual({
      verdict: 'ok',
      addedPaise: 0,
    });
  });

  it('a payout larger than the drawer holds is refused in block mode, even for an admin', () => {
    expect(drawerPayoutVerdict({ ...rules, payoutPaise: 7_870_000, heldPaise: 2_525_000 })).toEqual({
      verdict: 'short',
      heldPaise: 2_525_000,
    });
    expect(
      drawerPayoutVerdict({ ...rules, isAdmin: true, payoutPaise: 7_870_000, heldPaise: 2_525_000 }).verdict,
    ).toBe('short');
  });

  it('admin mode: an admin’s payout adds the shortfall from the safe, anyone else’s is refused', () => {
    const admin = { ...rules, shortMode: 'admin' } as const;
    expect(
      drawerPayoutVerdict({ ...admin, isAdmin: true, payoutPaise: 7_870_000, heldPaise: 2_525_000 }),
    ).toEqual({ verdict: 'ok', addedPaise: 5_345_000 });
    expect(drawerPayoutVerdict({ ...admin, payoutPaise: 7_870_000, heldPaise: 2_525_000 }).verdict).toBe(
      'short',
    );
  });

  it('no drawer open: warn lets the payout pass, block refuses it', () => {
    expect(drawerPayoutVerdict({ ...rules, payoutPaise: 100, heldPaise: null }).verdict).toBe('ok');
    expect(
      drawerPayoutVerdict({ ...rules, noDrawerMode: 'block', payoutPaise: 100, heldPaise: null }),
    ).toEqual({
      verdict: 'no-drawer',
    });
  });

  it('cash coming in is never refused by the drawer rules', () => {
    const strict = { noDrawerMode: 'block', shortMode: 'block', isAdmin: false } as const;
    expect(drawerPayoutVerdict({ ...strict, payoutPaise: -500_000, heldPaise: null }).verdict).toBe('ok');
    expect(drawerPayoutVerdict({ ...strict, payoutPaise: 0, heldPaise: 0 }).verdict).toBe('ok');
  });

  it('names what the drawer holds and the payout', () => {
    expect(DRAWER_PAYOUT_MESSAGES.short(2_525_000, 7_870_000, 'block')).toBe(
      'Your cash drawer holds ₹25,250.00, less than this cash payout of ₹78,700.00. Pay by bank transfer or online.',
    );
    expect(DRAWER_PAYOUT_MESSAGES.noDrawerBlock('2026-11-28')).toBe(
      'You have no cash drawer open for 28/11/2026. Open your cash drawer before paying out cash.',
    );
  });
});

describe('denominationsSchema refuses a note it does not count', () => {
  it('refuses {"2000": 5} under denominations.2000, naming the withdrawn note', () => {
    const parsed = denominationsSchema.safeParse({ '2000': 5, '500': 1 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['2000'],
        message:
          '₹2000 notes are withdrawn from circulation and are not counted in a drawer: exchange them at a bank.',
      }),
    ]);
  });

  it('refuses any other key by its name, and keeps only the counted kinds', () => {
    expect(denominationsSchema.safeParse({ '5': 3 }).error?.issues[0]).toMatchObject({
      path: ['5'],
      message:
        'A count has no ₹5 notes: count ₹500, ₹200, ₹100, ₹50, ₹20 and ₹10 notes, and coins in rupees.',
    });
    expect(denominationsSchema.safeParse({ rupees: 3 }).error?.issues[0]?.path).toEqual(['rupees']);
    expect(Object.keys(denominationsSchema.parse({ '10': 1 })).sort()).toEqual(
      ['10', '100', '20', '200', '50', '500', 'coins'].sort(),
    );
  });
});

describe('drawerDifference (docs/domain-rules.md §9.2)', () => {
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
