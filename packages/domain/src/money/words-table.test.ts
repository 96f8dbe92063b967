import { describe, expect, it } from 'vitest';
import { amountInWords } from './words.ts';
import { amountInTamilWords } from './words-tamil.ts';

// The amount in words the papers print (pawn ticket, receipts), in both languages, for the amounts a
// Tamil reader found wrong and their neighbours: a number ending in one before a noun, one lakh and
// one crore counted, paise alone.
const CASES: readonly [paise: number, english: string, tamil: string][] = [
  [1_00, 'Rupees One Only', 'ஒரு ரூபாய் மட்டும்'],
  [11_00, 'Rupees Eleven Only', 'பதினொரு ரூபாய் மட்டும்'],
  [21_00, 'Rupees Twenty One Only', 'இருபத்தொரு ரூபாய் மட்டும்'],
  [31_00, 'Rupees Thirty One Only', 'முப்பத்தொரு ரூபாய் மட்டும்'],
  [101_00, 'Rupees One Hundred One Only', 'நூற்று ஒரு ரூபாய் மட்டும்'],
  [1_001_00, 'Rupees One Thousand One Only', 'ஆயிரத்து ஒரு ரூபாய் மட்டும்'],
  [11_000_00, 'Rupees Eleven Thousand Only', 'பதினோராயிரம் ரூபாய் மட்டும்'],
  [21_000_00, 'Rupees Twenty One Thousand Only', 'இருபத்தோராயிரம் ரூபாய் மட்டும்'],
  [1_00_000_00, 'Rupees One Lakh Only', 'ஒரு இலட்சம் ரூபாய் மட்டும்'],
  [1_00_050_00, 'Rupees One Lakh Fifty Only', 'ஒரு இலட்சத்து ஐம்பது ரூபாய் மட்டும்'],
  [11_00_000_00, 'Rupees Eleven Lakh Only', 'பதினொரு இலட்சம் ரூபாய் மட்டும்'],
  [1_00_00_000_00, 'Rupees One Crore Only', 'ஒரு கோடி ரூபாய் மட்டும்'],
  [50, 'Fifty Paise Only', 'ஐம்பது பைசா மட்டும்'],
  [31_21, 'Rupees Thirty One and Twenty One Paise Only', 'முப்பத்தொரு ரூபாய் இருபத்தொரு பைசா மட்டும்'],
  [
    48_900_50,
    'Rupees Forty Eight Thousand Nine Hundred and Fifty Paise Only',
    'நாற்பத்து எட்டு ஆயிரத்து தொள்ளாயிரம் ரூபாய் ஐம்பது பைசா மட்டும்',
  ],
];

describe('the amount in words on the papers, English and Tamil', () => {
  it.each(CASES)('writes %i paise as "%s" / "%s"', (paise, english, tamil) => {
    expect(amountInWords(paise)).toBe(english);
    expect(amountInTamilWords(paise)).toBe(tamil);
  });
});
