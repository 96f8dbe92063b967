import { describe, expect, it } from 'vitest';
import {
  autoAllocatePledgePayment,
  autoAllocateSinglePayment,
  payInterestOnlyRows,
  placeMessages,
  pledgePaymentRowOf,
  pledgePaymentSplit,
  pledgePaymentTotals,
  quickAmountPaise,
  selectPledgePaymentRow,
  singlePaymentParts,
  singlePaymentRowOf,
  toggleAllPledgePaymentRows,
} from '../payment-rows';
import { pledgeA, pledgeB, pledgeC } from './multiple-payment-fixtures';

describe('Multiple Pledge Payment rows (spec §4)', () => {
  it('selecting pays the full outstanding and clears discount and penalty; deselecting resets to zero', () => {
    const row = { ...pledgePaymentRowOf(pledgeA), discountText: '10', penaltyText: '5' };
    const selected = selectPledgePaymentRow(row, true);
    expect(selected).toMatchObject({
      selected: true,
      paymentText: '10300.00',
      discountText: '',
      penaltyText: '',
    });
    expect(pledgePaymentSplit(selected)).toMatchObject({ interestPaise: 30000, principalPaise: 1000000 });
    expect(selectPledgePaymentRow(selected, false)).toMatchObject({ selected: false, paymentText: '' });
  });

  it('an edited amount goes to interest first, capped, then principal, capped', () => {
    const row = { ...selectPledgePaymentRow(pledgePaymentRowOf(pledgeA), true), paymentText: '500' };
    expect(pledgePaymentSplit(row)).toMatchObject({
      interestPaise: 30000,
      principalPaise: 20000,
      excessPaise: 0,
    });
    const over = { ...row, paymentText: '10400' };
    expect(pledgePaymentSplit(over)).toMatchObject({
      interestPaise: 30000,
      principalPaise: 1000000,
      excessPaise: 10000,
    });
  });

  it('Select All toggles every row, Pay Interest Only leaves principal at zero', () => {
    const all = toggleAllPledgePaymentRows([
      pledgePaymentRowOf(pledgeA),
      selectPledgePaymentRow(pledgePaymentRowOf(pledgeB), true),
    ]);
    expect(all.every((r) => r.selected)).toBe(true);
    const interest = payInterestOnlyRows(all);
    expect(pledgePaymentTotals(interest)).toMatchObject({
      count: 2,
      interest: 90000,
      principal: 0,
      payment: 90000,
    });
    expect(toggleAllPledgePaymentRows(all).some((r) => r.selected)).toBe(false);
  });

  it('totals: discount taken off, penalty added', () => {
    const rows = [
      {
        ...selectPledgePaymentRow(pledgePaymentRowOf(pledgeC), true),
        discountText: '100',
        penaltyText: '25.50',
      },
    ];
    expect(pledgePaymentTotals(rows)).toMatchObject({
      payment: 400000,
      discount: 10000,
      penalty: 2550,
      net: 392550,
    });
  });

  it('auto allocation of Multiple Pledge Payment shares principal by remaining principal', () => {
    const rows = [pledgeA, pledgeC].map((p) => selectPledgePaymentRow(pledgePaymentRowOf(p), true));
    const { rows: out } = autoAllocatePledgePayment(rows, 50000);
    // 200 of principal over 10,000 : 4,000 → 142.86 and 57.14.
    expect(out.map((r) => r.paymentText)).toEqual(['442.86', '57.14']);
  });
});

describe('Multiple Pledge Single Payment rows', () => {
  it('quick amounts: interest only, half the outstanding, all of it', () => {
    expect(quickAmountPaise(pledgeA, 'interest')).toBe(30000);
    expect(quickAmountPaise(pledgeA, 'half')).toBe(515000);
    expect(quickAmountPaise(pledgeA, 'full')).toBe(1030000);
  });

  it('auto allocation of Multiple Pledge Single Payment shares principal by total outstanding, and sends interest-first parts', () => {
    const rows = [pledgeA, pledgeB, pledgeC].map((p) => ({
      ...singlePaymentRowOf(p),
      selected: p !== pledgeB,
    }));
    const { rows: out } = autoAllocateSinglePayment(rows, 50000);
    // 200 of principal over 10,300 : 4,000 → 144.06 and 55.94.
    expect(out.map((r) => r.allocatedText)).toEqual(['444.06', '', '55.94']);
    expect(singlePaymentParts(out).map((p) => p.part)).toEqual([
      { pledgeId: 11, paymentPaise: 44406, interestPaise: 30000, principalPaise: 14406 },
      { pledgeId: 13, paymentPaise: 5594, interestPaise: 0, principalPaise: 5594 },
    ]);
  });
});

it('places part messages on the pledge that was sent at that index', () => {
  const placed = placeMessages(
    [
      { field: 'pledge_payments.1.payment_amount', message: 'too much' },
      { field: 'bank_reference', message: 'needed' },
    ],
    [11, 13],
  );
  expect(placed.rows.get(13)).toEqual({ payment_amount: 'too much' });
  expect(placed.top).toEqual({ bank_reference: 'needed' });
});
