import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/dates.ts';
import {
  balanceAfterPayment,
  chargedHalfMonths,
  chargedMonths,
  interestPaidPaise,
  isSettled,
  type PaymentParts,
  pledgeBalance,
} from './interest.ts';

describe('charged months M(d) (docs/domain-rules.md §3)', () => {
  it('charges the first month for days 0 to 30', () => {
    for (let d = 0; d <= 30; d++) expect(chargedMonths(d)).toBe(1);
  });
  it('charges half a month for days 31 to 45', () => {
    for (let d = 31; d <= 45; d++) expect(chargedMonths(d)).toBe(1.5);
  });
  it('charges 2 months for days 46 to 60', () => {
    for (let d = 46; d <= 60; d++) expect(chargedMonths(d)).toBe(2);
  });
  it.each([
    [61, 2.5],
    [75, 2.5],
    [76, 3],
    [90, 3],
    [91, 3.5],
    [365, 12.5],
    [360, 12],
    [376, 13],
  ])('day %i is %s months', (d, m) => {
    expect(chargedMonths(d)).toBe(m);
  });
  it('matches the spec formula q + (r = 0 ? 0 : r <= 15 ? 0.5 : 1) after day 30', () => {
    fc.assert(
      fc.property(fc.integer({ min: 31, max: 100000 }), (d) => {
        const q = Math.floor(d / 30);
        const r = d % 30;
        expect(chargedMonths(d)).toBe(q + (r === 0 ? 0 : r <= 15 ? 0.5 : 1));
        expect(chargedHalfMonths(d)).toBe(2 * chargedMonths(d));
      }),
    );
  });
  it('never decreases', () => {
    for (let d = 1; d < 1000; d++) expect(chargedMonths(d)).toBeGreaterThanOrEqual(chargedMonths(d - 1));
  });
  it('rejects negative or fractional days', () => {
    expect(() => chargedMonths(-1)).toThrow(RangeError);
    expect(() => chargedMonths(1.5)).toThrow(RangeError);
  });
});

const base = {
  loanPaise: 10_000_000,
  rateBp: 150,
  pledgeDate: '2026-01-01',
  firstMonthInterestPaise: 150_000,
};

describe('pledge balance (docs/domain-rules.md §3)', () => {
  it('with no principal payment is roundHalfUp(loan × rate × M(d))', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e10 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 4000 }),
        (loanPaise, rateBp, days) => {
          const b = pledgeBalance(
            { loanPaise, rateBp, pledgeDate: '2026-01-01', firstMonthInterestPaise: 0, payments: [] },
            addDays('2026-01-01', days),
          );
          const exact =
            (BigInt(loanPaise) * BigInt(rateBp) * BigInt(chargedHalfMonths(days)) * 2n + 20000n) / 40000n;
          expect(b.interestDuePaise).toBe(Number(exact));
        },
      ),
    );
  });

  it('charges the first month on the full loan even when principal is paid on the pledge date', () => {
    const b = pledgeBalance(
      { ...base, payments: [{ date: '2026-01-01', interestPaise: 0, principalPaise: 4_000_000 }] },
      '2026-01-01',
    );
    expect(b.interestDuePaise).toBe(150_000);
    expect(b.remainingInterestPaise).toBe(0);
    expect(b.remainingPrincipalPaise).toBe(6_000_000);
  });

  it('treats payments on the same day like one payment of their sum', () => {
    const split = pledgeBalance(
      {
        ...base,
        payments: [
          { date: '2026-02-10', interestPaise: 75_000, principalPaise: 1_000_000 },
          { date: '2026-02-10', interestPaise: 0, principalPaise: 2_000_000 },
        ],
      },
      '2026-05-01',
    );
    const single = pledgeBalance(
      { ...base, payments: [{ date: '2026-02-10', interestPaise: 75_000, principalPaise: 3_000_000 }] },
      '2026-05-01',
    );
    expect(split).toEqual(single);
  });

  it('ignores payments dated after the as-of date', () => {
    const b = pledgeBalance(
      { ...base, payments: [{ date: '2026-03-01', interestPaise: 150_000, principalPaise: 5_000_000 }] },
      '2026-02-28',
    );
    expect(b.interestPaidPaise).toBe(150_000);
    expect(b.remainingPrincipalPaise).toBe(10_000_000);
  });

  it('counts an as-of date before the pledge date as day 0', () => {
    const b = pledgeBalance({ ...base, payments: [] }, '2025-12-01');
    expect(b.daysElapsed).toBe(0);
    expect(b.interestDuePaise).toBe(150_000);
  });

  it('never lets remaining principal go negative', () => {
    const b = pledgeBalance(
      { ...base, payments: [{ date: '2026-01-05', interestPaise: 0, principalPaise: 20_000_000 }] },
      '2026-03-01',
    );
    expect(b.remainingPrincipalPaise).toBe(0);
    expect(b.totalOutstandingPaise).toBe(b.remainingInterestPaise);
  });

  it('rejects fractional paise and negative parts', () => {
    expect(() => pledgeBalance({ ...base, loanPaise: 1.5, payments: [] }, '2026-01-01')).toThrow();
    expect(() =>
      pledgeBalance(
        { ...base, payments: [{ date: '2026-01-05', interestPaise: -1, principalPaise: 0 }] },
        '2026-03-01',
      ),
    ).toThrow(RangeError);
  });

  const paymentArb = fc.record({
    day: fc.integer({ min: 0, max: 800 }),
    interestPaise: fc.integer({ min: 0, max: 500_000 }),
    principalPaise: fc.integer({ min: 0, max: 3_000_000 }),
  });
  const toPayments = (
    list: { day: number; interestPaise: number; principalPaise: number }[],
  ): PaymentParts[] =>
    list.map((p) => ({
      date: addDays('2026-01-01', p.day),
      interestPaise: p.interestPaise,
      principalPaise: p.principalPaise,
    }));

  it('interest due never decreases with time, payments fixed (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.array(paymentArb, { maxLength: 10 }),
        fc.integer({ min: 800, max: 2000 }),
        fc.integer({ min: 1, max: 400 }),
        (rateBp, list, day, step) => {
          // every payment is on or before day 800, so both dates count the same payments
          const pledge = { ...base, rateBp, payments: toPayments(list) };
          const earlier = pledgeBalance(pledge, addDays('2026-01-01', day));
          const later = pledgeBalance(pledge, addDays('2026-01-01', day + step));
          expect(later.interestDuePaise).toBeGreaterThanOrEqual(earlier.interestDuePaise);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('interest due never decreases day by day without principal payments (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e10 }),
        fc.integer({ min: 0, max: 500 }),
        (loanPaise, rateBp) => {
          const pledge = {
            loanPaise,
            rateBp,
            pledgeDate: '2026-01-01',
            firstMonthInterestPaise: 0,
            payments: [],
          };
          let previous = 0;
          for (let day = 0; day <= 400; day += 1) {
            const due = pledgeBalance(pledge, addDays('2026-01-01', day)).interestDuePaise;
            expect(due).toBeGreaterThanOrEqual(previous);
            previous = due;
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('does not depend on the order payments are listed in (property)', () => {
    fc.assert(
      fc.property(fc.array(paymentArb, { maxLength: 10 }), fc.integer({ min: 0, max: 1200 }), (list, day) => {
        const asOf = addDays('2026-01-01', day);
        const a = pledgeBalance({ ...base, payments: toPayments(list) }, asOf);
        const b = pledgeBalance({ ...base, payments: toPayments([...list].reverse()) }, asOf);
        expect(b).toEqual(a);
      }),
    );
  });

  it('keeps total outstanding = remaining principal + remaining interest, both non-negative (property)', () => {
    fc.assert(
      fc.property(fc.array(paymentArb, { maxLength: 10 }), fc.integer({ min: 0, max: 1200 }), (list, day) => {
        const b = pledgeBalance({ ...base, payments: toPayments(list) }, addDays('2026-01-01', day));
        expect(b.remainingInterestPaise).toBeGreaterThanOrEqual(0);
        expect(b.remainingPrincipalPaise).toBeGreaterThanOrEqual(0);
        expect(b.totalOutstandingPaise).toBe(b.remainingInterestPaise + b.remainingPrincipalPaise);
        expect(b.remainingInterestPaise).toBe(Math.max(0, b.interestDuePaise - b.interestPaidPaise));
      }),
    );
  });
});

describe('balance after a payment (docs/domain-rules.md §4.4 balance_amount)', () => {
  it('is the outstanding on the payment date with the payment counted', () => {
    const after = balanceAfterPayment(
      { ...base, payments: [] },
      { date: '2026-02-10', interestPaise: 75_000, principalPaise: 2_000_000 },
    );
    expect(after.totalOutstandingPaise).toBe(8_000_000);
    expect(isSettled(after)).toBe(false);
  });
  it('settles the pledge when a full payment clears both parts', () => {
    const after = balanceAfterPayment(
      { ...base, payments: [] },
      { date: '2026-02-10', interestPaise: 75_000, principalPaise: 10_000_000 },
    );
    expect(after.totalOutstandingPaise).toBe(0);
    expect(isSettled(after)).toBe(true);
  });
});

describe('interest paid = first month interest + Σ interest parts of payments (docs/domain-rules.md §3)', () => {
  it('interest paid = first month interest + Σ interest parts of payments', () => {
    expect(
      interestPaidPaise({ firstMonthInterestPaise: 28200, paymentInterestPaise: [300000, 179400] }),
    ).toBe(507600);
  });

  it('is the first month interest alone when no payment carried interest', () => {
    expect(interestPaidPaise({ firstMonthInterestPaise: 22500, paymentInterestPaise: [] })).toBe(22500);
    expect(interestPaidPaise({ firstMonthInterestPaise: 22500, paymentInterestPaise: [0, 0] })).toBe(22500);
  });

  it('agrees with the balance of the pledge (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 8 }),
        (fmi, parts) => {
          const balance = pledgeBalance(
            {
              loanPaise: 100_000_000,
              rateBp: 150,
              pledgeDate: '2026-01-01',
              firstMonthInterestPaise: fmi,
              payments: parts.map((interestPaise, i) => ({
                date: `2026-02-${String(i + 1).padStart(2, '0')}`,
                interestPaise,
                principalPaise: 0,
              })),
            },
            '2026-03-01',
          );
          expect(interestPaidPaise({ firstMonthInterestPaise: fmi, paymentInterestPaise: parts })).toBe(
            balance.interestPaidPaise,
          );
        },
      ),
    );
  });

  it('refuses fractional paise and negative parts', () => {
    expect(() => interestPaidPaise({ firstMonthInterestPaise: 1.5, paymentInterestPaise: [] })).toThrow();
    expect(() => interestPaidPaise({ firstMonthInterestPaise: 0, paymentInterestPaise: [-1] })).toThrow();
  });
});
