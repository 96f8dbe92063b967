import { describe, expect, it } from 'vitest';
import { NARRATION_LIMIT, narrationFilledLater, voucherNarration } from './narrations.ts';

/** What the numbering statement does with the text: `left(replace(text, '{receipt}', no), 500)`. */
const fillInDatabase = (text: string, receiptNo: string) =>
  [...text.replace('{receipt}', receiptNo)].slice(0, NARRATION_LIMIT).join('');

describe('a narration filled when the voucher is numbered', () => {
  it('is the narration of the receipt once its number replaces {receipt}', () => {
    const later = narrationFilledLater('receipt_payment', { pledges: 'GL12, GL13' }, 'receipt');
    expect(later).toBe('Receipt {receipt}: payment on pledge GL12, GL13');
    expect(fillInDatabase(later, 'R/2026-27/000123')).toBe(
      voucherNarration('receipt_payment', { receipt: 'R/2026-27/000123', pledges: 'GL12, GL13' }).narration,
    );
  });

  it('is cut to 500 characters after the number is in, as voucherNarration cuts it', () => {
    const pledges = Array.from({ length: 120 }, (_, i) => `GL${1000 + i}`).join(', ');
    const later = narrationFilledLater('receipt_payment', { pledges }, 'receipt');
    expect(later.length).toBeGreaterThan(NARRATION_LIMIT);
    const stored = fillInDatabase(later, 'R/2026-27/1234567');
    expect(stored).toHaveLength(NARRATION_LIMIT);
    expect(stored).toBe(
      voucherNarration('receipt_payment', { receipt: 'R/2026-27/1234567', pledges }).narration,
    );
  });
});
