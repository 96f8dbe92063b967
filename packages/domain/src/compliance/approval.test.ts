import { describe, expect, it } from 'vitest';
import { approvalMessage, approvalsNeeded } from './approval.ts';

describe('approvals of discounts and penalties', () => {
  it('needs an approval for every discount and penalty with the default threshold of ₹0', () => {
    expect(approvalsNeeded({ discountPaise: 1, penaltyPaise: 0, thresholdPaise: 0 })).toEqual(['discount']);
    expect(approvalsNeeded({ discountPaise: 0, penaltyPaise: 100, thresholdPaise: 0 })).toEqual(['penalty']);
    expect(approvalsNeeded({ discountPaise: 0, penaltyPaise: 0, thresholdPaise: 0 })).toEqual([]);
  });

  it('lets a discount up to the threshold pass and needs an approval above it', () => {
    expect(approvalsNeeded({ discountPaise: 50_000, penaltyPaise: 0, thresholdPaise: 50_000 })).toEqual([]);
    expect(approvalsNeeded({ discountPaise: 50_001, penaltyPaise: 50_001, thresholdPaise: 50_000 })).toEqual([
      'discount',
      'penalty',
    ]);
  });

  it('names what needs approving and the threshold', () => {
    expect(approvalMessage(['discount'], 0)).toBe(
      "A discount needs an admin's approval: an admin enters their username and password",
    );
    expect(approvalMessage(['discount', 'penalty'], 50_000)).toBe(
      "A discount and a penalty above ₹500.00 need an admin's approval: an admin enters their username and password",
    );
  });
});
