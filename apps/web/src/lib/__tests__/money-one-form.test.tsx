import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

// One form of money (docs/decisions.md): money with its currency is written by the domain's formatRupees
// alone ('-Rs. 1,28,499.00' for a negative amount). A screen that glues a prefix to a number itself
// ('Rs. ' + formatIndianNumber(…)) prints 'Rs. -1,28,499.00' for the same amount.
const src = join(import.meta.dirname, '..', '..');
const GLUED = /(?:Rs\.? ?|₹)\$\{\s*format|['"](?:Rs\.? ?|₹)['"]\s*\+\s*format/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

it('no screen writes its own currency prefix before a formatted number', () => {
  const glued = sources(src).flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line, i) => ({ where: `${relative(src, path)}:${i + 1}`, line }))
      .filter(({ line }) => GLUED.test(line)),
  );
  expect(glued).toEqual([]);
});
