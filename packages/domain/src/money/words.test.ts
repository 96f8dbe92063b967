import { describe, expect, it } from 'vitest';
import { MoneyError } from './money.ts';
import { amountInWords, integerInIndianWords } from './words.ts';

describe('amountInWords writes the amount paid out as the pawn ticket does (Indian system)', () => {
  it('reads 48,900 rupees as Rupees Forty Eight Thousand Nine Hundred Only', () => {
    expect(amountInWords(4_890_000)).toBe('Rupees Forty Eight Thousand Nine Hundred Only');
  });

  it('reads zero as Rupees Zero Only', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
  });

  it('adds the paise as "and Fifty Paise"', () => {
    expect(amountInWords(4_890_050)).toBe('Rupees Forty Eight Thousand Nine Hundred and Fifty Paise Only');
    expect(amountInWords(101)).toBe('Rupees One and One Paise Only');
    expect(amountInWords(10_099)).toBe('Rupees One Hundred and Ninety Nine Paise Only');
  });

  it('groups in lakh, not hundred thousand: 1,25,000 is One Lakh Twenty Five Thousand', () => {
    expect(amountInWords(12_500_000)).toBe('Rupees One Lakh Twenty Five Thousand Only');
    expect(amountInWords(99_99_999_00)).toBe(
      'Rupees Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Only',
    );
  });

  it('groups in crore, not ten million: 2,03,04,005 is Two Crore Three Lakh Four Thousand Five', () => {
    expect(amountInWords(2_03_04_005_00)).toBe('Rupees Two Crore Three Lakh Four Thousand Five Only');
    expect(amountInWords(1_00_00_000_00)).toBe('Rupees One Crore Only');
  });

  it('reads the crores themselves in the Indian system above 99 crore', () => {
    expect(integerInIndianWords(1_25_00_00_000)).toBe('One Hundred Twenty Five Crore');
    expect(integerInIndianWords(1_00_000_00_00_000)).toBe('One Lakh Crore');
  });

  it('writes the teens and round tens as single words', () => {
    expect(integerInIndianWords(11)).toBe('Eleven');
    expect(integerInIndianWords(19)).toBe('Nineteen');
    expect(integerInIndianWords(70)).toBe('Seventy');
    expect(integerInIndianWords(100)).toBe('One Hundred');
    expect(integerInIndianWords(101)).toBe('One Hundred One');
    expect(integerInIndianWords(1000)).toBe('One Thousand');
    expect(integerInIndianWords(100_000)).toBe('One Lakh');
  });

  it('writes less than a rupee in paise alone, not Rupees Zero and …', () => {
    expect(amountInWords(50)).toBe('Fifty Paise Only');
    expect(amountInWords(1)).toBe('One Paise Only');
    expect(amountInWords(-50)).toBe('Minus Fifty Paise Only');
  });

  it('says Minus before a negative amount', () => {
    expect(amountInWords(-150)).toBe('Minus Rupees One and Fifty Paise Only');
  });

  it('refuses a fractional number of paise (the one paise guard)', () => {
    expect(() => amountInWords(10.5)).toThrow(MoneyError);
    expect(() => amountInWords(Number.NaN)).toThrow(MoneyError);
  });
});
