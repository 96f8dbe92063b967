import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
 */

interface Extracted {
  /** Catalogue name → its Tamil object literal, as written. */
  texts: Map<string, string>;
  /** File → the source ranges of the Tamil arguments to replace with `null`, and their text. */
  ranges: Map<string, { start: number; end: number; text: string }[]>;
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

/** Every `defineCatalogue(name, english, tamil)` of the sources, read with TypeScript's own parser. */
export function extractTamil(srcDir: string): Extracted {
  const texts = new Map<string, string>();
  const ranges = new Map<string, { start: number; end: number; text: string }[]>();
  for (const file of sourceFiles(srcDir)) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes('defineCatalogue(')) continue;
    const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'defineCatalogue'
      ) {
        const [name, , tamil] = node.arguments;
        const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        if (!name || !ts.isStringLiteral(name) || !tamil || !ts.isObjectLiteralExpression(tamil))
          throw new Error(`${where}: defineCatalogue needs a literal name and a Tamil object literal`);
        for (const property of tamil.properties) {
          const literal =
            ts.isPropertyAssignment(property) &&
            (ts.isStringLiteral(property.initializer) ||
              ts.isNoSubstitutionTemplateLiteral(property.initializer));
          if (!literal) throw new Error(`${where}: each Tamil text of ${name.text} must be a string literal`);
        }
        if (texts.has(name.text)) throw new Error(`${where}: a second catalogue named ${name.text}`);
        const text = tamil.getText(source);
        texts.set(name.text, text);
        const list = ranges.get(file) ?? [];
        list.push({ start: tamil.getStart(source), end: tamil.getEnd(), text });
        ranges.set(file, list);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { texts, ranges };
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
    buildStart() {
      extracted = extractTamil(srcDir);
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
        return code.replace(marker, () => `= {\n${entries.join(',\n')}\n};`);
      }
      const ranges = extracted.ranges.get(file);
      if (!ranges) return null;
      // From the end, so earlier ranges keep their offsets. The source read at build start must be
      // the source transformed here.
      let out = code;
      for (const { start, end, text } of [...ranges].sort((a, b) => b.start - a.start)) {
        if (out.slice(start, end) !== text) throw new Error(`${file} changed during the build`);
        out = `${out.slice(0, start)}null${out.slice(end)}`;
      }
      return out;
    },
  };
}
