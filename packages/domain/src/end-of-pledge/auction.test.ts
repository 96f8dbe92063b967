import { describe, expect, it } from 'vitest';
import {
  AUCTION_MESSAGES,
  formatLotNumber,
  formatShortfallReceiptNumber,
  type LotCandidate,
  lotRefusal,
  mayDepositSurplus,
  surplusAgeDays,
} from './auction.ts';

const ok: LotCandidate = {
  closed: false,
  atBank: false,
  inLiveLot: false,
  servedNotice: { saleAfter: '2026-10-01' },
};

describe('lotRefusal: which pledges may go into an auction lot', () => {
  it('an open pledge whose sent notice allows a sale on or before the auction date may', () => {
    expect(lotRefusal(ok, '2026-10-01')).toBeNull();
    expect(lotRefusal(ok, '2026-11-15')).toBeNull();
  });
  it('a notice whose date of sale is after the auction date names that date', () => {
    expect(lotRefusal(ok, '2026-09-30')).toBe(AUCTION_MESSAGES.notYet('2026-10-01'));
  });
  it('no sent notice, closed, at a bank or in another lot is refused, each with its reason', () => {
    expect(lotRefusal({ ...ok, servedNotice: null }, '2026-11-15')).toBe(AUCTION_MESSAGES.noNotice);
    expect(lotRefusal({ ...ok, closed: true }, '2026-11-15')).toBe(AUCTION_MESSAGES.closed);
    expect(lotRefusal({ ...ok, atBank: true }, '2026-11-15')).toBe(AUCTION_MESSAGES.atBank);
    expect(lotRefusal({ ...ok, inLiveLot: true }, '2026-11-15')).toBe(AUCTION_MESSAGES.inLot);
  });
});

describe('surplusAgeDays and mayDepositSurplus', () => {
  it('counts the days since the sale, 0 on its day', () => {
    expect(surplusAgeDays('2026-11-01', '2026-11-01')).toBe(0);
    expect(surplusAgeDays('2026-11-01', '2026-12-01')).toBe(30);
    expect(surplusAgeDays('2026-11-01', '2026-10-01')).toBe(0);
  });
  it('a deposit is allowed on and after the deposit date only', () => {
    expect(mayDepositSurplus('2027-05-01', '2027-04-30')).toBe(false);
    expect(mayDepositSurplus('2027-05-01', '2027-05-01')).toBe(true);
  });
});

describe('formatLotNumber', () => {
  it('numbers a lot per financial year with four digits at least', () => {
    expect(formatLotNumber('2026-27', 1)).toBe('AL/2026-27/0001');
    expect(formatLotNumber('2026-27', 12345)).toBe('AL/2026-27/12345');
    expect(() => formatLotNumber('2026-27', 0)).toThrow(RangeError);
  });
});

describe('formatShortfallReceiptNumber', () => {
  it('numbers a shortfall receipt per financial year with four digits at least', () => {
    expect(formatShortfallReceiptNumber('2026-27', 1)).toBe('SR/2026-27/0001');
    expect(formatShortfallReceiptNumber('2026-27', 12345)).toBe('SR/2026-27/12345');
  });
  it('refuses a bad year or running number', () => {
    expect(() => formatShortfallReceiptNumber('2026', 1)).toThrow(RangeError);
    expect(() => formatShortfallReceiptNumber('2026-27', 0)).toThrow(RangeError);
  });
});
