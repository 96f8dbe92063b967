import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The Tamil pack (issue 32, page weight): in the build, the Tamil texts of every `defineCatalogue`
 * leave the screens' code and go into one module, `src/lib/i18n/tamil-pack.ts`, which the browser
 * fetches only when Tamil is chosen. An English reader fetches no Tamil; a Tamil reader fetches all of
 * the interface's Tamil once (it is cached like every build file), and each screen's English with its
 * code, as the keys and the fallback. Catalogues of bilingual papers (`defineBilingualCatalogue`) keep
 * their Tamil with their screen: the paper prints it whatever the reader's language.
 *
 * In `vite dev` and the tests nothing changes: the Tamil stays in each catalogue, and
 * `tamil-loader.ts` hands over the pack synchronously.
 *
 * The build also compiles every message (English and Tamil) to the ICU parser's syntax tree, so the
 * browser formats without the parser (vite.config.ts points `@formatjs/icu-messageformat-parser` at its
 * `no-parser` build: 7 KB gzip less in the shell, and no parsing on the main thread). A message that is
 * plain text (its tree one literal equal to the text) is not written again: the catalogue makes its
 * one-literal tree at run time. The texts themselves stay as they are (code reads some of them as
 * strings).
 */

/** An ICU message's syntax tree, as the parser makes it. */
export type MessageTree = unknown[];
/** Key → tree, for the messages of a catalogue that are not plain text. */
export type CompiledTexts = Record<string, MessageTree>;

/** The ICU parser of the `@formatjs/intl` the app formats with (its own copy, the same version). */
export type Parse = (message: string, options: { locale: Intl.Locale }) => MessageTree;
let parser: Parse | null = null;
export async function loadParser(): Promise<Parse> {
  if (!parser) {
    const intl = dirname(createRequire(import.meta.url).resolve('@formatjs/intl'));
    const file = join(intl, 'node_modules/@formatjs/icu-messageformat-parser/index.js');
    parser = ((await import(pathToFileURL(file).href)) as { parse: Parse }).parse;
  }
  return parser;
}

/** The path of that parser's `no-parser` build, which the browser gets instead (vite.config.ts). */
export function noParserPath(): string {
  const intl = dirname(createRequire(import.meta.url).resolve('@formatjs/intl'));
  return join(intl, 'node_modules/@formatjs/icu-messageformat-parser/no-parser.js');
}

/** The trees of `texts` that are not plain text, parsed as the formatter would in `locale`. */
export function compileTexts(parse: Parse, texts: Record<string, string>, locale: string): CompiledTexts {
  const compiled: CompiledTexts = {};
  for (const [key, text] of Object.entries(texts)) {
    const tree = parse(text, { locale: new Intl.Locale(locale) });
    const only = tree.length === 1 ? (tree[0] as { type: number; value?: unknown }) : null;
    if (!(only && only.type === 0 && only.value === text)) compiled[key] = tree;
  }
  return compiled;
}

interface Extracted {
  /** Catalogue name → its Tamil object literal, as written. */
  texts: Map<string, string>;
  /** Catalogue name → the trees of its Tamil (for the pack). */
  compiledTamil: Map<string, CompiledTexts>;
  /**
   * File → the source ranges to replace, their text as read and what replaces it: a moved Tamil
   * argument becomes `null` and the English trees; a bilingual catalogue gets both languages' trees as
   * a fourth argument (an empty range at the Tamil argument's end).
   */
  ranges: Map<string, { start: number; end: number; text: string; replacement: string }[]>;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__tests__' && entry.name !== 'test') files.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** The texts of a catalogue's object literal, each a string literal (else the build stops). */
function literalTexts(
  object: ts.Expression | undefined,
  where: string,
  what: string,
): Record<string, string> {
  if (!object || !ts.isObjectLiteralExpression(object))
    throw new Error(`${where}: the ${what} of a catalogue must be an object literal`);
  const texts: Record<string, string> = {};
  for (const property of object.properties) {
    const ok =
      ts.isPropertyAssignment(property) &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
      (ts.isStringLiteral(property.initializer) || ts.isNoSubstitutionTemplateLiteral(property.initializer));
    if (!ok) throw new Error(`${where}: each ${what} text must be a string literal under a plain key`);
    texts[(property.name as ts.Identifier | ts.StringLiteral).text] = (
      property.initializer as ts.StringLiteral | ts.NoSubstitutionTemplateLiteral
    ).text;
  }
  return texts;
}

/** A table of texts the file imports by `name` from @pledge-desk/domain (else the build stops). */
function domainTable(
  domain: Record<string, unknown>,
  source: ts.SourceFile,
  name: string,
  where: string,
): Record<string, string> {
  const imported = source.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === '@pledge-desk/domain' &&
      statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.elements.some((e) => e.name.text === name && !e.propertyName),
  );
  const table = domain[name];
  const texts = typeof table === 'object' && table !== null ? (table as Record<string, unknown>) : null;
  if (!imported || !texts || !Object.values(texts).every((text) => typeof text === 'string'))
    throw new Error(`${where}: an English table must be an object literal or a table of @pledge-desk/domain`);
  return texts as Record<string, string>;
}

/**
 * Every `defineCatalogue(name, english, tamil)` and `defineBilingualCatalogue` of the sources, read with
 * TypeScript's own parser, and their messages compiled.
 */
export async function extractCatalogues(srcDir: string): Promise<Extracted> {
  const parse = await loadParser();
  // The domain package is TypeScript: read through tsx (the config's own loader leaves it to Node).
  const domainEntry = join(srcDir, '../../../packages/domain/src/index.ts');
  const domain = (await tsImport(pathToFileURL(domainEntry).href, import.meta.url)) as Record<
    string,
    unknown
  >;
  const texts = new Map<string, string>();
  const compiledTamil = new Map<string, CompiledTexts>();
  const ranges: Extracted['ranges'] = new Map();
  const names = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes('Catalogue(')) continue;
    const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      const callee =
        ts.isCallExpression(node) && ts.isIdentifier(node.expression) ? node.expression.text : null;
      if (callee === 'defineCatalogue' || callee === 'defineBilingualCatalogue') {
        const [name, english, tamil] = (node as ts.CallExpression).arguments;
        const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        if (!name || !ts.isStringLiteral(name) || !tamil || !ts.isObjectLiteralExpression(tamil))
          throw new Error(`${where}: ${callee} needs a literal name and a Tamil object literal`);
        if (names.has(name.text)) throw new Error(`${where}: a second catalogue named ${name.text}`);
        names.add(name.text);
        // The English of the server's sentences and narrations is the domain's own table, named by an
        // import from @pledge-desk/domain: compiled from that table.
        const englishTexts =
          english && ts.isIdentifier(english)
            ? domainTable(domain, source, english.text, where)
            : literalTexts(english, where, 'English');
        const en = compileTexts(parse, englishTexts, 'en-IN');
        const ta = compileTexts(parse, literalTexts(tamil, where, 'Tamil'), 'ta-IN');
        const list = ranges.get(file) ?? [];
        if (callee === 'defineCatalogue') {
          const text = tamil.getText(source);
          texts.set(name.text, text);
          compiledTamil.set(name.text, ta);
          list.push({
            start: tamil.getStart(source),
            end: tamil.getEnd(),
            text,
            replacement: `null, ${JSON.stringify({ en })}`,
          });
        } else {
          list.push({
            start: tamil.getEnd(),
            end: tamil.getEnd(),
            text: '',
            replacement: `, ${JSON.stringify({ en, ta })}`,
          });
        }
        ranges.set(file, list);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { texts, compiledTamil, ranges };
}

/** The build's `tamil-loader.ts`: the pack fetched when asked for, then held. */
const LOADER = `let pack = null;
let loading = null;
export function tamilPackNow() { return pack; }
export function loadTamilPack() {
  loading ??= import('./tamil-pack.ts').then(
    (module) => { pack = module; return module; },
    (error) => { loading = null; throw error; },
  );
  return loading;
}
`;

export function tamilPack(srcDir: string): Plugin {
  let extracted: Extracted | null = null;
  const norm = (id: string) => id.split('?')[0]!.replaceAll('\\', '/');
  const root = srcDir.replaceAll('\\', '/');
  return {
    name: 'pledge-desk-tamil-pack',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      extracted = await extractCatalogues(srcDir);
    },
    load(id) {
      if (norm(id) === `${root}/lib/i18n/tamil-loader.ts`) return LOADER;
      return null;
    },
    transform(code, id) {
      if (!extracted) return null;
      const file = norm(id);
      if (file === `${root}/lib/i18n/tamil-pack.ts`) {
        const marker = /=\s*null;\s*\/\/ TAMIL_TEXTS[^\n]*/;
        if (!marker.test(code)) throw new Error('tamil-pack.ts has lost its TAMIL_TEXTS marker');
        const entries = [...extracted.texts].map(([name, text]) => `${JSON.stringify(name)}: ${text}`);
        const compiled = /=\s*null;\s*\/\/ TAMIL_COMPILED[^\n]*/;
        if (!compiled.test(code)) throw new Error('tamil-pack.ts has lost its TAMIL_COMPILED marker');
        const trees = JSON.stringify(Object.fromEntries(extracted.compiledTamil));
        return code
          .replace(marker, () => `= {\n${entries.join(',\n')}\n};`)
          .replace(compiled, () => `= ${trees};`);
      }
      const ranges = extracted.ranges.get(file);
      if (!ranges) return null;
      // From the end, so earlier ranges keep their offsets. The source read at build start must be
      // the source transformed here.
      let out = code;
      for (const { start, end, text, replacement } of [...ranges].sort((a, b) => b.start - a.start)) {
        if (out.slice(start, end) !== text) throw new Error(`${file} changed during the build`);
        out = `${out.slice(0, start)}${replacement}${out.slice(end)}`;
      }
      return out;
    },
  };
}
