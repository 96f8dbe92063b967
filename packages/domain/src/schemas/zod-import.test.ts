import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web bundles the domain's modules past its entry (index.ts), so the domain's zod sentences
// (zod-messages.ts) reach a bundle only through schemas/zod.ts: every module that uses zod's values
// must import it from there, and the package must list it as a side effect.
const src = path.resolve(import.meta.dirname, '..');
const modules = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return modules(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });

describe("the domain's zod sentences in every bundle", () => {
  it('every module takes zod from schemas/zod.ts, only zod.ts and zod-messages.ts from zod itself', () => {
    const direct = modules(src)
      .filter((p) => /^(import|export) \{[^}]*\} from 'zod';$/m.test(fs.readFileSync(p, 'utf8')))
      .map((p) => path.relative(src, p))
      .sort();
    expect(direct).toEqual(['schemas/zod-messages.ts', 'schemas/zod.ts'].map((p) => path.normalize(p)));
  });

  it('lists schemas/zod.ts and zod-messages.ts as the side effects the bundler must keep', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(src, '../package.json'), 'utf8'));
    expect(pkg.sideEffects).toEqual(
      expect.arrayContaining(['./src/schemas/zod.ts', './src/schemas/zod-messages.ts']),
    );
  });
});
