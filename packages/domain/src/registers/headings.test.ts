import { describe, expect, it } from 'vitest';
import {
  bilingualCsvHeading,
  csvOnlyHeadings,
  headingOf,
  operationsHeadings,
  REGISTER_CSV_COLUMNS,
  type RegisterCsvKind,
  registerCsvHeadings,
  registerHeadings,
} from './headings.ts';

const TAMIL = /[\u0B80-\u0BFF]/;
const LATIN = /[A-Za-z]/;

describe('register headings in English and Tamil (Pawnbrokers Rules, rule 10)', () => {
  it('every heading has English in Latin letters and Tamil in Tamil script, neither empty', () => {
    for (const [key, h] of [registerHeadings, operationsHeadings, csvOnlyHeadings].flatMap(Object.entries)) {
      expect(h.en, key).toMatch(LATIN);
      expect(h.en, key).not.toMatch(TAMIL);
      expect(h.ta, key).toMatch(TAMIL);
      expect(h.ta.trim(), key).toBe(h.ta);
      expect(h.en.trim(), key).toBe(h.en);
    }
  });

  it('a key names the same words wherever it is kept, and an unknown key is refused', () => {
    for (const [key, h] of Object.entries(operationsHeadings)) {
      if (key in registerHeadings) expect(h).toBe(registerHeadings[key as keyof typeof registerHeadings]);
      expect(key in csvOnlyHeadings, key).toBe(false);
    }
    for (const key of Object.keys(csvOnlyHeadings)) expect(key in registerHeadings, key).toBe(false);
    expect(() => headingOf('nothing' as never)).toThrow(RangeError);
  });

  it('a CSV heading cell is the English, a line feed, then the Tamil', () => {
    expect(bilingualCsvHeading('pledgeNo')).toBe('Pledge No.\nஅடகு எண்');
    expect(bilingualCsvHeading('grossWeightFull')).toBe('Gross Weight (g)\nமொத்த எடை (கி)');
  });

  it('each register CSV has one bilingual heading per column, in its column order', () => {
    const expectedFirst: Record<RegisterCsvKind, [string, number]> = {
      pledgeBook: ['Serial\nவரிசை எண்', 23],
      vault: ['Pledge No.\nஅடகு எண்', 10],
      kycIncomplete: ['Customer Code\nவாடிக்கையாளர் குறியீடு', 7],
      overdue: ['Pledge No.\nஅடகு எண்', 10],
      collections: ['Date\nதேதி', 12],
      disbursements: ['Date\nதேதி', 11],
      saleBook: ['Serial\nவரிசை எண்', 21],
      atBanks: ['Pledge No.\nஅடகு எண்', 18],
    };
    for (const kind of Object.keys(REGISTER_CSV_COLUMNS) as RegisterCsvKind[]) {
      const row = registerCsvHeadings(kind);
      expect(row[0], kind).toBe(expectedFirst[kind][0]);
      expect(row, kind).toHaveLength(expectedFirst[kind][1]);
      for (const cell of row) expect(cell.split('\n'), `${kind}: ${cell}`).toHaveLength(2);
    }
  });

  it('a program may ask for English-only headings, one line a cell, the same columns', () => {
    for (const kind of Object.keys(REGISTER_CSV_COLUMNS) as RegisterCsvKind[]) {
      const english = registerCsvHeadings(kind, 'en');
      expect(english).toEqual(registerCsvHeadings(kind).map((cell) => cell.split('\n')[0]));
      for (const cell of english) expect(cell).not.toMatch(/\n|[\u0B80-\u0BFF]/);
    }
    expect(registerCsvHeadings('collections', 'en')[3]).toBe('Pledges');
  });

  it('no two columns of one CSV carry the same English heading', () => {
    for (const kind of Object.keys(REGISTER_CSV_COLUMNS) as RegisterCsvKind[]) {
      const english = REGISTER_CSV_COLUMNS[kind].map((k) => headingOf(k).en);
      expect(new Set(english).size, kind).toBe(english.length);
    }
  });
});
