import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_CHARGES_PAISE, gold22kRatePaise, silverPerKgPaise } from './business.ts';

describe('business constants (pledges-and-payments §9, shell-and-masters §9)', () => {
  it('defaults the document charge to Rs. 100', () => {
    expect(DEFAULT_DOCUMENT_CHARGES_PAISE).toBe(10_000);
  });
  it('prices 22K gold at 24K × 11/12, rounded half up', () => {
    expect(gold22kRatePaise(751_000)).toBe(688_417); // 6,884.1666… -> 6,884.17
    expect(gold22kRatePaise(12)).toBe(11);
    expect(gold22kRatePaise(6)).toBe(6); // 5.5 -> 6
  });
  it('gives silver per kg as 1000 × per gram', () => {
    expect(silverPerKgPaise(9_500)).toBe(9_500_000);
  });
});
