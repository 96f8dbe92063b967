import { describe, expect, it } from 'vitest';
import { amountInTamilWords, integerInTamilWords } from './words-tamil.ts';

// Amounts in words have a Tamil form on the Tamil papers, in the Indian system.
describe('amount in Tamil words', () => {
  it('reads units, teens and tens, a tens word joined to its unit', () => {
    expect(integerInTamilWords(0)).toBe('பூஜ்ஜியம்');
    expect(integerInTamilWords(7)).toBe('ஏழு');
    expect(integerInTamilWords(15)).toBe('பதினைந்து');
    expect(integerInTamilWords(40)).toBe('நாற்பது');
    expect(integerInTamilWords(21)).toBe('இருபத்து ஒன்று');
    expect(integerInTamilWords(99)).toBe('தொண்ணூற்று ஒன்பது');
  });

  it('reads hundreds alone and joined to what follows', () => {
    expect(integerInTamilWords(100)).toBe('நூறு');
    expect(integerInTamilWords(105)).toBe('நூற்று ஐந்து');
    expect(integerInTamilWords(900)).toBe('தொள்ளாயிரம்');
    expect(integerInTamilWords(950)).toBe('தொள்ளாயிரத்து ஐம்பது');
  });

  it('groups in thousands, lakhs and crores: a thousand is ஆயிரம் alone, a lakh and a crore are counted', () => {
    expect(integerInTamilWords(1000)).toBe('ஆயிரம்');
    expect(integerInTamilWords(1001)).toBe('ஆயிரத்து ஒன்று');
    expect(integerInTamilWords(25_000)).toBe('இருபத்து ஐந்து ஆயிரம்');
    expect(integerInTamilWords(48_900)).toBe('நாற்பத்து எட்டு ஆயிரத்து தொள்ளாயிரம்');
    expect(integerInTamilWords(100_000)).toBe('ஒரு இலட்சம்');
    expect(integerInTamilWords(250_000)).toBe('இரண்டு இலட்சத்து ஐம்பது ஆயிரம்');
    expect(integerInTamilWords(10_000_000)).toBe('ஒரு கோடி');
    expect(integerInTamilWords(12_000_500)).toBe('ஒரு கோடியே இருபது இலட்சத்து ஐநூறு');
    expect(integerInTamilWords(1_000_000_000)).toBe('நூறு கோடி');
  });

  it('writes rupees, paise and மட்டும் (only), as the English ticket writes Rupees … Only', () => {
    expect(amountInTamilWords(4_890_000)).toBe('நாற்பத்து எட்டு ஆயிரத்து தொள்ளாயிரம் ரூபாய் மட்டும்');
    expect(amountInTamilWords(4_890_050)).toBe('நாற்பத்து எட்டு ஆயிரத்து தொள்ளாயிரம் ரூபாய் ஐம்பது பைசா மட்டும்');
    expect(amountInTamilWords(0)).toBe('பூஜ்ஜியம் ரூபாய் மட்டும்');
    expect(amountInTamilWords(-150)).toBe('கழித்தல் ஒரு ரூபாய் ஐம்பது பைசா மட்டும்');
  });

  it('says a number ending in one before a noun with ஒரு, run into ஆயிரம்', () => {
    expect(integerInTamilWords(21)).toBe('இருபத்து ஒன்று');
    expect(integerInTamilWords(21, true)).toBe('இருபத்தொரு');
    expect(integerInTamilWords(11_000)).toBe('பதினோராயிரம்');
    expect(integerInTamilWords(21_500)).toBe('இருபத்தோராயிரத்து ஐநூறு');
    expect(integerInTamilWords(101_000)).toBe('ஒரு இலட்சத்து ஆயிரம்');
    expect(integerInTamilWords(10_101_000)).toBe('ஒரு கோடியே ஒரு இலட்சத்து ஆயிரம்');
    expect(integerInTamilWords(21_00_000)).toBe('இருபத்தொரு இலட்சம்');
  });

  it('writes less than a rupee in paise alone', () => {
    expect(amountInTamilWords(50)).toBe('ஐம்பது பைசா மட்டும்');
    expect(amountInTamilWords(21)).toBe('இருபத்தொரு பைசா மட்டும்');
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => amountInTamilWords(1.5)).toThrow();
    expect(() => integerInTamilWords(-1)).toThrow(RangeError);
  });
});
