import { describe, expect, it } from 'vitest';
import { defaultPanRule, kycGaps, panOrForm60Needed, panOrForm60NeededNow } from './kyc-status.ts';

describe('PAN or Form 60 at or above the branch threshold', () => {
  const rule = { applies: true, thresholdPaise: 5_000_000 };

  it('a loan of ₹49,999.99 needs none, ₹50,000.00 needs it', () => {
    expect(panOrForm60Needed(rule, 4_999_999)).toBe(false);
    expect(panOrForm60Needed(rule, 5_000_000)).toBe(true);
  });

  it("counts the customer's open loans with the new one", () => {
    expect(panOrForm60Needed(rule, 1_000_000, 3_999_999)).toBe(false);
    expect(panOrForm60Needed(rule, 1_000_000, 4_000_000)).toBe(true);
  });

  it('a branch where the rule does not apply never asks', () => {
    expect(panOrForm60Needed({ applies: false, thresholdPaise: 0 }, 99_999_999, 99_999_999)).toBe(false);
  });

  it('RBI-regulated lenders ask every borrower; a TN pawnbroker from ₹50,000; no regime never', () => {
    expect(defaultPanRule('rbi')).toEqual({ applies: true, thresholdPaise: 0 });
    expect(panOrForm60Needed(defaultPanRule('rbi'), 1)).toBe(true);
    expect(defaultPanRule('tn_pawnbroker')).toEqual({ applies: true, thresholdPaise: 5_000_000 });
    expect(defaultPanRule('none').applies).toBe(false);
  });
});

describe('KYC gaps: an ID document, the photograph, PAN or Form 60 when needed', () => {
  it('complete with an Aadhaar, a photo and a PAN', () => {
    expect(kycGaps({ documents: ['aadhaar', 'pan'], hasPhoto: true, hasForm60: false }, true)).toEqual([]);
  });

  it('a PAN card alone is not the ID document (it proves no address)', () => {
    expect(kycGaps({ documents: ['pan'], hasPhoto: true, hasForm60: false }, true)).toEqual(['id_document']);
  });

  it('Form 60 stands in for the PAN', () => {
    expect(kycGaps({ documents: ['voter_id'], hasPhoto: true, hasForm60: true }, true)).toEqual([]);
  });

  it('names every missing piece, in order', () => {
    expect(kycGaps({ documents: [], hasPhoto: false, hasForm60: false }, true)).toEqual([
      'id_document',
      'photo',
      'pan_or_form60',
    ]);
  });

  it('no PAN asked below the threshold', () => {
    expect(kycGaps({ documents: ['ration_card'], hasPhoto: true, hasForm60: false }, false)).toEqual([]);
  });
});

describe('PAN or Form 60 with no new loan in view (the list and the register)', () => {
  it("asked when the customer's open loans reach the threshold; with threshold 0, of everyone", () => {
    const rule = { applies: true, thresholdPaise: 5_000_000 };
    expect(panOrForm60NeededNow(rule, 4_999_999)).toBe(false);
    expect(panOrForm60NeededNow(rule, 5_000_000)).toBe(true);
    expect(panOrForm60NeededNow({ applies: true, thresholdPaise: 0 }, 0)).toBe(true);
    expect(panOrForm60NeededNow({ applies: false, thresholdPaise: 0 }, 9_000_000)).toBe(false);
  });
});

describe('an ID proof kept from before the masking dialog is a gap until looked at', () => {
  it('comes last, after the missing pieces', () => {
    const facts = { documents: [], hasPhoto: true, hasForm60: false, idProofNeedsReview: true } as const;
    expect(kycGaps(facts, false)).toEqual(['id_document', 'id_proof_review']);
  });
});
