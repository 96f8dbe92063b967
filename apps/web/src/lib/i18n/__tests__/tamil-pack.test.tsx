import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractTamil } from '../../../../tamil-pack';
import { type Catalogue, defineCatalogue, installTamil, isCatalogue, translator } from '../catalogue';

// The build's Tamil pack (apps/web/tamil-pack.ts): what it moves out of the screens' code is each
// catalogue's Tamil as the source has it, every catalogue once; a bilingual paper's catalogue keeps
// its Tamil; a catalogue whose Tamil was moved reads it from the pack once installed.

const modules = import.meta.glob(['../../../**/i18n.ts', '../messages.ts', '../server-sentences.ts'], {
  eager: true,
});
const catalogues = new Map<string, Catalogue>();
for (const m of Object.values(modules))
  for (const value of Object.values(m as Record<string, unknown>))
    if (isCatalogue(value)) catalogues.set(value.name, value);

const SRC = join(import.meta.dirname, '../../..');

describe('the Tamil pack', () => {
  const { texts, ranges } = extractTamil(SRC);

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
      for (const { text } of list) expect(text.trimStart().startsWith('{'), file).toBe(true);
  });

  it('reads a moved catalogue from the pack once installed, and refuses to guess before', () => {
    const moved = defineCatalogue('test/moved', { hello: 'Hello {name}' }, null as never);
    expect(() => translator(moved, 'ta')('hello', { name: 'x' })).toThrow(/not loaded/);
    installTamil({ 'test/moved': { hello: 'வணக்கம் {name}' } });
    expect(translator(moved, 'ta')('hello', { name: 'ராமு' })).toBe('வணக்கம் ராமு');
    expect(translator(moved, 'en')('hello', { name: 'Ramu' })).toBe('Hello Ramu');
  });
});
