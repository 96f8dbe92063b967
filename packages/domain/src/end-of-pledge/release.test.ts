import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/dates.ts';
import {
  REDEMPTION_LINES,
  RELEASE_MESSAGES,
  redemptionFigures,
  releaseDateProblem,
  releaseNeedsProof,
  releaseOverdueCutoff,
  releaseRefusal,
} from './release.ts';
import { isReleaseOverdue } from './rules.ts';

const addOne = (d: string) => addDays(d, 1);

const closed = { closedDate: '2026-04-01', closedBy: 'payment', releasedOn: null, isMoveToBank: false };

describe('releaseRefusal', () => {
  it('allows a pledge closed by payment, not released, not at a bank', () => {
    expect(releaseRefusal(closed)).toBeNull();
  });
  it('refuses an open pledge, a renewed or sold one, a released one and one at a bank', () => {
    expect(releaseRefusal({ ...closed, closedDate: null, closedBy: null })?.message).toBe(
      RELEASE_MESSAGES.open,
    );
    expect(releaseRefusal({ ...closed, closedBy: 'renewal', releasedOn: '2026-04-01' })?.code).toBe(
      'PLEDGE_RENEWED',
    );
    expect(releaseRefusal({ ...closed, closedBy: 'auction', releasedOn: '2026-04-01' })?.code).toBe(
      'PLEDGE_SOLD',
    );
    expect(releaseRefusal({ ...closed, releasedOn: '2026-04-03' })?.message).toBe(
      'The articles of this pledge were already released on 03/04/2026.',
    );
    expect(releaseRefusal({ ...closed, isMoveToBank: true })?.code).toBe('PLEDGE_AT_BANK');
  });
  it('says first that the articles are at a bank, though the pledge is still open (it cannot be paid there)', () => {
    expect(releaseRefusal({ ...closed, closedDate: null, closedBy: null, isMoveToBank: true })).toEqual({
      code: 'PLEDGE_AT_BANK',
      message: RELEASE_MESSAGES.atBank,
    });
  });
});

describe('releaseNeedsProof', () => {
  it('asks a proof of everyone but the pawner', () => {
    expect(releaseNeedsProof('pawner')).toBe(false);
    for (const k of ['agent', 'legal_heir', 'transferee', 'lost_ticket'] as const) {
      expect(releaseNeedsProof(k)).toBe(true);
    }
  });
});

describe('releaseDateProblem', () => {
  it('takes a day from the closing day to today', () => {
    expect(releaseDateProblem('2026-04-01', '2026-04-01', '2026-04-10')).toBeUndefined();
    expect(releaseDateProblem('2026-04-10', '2026-04-01', '2026-04-10')).toBeUndefined();
    expect(releaseDateProblem('2026-04-11', '2026-04-01', '2026-04-10')).toBe(RELEASE_MESSAGES.inFuture);
    expect(releaseDateProblem('2026-03-31', '2026-04-01', '2026-04-10')).toMatch(/01\/04\/2026/);
  });
});

describe('releaseOverdueCutoff', () => {
  it('is the latest closing day over the wait, so overdue rows are those closed on or before it', () => {
    // 2026-04-13 is a Monday: closed Saturday the 4th, the articles have waited 7 working days (the
    // 5th and 12th are Sundays), not over 7; closed Friday the 3rd, 8.
    const cutoff = releaseOverdueCutoff('2026-04-13', 7);
    expect(cutoff).toBe('2026-04-03');
    expect(isReleaseOverdue('2026-04-03', '2026-04-13', 7)).toBe(true);
    expect(isReleaseOverdue('2026-04-04', '2026-04-13', 7)).toBe(false);
  });
  it('for a wait of 0 is the day before as_of (or before a Sunday)', () => {
    expect(releaseOverdueCutoff('2026-04-14', 0)).toBe('2026-04-13');
    // A Monday: Sunday the 12th counts no working day, so a pledge closed then has waited 1 by Monday.
    expect(releaseOverdueCutoff('2026-04-13', 0)).toBe('2026-04-12');
  });
  it('finds the cutoff of the longest wait the settings allow', () => {
    const cutoff = releaseOverdueCutoff('2026-05-20', 3650)!;
    expect(isReleaseOverdue(cutoff, '2026-05-20', 3650)).toBe(true);
    expect(isReleaseOverdue(addOne(cutoff), '2026-05-20', 3650)).toBe(false);
  });
  it('agrees with isReleaseOverdue on every day of a span', () => {
    const asOf = '2026-05-20';
    const cutoff = releaseOverdueCutoff(asOf, 5)!;
    for (let d = 1; d <= 40; d++) {
      const day = new Date(Date.UTC(2026, 4, 20 - d)).toISOString().slice(0, 10);
      expect(isReleaseOverdue(day, asOf, 5)).toBe(day <= cutoff);
    }
  });
});

describe('redemptionFigures (Form H)', () => {
  it('counts the first month interest taken at the start as interest paid, and the penalty and discount in the total', () => {
    // The whole-day walk: Rs. 18,800 lent (first month Rs. 282 taken at the start), paid off with
    // Rs. 18,800 principal, Rs. 4,794 interest, Rs. 150 penalty and a Rs. 44 discount: Rs. 23,700 at
    // the counter.
    const f = redemptionFigures({
      firstMonthInterestPaise: 28200,
      payments: [
        { principalPaise: 0, interestPaise: 300000, penaltyPaise: 0, discountPaise: 0 },
        { principalPaise: 1880000, interestPaise: 179400, penaltyPaise: 15000, discountPaise: 4400 },
      ],
    });
    expect(f.lines).toEqual({
      principal: 1880000,
      interest: 28200 + 479400,
      penalty: 15000,
      discount: -4400,
    });
    expect(f.interestParts).toEqual({ firstMonth: 28200, onReceipts: 479400 });
    expect(f.totalPaise).toBe(2398200);
    // What the counter took is the total less what was taken at the start.
    expect(f.totalPaise - f.interestParts.firstMonth).toBe(2370000);
  });

  it('prints the first month interest as interest paid on a pledge closed within its first month', () => {
    // Rs. 15,000 lent at 1.5 %: Rs. 225 taken at the start; closed on day 20 by the principal alone.
    const f = redemptionFigures({
      firstMonthInterestPaise: 22500,
      payments: [{ principalPaise: 1500000, interestPaise: 0, penaltyPaise: 0, discountPaise: 0 }],
    });
    expect(f.lines.interest).toBe(22500);
    expect(f.interestParts).toEqual({ firstMonth: 22500, onReceipts: 0 });
    expect(f.totalPaise).toBe(1522500);
  });

  it('prints a total that is always the sum of the lines above it', () => {
    const paise = fc.integer({ min: 0, max: 10_000_000_00 });
    fc.assert(
      fc.property(
        paise,
        fc.array(
          fc.record({
            principalPaise: paise,
            interestPaise: paise,
            penaltyPaise: paise,
            discountPaise: paise,
          }),
          { maxLength: 12 },
        ),
        (fmi, payments) => {
          const f = redemptionFigures({ firstMonthInterestPaise: fmi, payments });
          expect(REDEMPTION_LINES.reduce((s, k) => s + f.lines[k], 0)).toBe(f.totalPaise);
        },
      ),
    );
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => redemptionFigures({ firstMonthInterestPaise: 1.5, payments: [] })).toThrow();
  });
});
