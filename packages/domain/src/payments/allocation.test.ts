import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AllocationMode,
  allocatePayment,
  type PledgeOutstanding,
  paymentStatusLabel,
  paymentTypeForAmount,
  splitInterestFirst,
} from './allocation.ts';

const pledge = (remainingInterestPaise: number, remainingPrincipalPaise: number): PledgeOutstanding => ({
  remainingInterestPaise,
  remainingPrincipalPaise,
});

describe('auto allocation gives interest first, in list order (docs/domain-rules.md §4.6 step 1)', () => {
  it('stops in the middle of the second pledge interest when the total runs out', () => {
    const r = allocatePayment(
      1_500,
      [pledge(1_000, 50_000), pledge(1_000, 50_000), pledge(1_000, 50_000)],
      'v2',
    );
    expect(r.allocations).toEqual([
      { interestPaise: 1_000, principalPaise: 0 },
      { interestPaise: 500, principalPaise: 0 },
      { interestPaise: 0, principalPaise: 0 },
    ]);
    expect(r.unallocatedPaise).toBe(0);
  });
});

describe('the rest goes to principal by weight (docs/domain-rules.md §4.6 step 2)', () => {
  it('v2 weighs by remaining principal', () => {
    // interest 1,000 + 3,000 = 4,000; rest 6,000 shared 1:2 over principals 10,000 and 20,000
    const r = allocatePayment(10_000, [pledge(1_000, 10_000), pledge(3_000, 20_000)], 'v2');
    expect(r.allocations).toEqual([
      { interestPaise: 1_000, principalPaise: 2_000 },
      { interestPaise: 3_000, principalPaise: 4_000 },
    ]);
  });
  it('v1 weighs by total outstanding', () => {
    // weights 11,000 and 23,000 of the rest 6,000: 1,941.17… and 4,058.82…
    const r = allocatePayment(10_000, [pledge(1_000, 10_000), pledge(3_000, 20_000)], 'v1');
    expect(r.allocations).toEqual([
      { interestPaise: 1_000, principalPaise: 1_941 },
      { interestPaise: 3_000, principalPaise: 4_059 },
    ]);
  });
  it('caps a share at the remaining principal and shares the excess again', () => {
    // Interest 20,000 first, rest 5,000. v1 weights 9,000 and 20,100: pledge 2's share 3,453.6 passes
    // its cap of 100, so it gets 100 and pledge 1 takes the other 4,900.
    const r = allocatePayment(20_000 + 5_000, [pledge(0, 9_000), pledge(20_000, 100)], 'v1');
    expect(r.allocations).toEqual([
      { interestPaise: 0, principalPaise: 4_900 },
      { interestPaise: 20_000, principalPaise: 100 },
    ]);
  });
  it('reports what is above the total outstanding as unallocated', () => {
    const r = allocatePayment(100_000, [pledge(1_000, 10_000), pledge(500, 2_000)], 'v2');
    expect(r.allocations).toEqual([
      { interestPaise: 1_000, principalPaise: 10_000 },
      { interestPaise: 500, principalPaise: 2_000 },
    ]);
    expect(r.unallocatedPaise).toBe(86_500);
  });
  it('gives nothing to a pledge with no principal left', () => {
    const r = allocatePayment(3_000, [pledge(0, 0), pledge(0, 10_000)], 'v1');
    expect(r.allocations[0]).toEqual({ interestPaise: 0, principalPaise: 0 });
    expect(r.allocations[1]).toEqual({ interestPaise: 0, principalPaise: 3_000 });
  });
});

describe('shares are whole paise, leftovers to the largest fractions (docs/domain-rules.md §4.6 step 3)', () => {
  it('splits 100 paise over three equal pledges as 34, 33, 33 (tie: list order)', () => {
    const r = allocatePayment(100, [pledge(0, 1_000), pledge(0, 1_000), pledge(0, 1_000)], 'v2');
    expect(r.allocations.map((a) => a.principalPaise)).toEqual([34, 33, 33]);
  });
  it('gives the leftover paisa to the largest fractional part, not the first pledge', () => {
    // weights 1,000 / 2,000 / 4,000 of 10: 1.428…, 2.857…, 5.714… -> floors 1, 2, 5 (8); 2 left to .857 and .714
    const r = allocatePayment(10, [pledge(0, 1_000), pledge(0, 2_000), pledge(0, 4_000)], 'v2');
    expect(r.allocations.map((a) => a.principalPaise)).toEqual([1, 3, 6]);
  });
  it('stays exact for totals beyond 2^53 / weight', () => {
    const big = 9_000_000_000_000;
    const r = allocatePayment(big, [pledge(0, big), pledge(0, big - 1), pledge(0, 7)], 'v2');
    expect(r.allocations.reduce((s, a) => s + a.principalPaise, 0)).toBe(big);
  });
});

const pledgesArb = fc.array(
  fc.record({
    remainingInterestPaise: fc.integer({ min: 0, max: 2_000_000 }),
    remainingPrincipalPaise: fc.integer({ min: 0, max: 50_000_000 }),
  }),
  { minLength: 0, maxLength: 12 },
);
const modeArb = fc.constantFrom<AllocationMode>('v1', 'v2');

describe('allocation properties', () => {
  it('never loses or invents a paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000_000 }), pledgesArb, modeArb, (total, pledges, mode) => {
        const r = allocatePayment(total, pledges, mode);
        const allocated = r.allocations.reduce((s, a) => s + a.interestPaise + a.principalPaise, 0);
        const outstanding = pledges.reduce(
          (s, p) => s + p.remainingInterestPaise + p.remainingPrincipalPaise,
          0,
        );
        expect(allocated + r.unallocatedPaise).toBe(total);
        expect(allocated).toBe(Math.min(total, outstanding));
        for (const a of r.allocations) {
          expect(Number.isSafeInteger(a.interestPaise) && Number.isSafeInteger(a.principalPaise)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
  it('never exceeds an outstanding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000_000 }), pledgesArb, modeArb, (total, pledges, mode) => {
        const r = allocatePayment(total, pledges, mode);
        r.allocations.forEach((a, i) => {
          expect(a.interestPaise).toBeGreaterThanOrEqual(0);
          expect(a.principalPaise).toBeGreaterThanOrEqual(0);
          expect(a.interestPaise).toBeLessThanOrEqual(pledges[i]!.remainingInterestPaise);
          expect(a.principalPaise).toBeLessThanOrEqual(pledges[i]!.remainingPrincipalPaise);
        });
      }),
      { numRuns: 1000 },
    );
  });
  it('gives each pledge its interest before any principal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000_000 }), pledgesArb, modeArb, (total, pledges, mode) => {
        const r = allocatePayment(total, pledges, mode);
        const anyPrincipal = r.allocations.some((a) => a.principalPaise > 0);
        r.allocations.forEach((a, i) => {
          if (a.principalPaise > 0) expect(a.interestPaise).toBe(pledges[i]!.remainingInterestPaise);
          // interest is settled across all pledges before principal starts anywhere
          if (anyPrincipal) expect(a.interestPaise).toBe(pledges[i]!.remainingInterestPaise);
        });
      }),
      { numRuns: 1000 },
    );
  });
  it('shares principal within one paisa of the exact proportional share when no cap binds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1_000_000, max: 5_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (principals, rest) => {
          const r = allocatePayment(
            rest,
            principals.map((p) => pledge(0, p)),
            'v2',
          );
          const sum = principals.reduce((s, p) => s + p, 0);
          r.allocations.forEach((a, i) => {
            expect(Math.abs(a.principalPaise - (rest * principals[i]!) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
  it('rejects negative or fractional input', () => {
    expect(() => allocatePayment(-1, [], 'v1')).toThrow(RangeError);
    expect(() => allocatePayment(1.5, [], 'v1')).toThrow(RangeError);
    expect(() => allocatePayment(1, [pledge(-1, 0)], 'v1')).toThrow(RangeError);
  });
});

describe('v1 payment type for an allocated amount (pledges-and-payments §4)', () => {
  it.each([
    [12_000, 2_000, 10_000, 'full_payment'],
    [15_000, 2_000, 10_000, 'full_payment'],
    [2_001, 2_000, 10_000, 'partial_principal'],
    [2_000, 2_000, 10_000, 'interest'],
    [500, 2_000, 10_000, 'interest'],
  ])('%i paid against interest %i and principal %i is %s', (amount, ri, rp, type) => {
    expect(paymentTypeForAmount(amount, ri, rp)).toBe(type);
  });
});

describe('one pledge split interest first', () => {
  it('caps interest then principal and reports the excess', () => {
    expect(splitInterestFirst(5_000, pledge(1_000, 3_000))).toEqual({
      interestPaise: 1_000,
      principalPaise: 3_000,
      excessPaise: 1_000,
    });
    expect(splitInterestFirst(500, pledge(1_000, 3_000))).toEqual({
      interestPaise: 500,
      principalPaise: 0,
      excessPaise: 0,
    });
  });
});

describe('payment status label (docs/domain-rules.md §4.8, v2)', () => {
  it('is Fully Paid when nothing is outstanding', () => {
    expect(
      paymentStatusLabel({
        remainingInterestPaise: 0,
        remainingPrincipalPaise: 0,
        paidPrincipalPaise: 0,
        paidInterestPaise: 0,
      }),
    ).toBe('Fully Paid');
  });
  it('is Partial Paid after a principal or interest payment', () => {
    expect(
      paymentStatusLabel({
        remainingInterestPaise: 10,
        remainingPrincipalPaise: 5,
        paidPrincipalPaise: 1,
        paidInterestPaise: 0,
      }),
    ).toBe('Partial Paid');
    expect(
      paymentStatusLabel({
        remainingInterestPaise: 0,
        remainingPrincipalPaise: 5,
        paidPrincipalPaise: 0,
        paidInterestPaise: 1,
      }),
    ).toBe('Partial Paid');
  });
  it('is Active when only the first month interest was taken', () => {
    expect(
      paymentStatusLabel({
        remainingInterestPaise: 0,
        remainingPrincipalPaise: 5,
        paidPrincipalPaise: 0,
        paidInterestPaise: 0,
      }),
    ).toBe('Active');
  });
});
