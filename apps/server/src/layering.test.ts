import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The layering test (README, "The layering test"): the source of every module is read as text (no app,
// no database) and each `*.routes.ts` and `*.service.ts` is checked against the one pattern of the
// README. KNOWN lists the files that break it today, each with the rules it breaks: a new violation
// fails, and so does a listed one that is gone, so the list only shrinks. Fix a file, then remove its
// entry.

type Rule =
  /** A routes file imports from drizzle-orm (it builds a query). */
  | 'routes-drizzle'
  /** A routes file imports the tables (db/schema). */
  | 'routes-schema'
  /** A routes file opens a transaction (`.transaction(`): that is its service's job. */
  | 'routes-transaction'
  /** A service imports a query builder from drizzle-orm (sql, eq, and, …); `import type` is allowed. */
  | 'service-drizzle'
  /** A service imports the tables (db/schema). */
  | 'service-schema'
  /** A service runs a query of its own: `db.` or `tx.` select, insert, update, delete or execute. */
  | 'service-query'
  /** A service imports a routes file: the layers point the other way (routes → service). */
  | 'service-routes';

/**
 * The files that break the pattern today, relative to src/modules, and the rules each breaks: none.
 * Keep it so: an entry here is a debt with its file and rule named, never a way round the test.
 */
const KNOWN: Record<string, readonly Rule[]> = {};

/** The source without comments, so a sentence about `db.transaction(` in a comment is no violation. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

interface Import {
  from: string;
  /** `import type { … }`, or every name inline `type`: nothing of it exists at run time. */
  typeOnly: boolean;
}

function importsOf(text: string): Import[] {
  const found: Import[] = [];
  const re = /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(re)) {
    const names = m[2] ?? '';
    const braced = /^\{([\s\S]*)\}$/.exec(names.trim());
    const inlineTypes =
      braced !== null &&
      braced[1]!
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== '')
        .every((n) => n.startsWith('type '));
    found.push({ from: m[3]!, typeOnly: m[1] !== undefined || inlineTypes });
  }
  for (const m of text.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) {
    found.push({ from: m[1]!, typeOnly: false });
  }
  return found;
}

const isDrizzle = (from: string) => from === 'drizzle-orm' || from.startsWith('drizzle-orm/');
const isSchema = (from: string) => /(^|\/)db\/schema(\/|\.ts$|$)/.test(from);

/** The rules a file breaks, from its name and its source. */
function rulesBroken(file: string, source: string): Rule[] {
  const text = code(source);
  const imports = importsOf(text);
  const broken: Rule[] = [];
  if (file.endsWith('.routes.ts')) {
    if (imports.some((i) => isDrizzle(i.from))) broken.push('routes-drizzle');
    if (imports.some((i) => isSchema(i.from))) broken.push('routes-schema');
    if (/\.transaction\s*\(/.test(text)) broken.push('routes-transaction');
  } else if (file.endsWith('.service.ts')) {
    if (imports.some((i) => isDrizzle(i.from) && !i.typeOnly)) broken.push('service-drizzle');
    if (imports.some((i) => isSchema(i.from))) broken.push('service-schema');
    if (/\b(db|tx)\s*\.\s*(select|selectDistinct|insert|update|delete|execute)\s*\(/.test(text))
      broken.push('service-query');
    if (imports.some((i) => i.from.endsWith('.routes.ts') && !i.typeOnly)) broken.push('service-routes');
  }
  return broken;
}

const modulesDir = path.resolve(import.meta.dirname, 'modules');

function layerFiles(): string[] {
  return (readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.(routes|service)\.ts$/.test(f))
    .sort();
}

describe('the layering of src/modules (README: routes → service → repository)', () => {
  const found: Record<string, Rule[]> = {};
  for (const file of layerFiles()) {
    const broken = rulesBroken(file, readFileSync(path.join(modulesDir, file), 'utf8'));
    if (broken.length > 0) found[file] = broken;
  }

  it('reads the routes and services of the modules', () => {
    expect(layerFiles()).toContain('customers/customers.routes.ts');
    expect(layerFiles()).toContain('customers/customers.service.ts');
  });

  it('finds no file breaking the pattern beyond the KNOWN list', () => {
    const fresh = Object.entries(found)
      .map(([file, rules]) => [file, rules.filter((r) => !(KNOWN[file] ?? []).includes(r))] as const)
      .filter(([, rules]) => rules.length > 0);
    expect(Object.fromEntries(fresh), 'follow the pattern of apps/server/README.md').toEqual({});
  });

  it('finds every KNOWN entry still broken (remove an entry once its file is fixed)', () => {
    const gone = Object.entries(KNOWN)
      .map(([file, rules]) => [file, rules.filter((r) => !(found[file] ?? []).includes(r))] as const)
      .filter(([, rules]) => rules.length > 0);
    expect(Object.fromEntries(gone), 'fixed: remove these from KNOWN').toEqual({});
  });
});

describe('rulesBroken', () => {
  it('catches a service that imports a routes file', () => {
    expect(rulesBroken('x/x.service.ts', "import { readView } from '../y/y.routes.ts';")).toEqual([
      'service-routes',
    ]);
    expect(rulesBroken('x/x.service.ts', "import { readView } from '../y/y.service.ts';")).toEqual([]);
  });

  it('catches a routes file that queries or opens a transaction', () => {
    const source = [
      "import { and, eq } from 'drizzle-orm';",
      "import { pledges } from '../../db/schema/index.ts';",
      'await db.transaction(async (tx) => {});',
    ].join('\n');
    expect(rulesBroken('x/x.routes.ts', source)).toEqual([
      'routes-drizzle',
      'routes-schema',
      'routes-transaction',
    ]);
  });

  it('catches a service that builds a query, and lets a type-only import and its own transaction pass', () => {
    const bad = [
      'import {',
      '  and,',
      '  sql,',
      "} from 'drizzle-orm';",
      "import type { pledges } from '../../db/schema';",
      'await tx.select().from(pledges);',
    ].join('\n');
    expect(rulesBroken('x/x.service.ts', bad)).toEqual([
      'service-drizzle',
      'service-schema',
      'service-query',
    ]);
    const good = [
      "import type { SQL } from 'drizzle-orm';",
      "import { findPledge } from './x.repository.ts';",
      '// tx.select() and db.transaction( in a comment are no violation',
      'return db.transaction(async (tx) => findPledge(tx, 1));',
    ].join('\n');
    expect(rulesBroken('x/x.service.ts', good)).toEqual([]);
  });

  it('leaves other files alone', () => {
    expect(rulesBroken('x/x.repository.ts', "import { sql } from 'drizzle-orm';")).toEqual([]);
  });
});
