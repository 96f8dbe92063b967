import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvOnlyHeadings, operationsHeadings, registerHeadings } from '@pledge-desk/domain';
import { describe, expect, it } from 'vitest';
import { type Catalogue, isCatalogue } from '../catalogue';

// One word per thing: docs/glossary.md names the Tamil word of each product term and the words given
// up for it (its "not" column). A catalogue entry whose English has the term may not use a given-up
// word, in its Tamil text or in the Tamil printed beside the English (<ta>…</ta>).

const modules = import.meta.glob(
  ['../../../**/i18n.ts', '../../../**/*-i18n.ts', '../messages.ts', '../server-sentences.ts'],
  {
    eager: true,
  },
);
const catalogues: Catalogue[] = Object.values(modules).flatMap((m) =>
  Object.values(m as Record<string, unknown>).filter(isCatalogue),
);

const GLOSSARY = join(import.meta.dirname, '../../../../../../docs/glossary.md');

interface GlossaryTerm {
  english: string[];
  tamil: string;
  not: string[];
}

/** The rows of the glossary's table: | English | Tamil | Act or forms | not |. */
function parseGlossary(markdown: string): GlossaryTerm[] {
  const rows = markdown
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
  const header = rows.findIndex((cells) => cells[0]?.toLowerCase() === 'english');
  if (header < 0) throw new Error('docs/glossary.md has no table with an English column');
  const notColumn = rows[header]!.findIndex((cell) => cell.toLowerCase() === 'not');
  const list = (cell: string | undefined) =>
    (cell ?? '')
      .split(',')
      .map((word) => word.trim())
      .filter((word) => word && word !== '—');
  return rows
    .slice(header + 1)
    .filter((cells) => !/^-+$/.test(cells[0] ?? ''))
    .map((cells) => ({ english: list(cells[0]), tamil: cells[1] ?? '', not: list(cells[notColumn]) }));
}

/** The English term as a word, any case, singular or plural: "pledge book" finds "Pledge Books". */
function termPattern(term: string): RegExp {
  const words = term.split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![A-Za-z])${words.join('\\s*')}(?:s|es)?(?![A-Za-z])`, 'i');
}

/** The problems of one catalogue entry against the glossary: each a given-up word it uses. */
function glossaryProblems(terms: GlossaryTerm[], english: string, tamil: string): string[] {
  const tamilTexts = [tamil, ...[...english.matchAll(/<ta>(.*?)<\/ta>/gs)].map((m) => m[1]!)];
  const problems: string[] = [];
  for (const term of terms) {
    if (!term.english.some((form) => termPattern(form).test(english))) continue;
    for (const word of term.not) {
      if (tamilTexts.some((text) => text.includes(word)))
        problems.push(`"${term.english[0]}" is ${term.tamil}, not ${word}`);
    }
  }
  return problems;
}

const terms = parseGlossary(readFileSync(GLOSSARY, 'utf8'));

describe('the glossary (docs/glossary.md)', () => {
  it('is read: one Tamil word per term, and the words given up', () => {
    expect(terms.length).toBeGreaterThanOrEqual(20);
    const lot = terms.find((term) => term.english.includes('lot'));
    expect(lot).toEqual({ english: ['lot'], tamil: 'தொகுதி', not: ['தொகுப்பு'] });
    for (const term of terms) expect(term.tamil, term.english[0]).toMatch(/[\u0B80-\u0BFF]/);
  });

  it('finds a term as a word, any case, singular or plural', () => {
    expect(termPattern('lot').test('Auction Lots')).toBe(true);
    expect(termPattern('lot').test('a lot of')).toBe(true);
    expect(termPattern('lot').test('Allotted slot')).toBe(false);
    expect(termPattern('surplus').test('Auction Surpluses')).toBe(true);
    expect(termPattern('pledge book').test('Pledge Book Print')).toBe(true);
    expect(termPattern('father / husband name').test('Father/Husband Name')).toBe(true);
  });

  it('refuses a given-up word and accepts the chosen one', () => {
    expect(glossaryProblems(terms, 'Auction Lot', 'ஏலத் தொகுப்பு')).toEqual(['"lot" is தொகுதி, not தொகுப்பு']);
    expect(glossaryProblems(terms, 'Auction Lot', 'ஏலத் தொகுதி')).toEqual([]);
    expect(glossaryProblems(terms, 'Overdue pledges / <ta>தவணை கடந்தவை</ta>', 'x')).toHaveLength(1);
  });

  it.each(catalogues.map((c) => [c.name, c] as const))('%s: uses the glossary words', (_n, c) => {
    const problems: string[] = [];
    for (const [key, english] of Object.entries(c.en)) {
      const tamil = (c.ta as Record<string, string>)[key] ?? '';
      for (const problem of glossaryProblems(terms, english, tamil)) problems.push(`${key}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("holds for the registers' bilingual headings (the domain's, read by the screens and the CSVs)", () => {
    const problems: string[] = [];
    for (const [key, heading] of Object.entries({
      ...registerHeadings,
      ...operationsHeadings,
      ...csvOnlyHeadings,
    })) {
      for (const problem of glossaryProblems(terms, heading.en, heading.ta))
        problems.push(`${key}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('holds for the bilingual labels of the pawn ticket and the notice letter', () => {
    const problems: string[] = [];
    // Read through the bundler's glob: lib/ imports no feature (docs/decisions.md, Web app structure).
    const papers = import.meta.glob(
      [
        '../../../features/pledges/ticket/components/ticket-labels.ts',
        '../../../features/notices/components/notice-letter.tsx',
      ],
      { eager: true },
    ) as Record<string, { ticketLabels?: object; noticeLabels?: object }>;
    const labels = Object.assign(
      {},
      ...Object.values(papers).map((m) => ({ ...m.ticketLabels, ...m.noticeLabels })),
    ) as Record<string, readonly [string, string]>;
    expect(Object.keys(labels)).toEqual(
      expect.arrayContaining(['title', 'guardian', 'redemption', 'article']),
    );
    for (const [key, [english, tamil]] of Object.entries(labels)) {
      for (const problem of glossaryProblems(terms, english, tamil)) problems.push(`${key}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
