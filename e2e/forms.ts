/**
 * The particulars of the Tamil Nadu Pawnbrokers Act forms as docs/forms.md lists them, and the checks
 * the browser tests make of a printed register against them: every column the document names is a
 * heading of the printed table, in English with the Tamil under it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';

export interface FormColumn {
  particular: string;
  en: string;
  ta: string;
}

/** The rows of the table under `## <section>` of docs/forms.md: the particular and its column's words. */
export function formColumns(section: string): FormColumn[] {
  const text = readFileSync(resolve(import.meta.dirname, '../docs/forms.md'), 'utf8');
  const start = text.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`docs/forms.md has no section "${section}"`);
  const rest = text.slice(start + 1 + 3 + section.length);
  const end = rest.search(/^## /m);
  const rows = (end < 0 ? rest : rest.slice(0, end))
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
  const columns = rows.map((row) => {
    const [particular = '', en = '', ta = ''] = row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return { particular, en, ta };
  });
  if (columns.length === 0 || columns.some((c) => !c.en || !c.ta)) {
    throw new Error(`docs/forms.md "${section}": a row without its English or Tamil column`);
  }
  return columns;
}

/** Each heading cell of the table as its English and Tamil lines: [text, lang] of its spans. */
export async function headingWords(table: Locator): Promise<{ en: string; ta: string; taLang: string }[]> {
  return table.locator('thead th').evaluateAll((cells) =>
    cells.map((th) => {
      const spans = Array.from(th.querySelectorAll('span'));
      const tamil = spans.find((s) => s.getAttribute('lang') === 'ta');
      const english = spans.find((s) => s !== tamil);
      return {
        en: english?.textContent?.trim() ?? '',
        ta: tamil?.textContent?.trim() ?? '',
        taLang: tamil?.getAttribute('lang') ?? '',
      };
    }),
  );
}

/** The particulars of `section` that no heading of the table prints in both languages (none, we hope). */
export async function missingParticulars(table: Locator, section: string): Promise<string[]> {
  const headings = await headingWords(table);
  return formColumns(section)
    .filter((c) => !headings.some((h) => h.en === c.en && h.ta === c.ta && h.taLang === 'ta'))
    .map((c) => `${c.particular}: "${c.en}" / "${c.ta}"`);
}

/** The text of the page's `@page` rules as Chromium parsed them (a margin box it did not take is gone). */
export function pageRules(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.styleSheets).flatMap((sheet) =>
      Array.from(sheet.cssRules)
        .filter((rule) => rule instanceof CSSPageRule)
        .map((rule) => rule.cssText),
    ),
  );
}

/** The page size of a PDF's first page in points, from its MediaBox: [width, height]. */
export function pdfPageSize(pdf: Buffer): [number, number] {
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  if (!box) throw new Error('the PDF has no MediaBox');
  return [Number(box[3]) - Number(box[1]), Number(box[4]) - Number(box[2])];
}

/** A4 and A5 in points (1 mm = 72 / 25.4 pt). */
export const PAPER_POINTS = {
  A4: [595.28, 841.89],
  A5: [419.53, 595.28],
} as const;

/** The language of the interface for the next loads of the page. */
export async function inTamil(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('language', 'ta'));
}
