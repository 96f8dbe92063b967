// @vitest-environment node
// (The build step it checks reads the domain package through tsx, whose esbuild refuses jsdom's realm.)
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { extractCatalogues, type MessageTree } from '../../../../tamil-pack';
import {
  type Catalogue,
  defineBilingualCatalogue,
  defineCatalogue,
  installTamil,
  isCatalogue,
  type Language,
  type RichValue,
  translator,
} from '../catalogue';

// The build's Tamil pack (apps/web/tamil-pack.ts): what it moves out of the screens' code is each
// catalogue's Tamil as the source has it, every catalogue once; a bilingual paper's catalogue keeps
// its Tamil; a catalogue whose Tamil was moved reads it from the pack once installed.

const modules = import.meta.glob(
  ['../../../**/i18n.ts', '../../../**/*-i18n.ts', '../messages.ts', '../server-sentences.ts'],
  {
    eager: true,
  },
);
const catalogues = new Map<string, Catalogue>();
for (const m of Object.values(modules))
  for (const value of Object.values(m as Record<string, unknown>))
    if (isCatalogue(value)) catalogues.set(value.name, value);

const SRC = join(import.meta.dirname, '../../..');

const extracted = await extractCatalogues(SRC);

/** Values for every argument of a message's tree: each kind of argument its own sort of value. */
function valuesFor(tree: MessageTree, values: Record<string, RichValue>, count: number): void {
  for (const node of tree as {
    type: number;
    value?: string;
    options?: Record<string, { value: MessageTree }>;
    children?: MessageTree;
  }[]) {
    if (node.type === 1) values[node.value!] ??= 'Rāmu "x"';
    if (node.type === 2 || node.type === 6) values[node.value!] = count;
    if (node.type === 3 || node.type === 4) values[node.value!] = new Date(Date.UTC(2026, 10, 29, 6, 30));
    if (node.type === 5)
      values[node.value!] ??= Object.keys(node.options!).find((k) => k !== 'other') ?? 'other';
    if (node.type === 8)
      values[node.value!] = (chunks: unknown) => `<${node.value}>${String(chunks)}</${node.value}>`;
    for (const option of Object.values(node.options ?? {})) valuesFor(option.value, values, count);
    if (node.children) valuesFor(node.children, values, count);
  }
}

describe('the compiled messages', () => {
  it('cover every catalogue of the app, moved or bilingual', () => {
    const edits = [...extracted.ranges.values()].flat();
    // One edit per catalogue: a moved one's Tamil becomes null and its English trees, a bilingual one
    // gets both languages' trees.
    expect(edits.length).toBe(catalogues.size);
    for (const { text, replacement } of edits)
      expect(replacement.startsWith(text === '' ? ', {"en":{' : 'null, {"en":{'), replacement).toBe(true);
    expect(extracted.compiledTamil.size).toBe(extracted.texts.size);
  });

  it('format every message of every catalogue, in both languages, as its text does', async () => {
    const { compileTexts, loadParser } = await import('../../../../tamil-pack');
    const parse = await loadParser();
    let checked = 0;
    for (const catalogue of catalogues.values()) {
      const en = catalogue.en as Record<string, string>;
      const ta = catalogue.ta as Record<string, string>;
      const compiled = defineBilingualCatalogue(`${catalogue.name}#compiled`, en, ta, {
        en: compileTexts(parse, en, 'en-IN') as never,
        ta: compileTexts(parse, ta, 'ta-IN') as never,
      });
      for (const language of ['en', 'ta'] as Language[])
        for (const key of Object.keys(en))
          for (const count of [0, 1, 2, 1234.5]) {
            const values: Record<string, RichValue> = {};
            valuesFor(parse(catalogue[language][key]!, { locale: new Intl.Locale('en') }), values, count);
            const as = (c: Catalogue) =>
              renderToStaticMarkup(<>{translator(c, language).rich(key, values)}</>);
            expect(as(compiled), `${catalogue.name} ${language} ${key}`).toBe(as(catalogue));
            checked++;
          }
    }
    expect(checked).toBeGreaterThan(5000);
  });
});

describe('the Tamil pack', () => {
  const { texts, ranges } = extracted;

  it("holds each defineCatalogue's Tamil exactly as the source has it", () => {
    expect(texts.size).toBeGreaterThan(60);
    for (const [name, literal] of texts) {
      const catalogue = catalogues.get(name);
      expect(catalogue, `${name} is a catalogue of the app`).toBeDefined();
      expect(new Function(`return (${literal});`)(), name).toEqual(catalogue!.ta);
    }
  });

  it("keeps a bilingual paper's Tamil with its screen", () => {
    for (const name of ['features/auctions', 'features/registers', 'features/bank-repledges']) {
      expect(catalogues.has(name), name).toBe(true);
      expect(texts.has(name), name).toBe(false);
    }
  });

  it('replaces only the Tamil argument of each call', () => {
    for (const [file, list] of ranges)
      for (const { text } of list) if (text !== '') expect(text.trimStart().startsWith('{'), file).toBe(true);
  });

  it('reads a moved catalogue from the pack once installed, and refuses to guess before', () => {
    const moved = defineCatalogue('test/moved', { hello: 'Hello {name}' }, null as never);
    expect(() => translator(moved, 'ta')('hello', { name: 'x' })).toThrow(/not loaded/);
    installTamil({ 'test/moved': { hello: 'வணக்கம் {name}' } });
    expect(translator(moved, 'ta')('hello', { name: 'ராமு' })).toBe('வணக்கம் ராமு');
    expect(translator(moved, 'en')('hello', { name: 'Ramu' })).toBe('Hello Ramu');
  });
});
