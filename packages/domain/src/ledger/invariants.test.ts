import { describe, expect, it } from 'vitest';
import { ledgerProblems } from './invariants.ts';
import { paymentPostings, pledgePostings } from './postings.ts';

describe('ledger invariants (docs/domain-rules.md §6.4)', () => {
  const pledge = pledgePostings({
    loanPaise: 10_000_000,
    firstMonthInterestPaise: 150_000,
    documentChargesPaise: 10_000,
  });
  const payment = paymentPostings({ interestPaise: 75_000, principalPaise: 2_000_000 });
  it('finds nothing wrong when 1200 equals the open principal', () => {
    expect(
      ledgerProblems({
        vouchers: [
          { voucherNumber: 'PMT/2025-26/0001', lines: pledge },
          { voucherNumber: 'RCT/2025-26/0001', lines: payment },
        ],
        openPledgesRemainingPrincipalPaise: [8_000_000],
      }),
    ).toEqual([]);
  });
  it('names an unbalanced voucher and a 1200 mismatch', () => {
    const broken = [
      { accountCode: '1000', debitPaise: 100, creditPaise: 0 },
      { accountCode: '1200', debitPaise: 0, creditPaise: 99 },
    ];
    expect(
      ledgerProblems({
        vouchers: [
          { voucherNumber: 'PMT/2025-26/0001', lines: pledge },
          { voucherNumber: 'JV/2025-26/0001', lines: broken },
        ],
        openPledgesRemainingPrincipalPaise: [10_000_000],
      }),
    ).toEqual([
      'Voucher JV/2025-26/0001 does not balance.',
      'Total debits 10000100 and credits 10000099 differ (paise).',
      'Pledge Loans Receivable (1200) is 9999901 paise but open pledges owe 10000000 paise of principal.',
    ]);
  });
});
