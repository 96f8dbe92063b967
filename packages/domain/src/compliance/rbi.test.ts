import { describe, expect, it } from 'vitest';
import {
  bulletRepayablePaise,
  checkRbiLtv,
  isBulletTermTooLong,
  ltvMessage,
  ltvTierFor,
  NO_WEIGHTS,
  RBI_DEFAULT_RULES,
  rbiMaxLoanPaise,
  rbiRateOn,
  rbiValuationRatePaise,
  rbiWeightBreaches,
} from './rbi.ts';

const tiers = RBI_DEFAULT_RULES.ltvTiers;
const lakh = (n: number) => Math.round(n * 100_000 * 100);

describe('the loan-to-value tier of a borrower (para 19)', () => {
  it('allows 85 % while the gold loans total ₹2,50,000, and 80 % from ₹2,50,001', () => {
    expect(ltvTierFor(25_000_000, tiers).ltvBp).toBe(8500);
    expect(ltvTierFor(25_000_100, tiers).ltvBp).toBe(8000);
  });

  it('allows 80 % up to ₹5,00,000 and 75 % above it', () => {
    expect(ltvTierFor(50_000_000, tiers).ltvBp).toBe(8000);
    expect(ltvTierFor(50_000_100, tiers).ltvBp).toBe(7500);
    expect(ltvTierFor(lakh(50), tiers).ltvBp).toBe(7500);
  });

  it('counts the borrower’s other open loans in the total that picks the tier', () => {
    // ₹2,00,000 new on ₹60,000 already open: ₹2,60,000 in all, the 80 % tier.
    const v = checkRbiLtv({
      loanPaise: lakh(2),
      valuationPaise: lakh(2.45),
      otherLoansPaise: 6_000_000,
      bullet: null,
      tiers,
    });
    expect(v.totalPaise).toBe(26_000_000);
    expect(v.tier.ltvBp).toBe(8000);
    // 80 % of ₹2,45,000 is ₹1,96,000: ₹2,00,000 is over.
    expect(v.limitPaise).toBe(19_600_000);
    expect(v.ok).toBe(false);
  });
});

describe('the loan-to-value rule on worked examples', () => {
  it('takes a ₹2,50,000 loan on articles worth ₹2,94,118 (85 %: ₹2,50,000.30) and refuses it on ₹2,94,117', () => {
    const at = (valuationPaise: number) =>
      checkRbiLtv({ loanPaise: 25_000_000, valuationPaise, otherLoansPaise: 0, bullet: null, tiers });
    expect(at(29_411_800).ok).toBe(true);
    expect(at(29_411_800).limitPaise).toBe(25_000_030);
    expect(at(29_411_700).ok).toBe(false);
  });

  it('puts a ₹2,50,001 loan in the 80 % tier: it needs articles worth ₹3,12,501.25', () => {
    const at = (valuationPaise: number) =>
      checkRbiLtv({ loanPaise: 25_000_100, valuationPaise, otherLoansPaise: 0, bullet: null, tiers });
    expect(at(31_250_125).ok).toBe(true);
    expect(at(31_250_124).ok).toBe(false);
  });

  it('counts a bullet loan’s interest for the term: ₹1,00,000 at 1.5 % for 12 months repays ₹1,18,000', () => {
    expect(bulletRepayablePaise(10_000_000, 150, 12)).toBe(11_800_000);
    // Articles worth ₹1,30,000: 85 % is ₹1,10,500. The loan alone passes; what is repayable does not.
    const plain = checkRbiLtv({
      loanPaise: 10_000_000,
      valuationPaise: 13_000_000,
      otherLoansPaise: 0,
      bullet: null,
      tiers,
    });
    expect(plain.ok).toBe(true);
    const bullet = checkRbiLtv({
      loanPaise: 10_000_000,
      valuationPaise: 13_000_000,
      otherLoansPaise: 0,
      bullet: { rateBp: 150, months: 12 },
      tiers,
    });
    expect(bullet.exposurePaise).toBe(11_800_000);
    expect(bullet.limitPaise).toBe(11_050_000);
    expect(bullet.ok).toBe(false);
    expect(ltvMessage(bullet, true)).toBe(
      "The amount repayable at maturity of ₹1,18,000.00 is above 85% of the articles' value (₹1,10,500.00), the RBI limit for a borrower whose gold loans come to ₹1,00,000.00",
    );
  });

  it('finds the largest loan the rule allows, within the tier the loan itself lands in', () => {
    // ₹3,00,000 of articles, nothing else open: 85 % would be ₹2,55,000, but that total is in the
    // 80 % tier (₹2,40,000); the best is ₹2,50,000 at 85 %.
    expect(rbiMaxLoanPaise({ valuationPaise: lakh(3), otherLoansPaise: 0, bullet: null, tiers })).toBe(
      lakh(2.5),
    );
    // A bullet loan at 1.5 % for 12 months on ₹1,30,000: repayable ≤ ₹1,10,500, so the loan ≤ ₹93,644.06.
    const most = rbiMaxLoanPaise({
      valuationPaise: 13_000_000,
      otherLoansPaise: 0,
      bullet: { rateBp: 150, months: 12 },
      tiers,
    });
    expect(bulletRepayablePaise(most, 150, 12)).toBeLessThanOrEqual(11_050_000);
    expect(bulletRepayablePaise(most + 1, 150, 12)).toBeGreaterThan(11_050_000);
    // With ₹6,00,000 already open every new rupee is in the 75 % tier.
    expect(rbiMaxLoanPaise({ valuationPaise: lakh(1), otherLoansPaise: lakh(6), bullet: null, tiers })).toBe(
      lakh(0.75),
    );
  });
});

describe('the term of a loan repaid in one sum (para 15)', () => {
  it('allows 12 months and refuses 13', () => {
    expect(isBulletTermTooLong(12, RBI_DEFAULT_RULES)).toBe(false);
    expect(isBulletTermTooLong(13, RBI_DEFAULT_RULES)).toBe(true);
  });
});

describe('the weight limits per borrower (para 16)', () => {
  it('allows 1,000 g of gold ornaments and refuses 1,000.001 g', () => {
    const held = { ...NO_WEIGHTS, goldOrnamentsMg: 600_000 };
    expect(rbiWeightBreaches(held, { ...NO_WEIGHTS, goldOrnamentsMg: 400_000 }, RBI_DEFAULT_RULES)).toEqual(
      [],
    );
    const over = rbiWeightBreaches(held, { ...NO_WEIGHTS, goldOrnamentsMg: 400_001 }, RBI_DEFAULT_RULES);
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({ kind: 'goldOrnamentsMg', totalMg: 1_000_001, limitMg: 1_000_000 });
    expect(over[0]!.message).toBe(
      "The borrower's gold ornaments would come to 1,000.001 g, above the RBI limit of 1,000.000 g per borrower",
    );
  });

  it('holds gold coins to 50 g, silver ornaments to 10 kg and silver coins to 500 g', () => {
    const adding = {
      goldOrnamentsMg: 0,
      goldCoinsMg: 50_001,
      silverOrnamentsMg: 10_000_001,
      silverCoinsMg: 500_000,
    };
    expect(rbiWeightBreaches(NO_WEIGHTS, adding, RBI_DEFAULT_RULES).map((b) => b.kind)).toEqual([
      'goldCoinsMg',
      'silverOrnamentsMg',
    ]);
  });

  it('does not refuse a pledge that adds nothing of a kind already over its limit', () => {
    const held = { ...NO_WEIGHTS, goldCoinsMg: 80_000 };
    expect(rbiWeightBreaches(held, { ...NO_WEIGHTS, goldOrnamentsMg: 10_000 }, RBI_DEFAULT_RULES)).toEqual(
      [],
    );
  });
});

describe('the valuation rate (paras 17–18)', () => {
  it('takes the lower of the previous day’s rate and the 30-day average', () => {
    // Rates of ₹6,800, ₹6,900 and ₹7,000 a gram: the average is ₹6,900; the previous day ₹7,000.
    expect(rbiValuationRatePaise(700_000, [680_000, 690_000, 700_000])).toEqual({
      ratePaise: 690_000,
      averagePaise: 690_000,
    });
    // Falling prices: the previous day's ₹6,500 is below the average.
    expect(rbiValuationRatePaise(650_000, [700_000, 680_000, 650_000]).ratePaise).toBe(650_000);
  });

  it('rounds the average to the paisa, half up', () => {
    expect(rbiValuationRatePaise(null, [100, 101]).averagePaise).toBe(101);
    expect(rbiValuationRatePaise(null, [100, 100, 101]).averagePaise).toBe(100);
  });

  it('has no rate when none is stored', () => {
    expect(rbiValuationRatePaise(null, []).ratePaise).toBeNull();
    expect(rbiValuationRatePaise(650_000, []).ratePaise).toBe(650_000);
  });
});

describe('the valuation rate of a pledge day under the RBI regime', () => {
  const rates = [
    { date: '2026-10-01', ratePaise: 600_000 }, // 45 days before: outside the window
    { date: '2026-10-20', ratePaise: 690_000 },
    { date: '2026-11-10', ratePaise: 700_000 },
    { date: '2026-11-14', ratePaise: 710_000 }, // the previous day's
    { date: '2026-11-15', ratePaise: 650_000 }, // the pledge day's own: not used
  ];

  it('values a pledge of 15/11 at the lower of 14/11’s rate and the 30 days’ average', () => {
    // Window 16/10–14/11: 6,900, 7,000 and 7,100; average 7,000 < 7,100.
    expect(rbiRateOn(rates, '2026-11-15', 30)).toEqual({
      ratePaise: 700_000,
      basis: 'rbi_average',
      previousDayPaise: 710_000,
      averagePaise: 700_000,
    });
  });

  it('takes the previous day’s rate when prices have fallen below the average', () => {
    const falling = [...rates, { date: '2026-11-16', ratePaise: 660_000 }];
    // For 17/11: previous 16/11 at 6,600; the window also holds 15/11 at 6,500: average 6,850.
    expect(rbiRateOn(falling, '2026-11-17', 30)).toMatchObject({
      ratePaise: 660_000,
      basis: 'rbi_previous_day',
    });
  });

  it('has no rate for a day before any stored rate', () => {
    expect(rbiRateOn(rates, '2026-10-01', 30)).toBeNull();
  });
});
