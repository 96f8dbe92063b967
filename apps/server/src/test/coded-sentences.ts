/**
 * Every sentence the server sends a person has a stable code (packages/domain SENTENCES), so the web
 * shows it in the reader's language: the edge (plugins/errors.ts) notes each 4xx sentence it could not
 * name during the tests, and a test file that made one fails here, naming the sentence. A new or
 * reworded sentence must be added to SENTENCES (and its Tamil to apps/web/src/lib/i18n/server-sentences.ts).
 */
import { afterAll, beforeAll, expect } from 'vitest';

const UNCODED = Symbol.for('pledge-desk.uncoded-sentences');
const store = globalThis as unknown as Record<symbol, string[] | undefined>;

beforeAll(() => {
  store[UNCODED] = [];
});

afterAll(() => {
  const found = [...new Set(store[UNCODED] ?? [])];
  store[UNCODED] = [];
  expect(found, 'sentences sent without a code (add them to SENTENCES)').toEqual([]);
});
