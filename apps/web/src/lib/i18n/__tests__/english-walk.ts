import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

// The walk of the web app's components for English outside the catalogues, used by
// catalogues.test.tsx.

export const SRC = join(import.meta.dirname, '../../..');
const VISIBLE_ATTRIBUTES = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'alt',
  'description',
  'emptyText',
  'emptyDescription',
  'confirmLabel',
  'message',
  'actionsHeader',
]);
/** A chart series' `name` is its legend; an icon's `name` is not text. */
const NAMED_SERIES = new Set(['Line', 'Bar', 'Area']);
/** English that is not words to translate: the brand, the language names, units. */
const ALLOWED_TEXT = new Set(['Pledge', 'Desk', 'Pledge Desk', 'English']);
const WORD = /[A-Za-z]{2,}/;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === '__tests__' || entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

export function englishIn(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText().replace(/\s+/g, ' ').trim();
      if (WORD.test(text) && !ALLOWED_TEXT.has(text)) found.push(text);
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText();
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteral(init.expression)
          ? init.expression
          : null;
      const tag = node.parent.parent.tagName.getText();
      const visible = VISIBLE_ATTRIBUTES.has(name) || (name === 'name' && NAMED_SERIES.has(tag));
      if (visible && literal && WORD.test(literal.text) && !ALLOWED_TEXT.has(literal.text)) {
        found.push(`${name}="${literal.text}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
