import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { createElement, Fragment, type ReactNode } from 'react';

/**
 * The interface in English and Tamil. Each feature folder keeps its texts in an `i18n.ts`
 * of catalogues made by `defineCatalogue`: the English text (the spec's, word for word) and the Tamil
 * one under the same key, both ICU MessageFormat (`{count, plural, one {# pledge} other {# pledges}}`),
 * so plurals follow each language's own rules (Intl.PluralRules). TypeScript makes the Tamil catalogue
 * name every English key; `lib/i18n/__tests__/catalogues.test.tsx` checks that both parse and use the
 * same arguments.
 */

export type Language = 'en' | 'ta';

/** A node of an ICU message's syntax tree (the parser's type, as @formatjs/intl takes it). */
type MessageFormatElement = Exclude<
  Parameters<IntlShape['formatMessage']>[0]['defaultMessage'],
  string | undefined
>[number];

/** The locale the ICU formats use for each language (India: Indian digit grouping in both). */
export const LOCALES: Record<Language, string> = { en: 'en-IN', ta: 'ta-IN' };

const CATALOGUE = Symbol.for('pledge-desk.catalogue');

export interface Catalogue<K extends string = string> {
  readonly [CATALOGUE]: true;
  readonly name: string;
  readonly en: Readonly<Record<K, string>>;
  readonly ta: Readonly<Record<K, string>>;
}

/**
 * A catalogue's messages compiled by the build (apps/web/tamil-pack.ts): key → the ICU syntax tree, for
 * every message that is not plain text. Absent in dev and the tests, where the formatter parses.
 */
export type CompiledTexts = Readonly<Record<string, MessageFormatElement[]>>;
type Compiled = Partial<Record<Language, CompiledTexts>>;

/** The Tamil of the catalogues whose Tamil the build moved into the Tamil pack, once it has come. */
const tamilTexts = new Map<string, Readonly<Record<string, string>>>();
/** The build's trees of each catalogue, by language (the Tamil ones of moved catalogues from the pack). */
const compiledTexts = new Map<string, Compiled>();

/** The Tamil pack's texts and their trees, by catalogue name (lib/i18n/tamil-pack.ts; null in dev and the tests). */
export function installTamil(
  texts: Readonly<Record<string, Readonly<Record<string, string>>>> | null,
  compiled: Readonly<Record<string, CompiledTexts>> | null = null,
): void {
  for (const [name, catalogue] of Object.entries(texts ?? {})) tamilTexts.set(name, catalogue);
  for (const [name, trees] of Object.entries(compiled ?? {}))
    compiledTexts.set(name, { ...compiledTexts.get(name), ta: trees });
}

/**
 * `name` says where the catalogue lives (the feature), for the catalogue test's messages, and is its
 * key in the Tamil pack: the build (apps/web/tamil-pack.ts) replaces `ta` by `null` and moves it there,
 * so an English reader never fetches it.
 */
export function defineCatalogue<const E extends Record<string, string>>(
  name: string,
  en: E,
  ta: { readonly [K in keyof E]: string },
  compiled?: Compiled,
): Catalogue<Extract<keyof E, string>> {
  if (compiled) compiledTexts.set(name, { ...compiledTexts.get(name), ...compiled });
  if (ta !== null) return { [CATALOGUE]: true, name, en, ta } as Catalogue<Extract<keyof E, string>>;
  const catalogue = { [CATALOGUE]: true, name, en } as Record<string | symbol, unknown>;
  Object.defineProperty(catalogue, 'ta', {
    enumerable: true,
    get() {
      const texts = tamilTexts.get(name);
      // The language store switches to Tamil only once the pack has come: reading it earlier is a
      // bilingual paper whose catalogue should be defineBilingualCatalogue.
      if (!texts) throw new Error(`The Tamil texts of ${name} are not loaded`);
      return texts;
    },
  });
  return catalogue as unknown as Catalogue<Extract<keyof E, string>>;
}

/**
 * A catalogue of a bilingual paper (a register, a receipt printed in both languages): the same, but its
 * Tamil stays with its screen's code, since the paper shows it whatever the reader's language.
 */
export function defineBilingualCatalogue<const E extends Record<string, string>>(
  name: string,
  en: E,
  ta: { readonly [K in keyof E]: string },
  compiled?: Compiled,
): Catalogue<Extract<keyof E, string>> {
  if (compiled) compiledTexts.set(name, compiled);
  return { [CATALOGUE]: true, name, en, ta } as Catalogue<Extract<keyof E, string>>;
}

export function isCatalogue(value: unknown): value is Catalogue {
  return (
    typeof value === 'object' && value !== null && (value as { [CATALOGUE]?: unknown })[CATALOGUE] === true
  );
}

export type MessageValue = string | number | Date | null | undefined;
export type RichValue = MessageValue | ReactNode | ((chunks: ReactNode[]) => ReactNode);

export interface Translate<K extends string> {
  /** The text of `key` in the current language, its `{arguments}` filled in. */
  (key: K, values?: Record<string, MessageValue>): string;
  /** The same with React elements for tags (`<b>{name}</b>`) or arguments. */
  rich(key: K, values: Record<string, RichValue>): ReactNode;
  readonly language: Language;
}

const cache = createIntlCache();
const intls = new WeakMap<Catalogue, Partial<Record<Language, IntlShape>>>();
type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;
const englishMessages = new WeakMap<Catalogue, Messages>();

/**
 * The messages of `catalogue` in `language` as the formatter takes them: the build's trees where it
 * made them and a one-literal tree for plain text (the build leaves those out), so the browser never
 * parses; in dev and the tests (no trees) the texts, which the formatter parses.
 */
function messagesOf(catalogue: Catalogue, language: Language): Messages {
  const texts = catalogue[language] as Record<string, string>;
  const trees = compiledTexts.get(catalogue.name)?.[language];
  if (!trees) return texts;
  const messages: Record<string, MessageFormatElement[]> = {};
  for (const [key, text] of Object.entries(texts))
    messages[key] = trees[key] ?? [{ type: 0, value: text } as MessageFormatElement];
  return messages;
}

/** The formatter of one catalogue in one language, made once and kept. */
export function intlFor(catalogue: Catalogue, language: Language): IntlShape {
  let byLanguage = intls.get(catalogue);
  if (!byLanguage) {
    byLanguage = {};
    intls.set(catalogue, byLanguage);
  }
  let intl = byLanguage[language];
  if (!intl) {
    intl = createIntl(
      {
        locale: LOCALES[language],
        defaultLocale: LOCALES.en,
        messages: messagesOf(catalogue, language),
        // A message missing in Tamil would be a typing error TypeScript already refuses; the English
        // text shows instead of the key should one slip through at run time.
        onError: () => {},
      },
      cache,
    );
    byLanguage[language] = intl;
  }
  return intl;
}

/** A translate function of `catalogue` in `language`, for code outside React (and the hook below). */
export function translator<K extends string>(catalogue: Catalogue<K>, language: Language): Translate<K> {
  const intl = intlFor(catalogue, language);
  const english = englishMessages.get(catalogue) ?? messagesOf(catalogue, 'en');
  englishMessages.set(catalogue, english);
  const t = ((key: K, values?: Record<string, MessageValue>) =>
    String(intl.formatMessage({ id: key, defaultMessage: english[key] }, values))) as Translate<K>;
  // A message with tags or elements comes back as parts.
  t.rich = (key: K, values: Record<string, RichValue>) => {
    const parts = intl.formatMessage({ id: key, defaultMessage: english[key] }, values as never) as ReactNode;
    // Spread as the fragment's own children (not one list), so React asks no keys of them.
    return Array.isArray(parts) ? createElement(Fragment, null, ...parts) : parts;
  };
  Object.defineProperty(t, 'language', { value: language });
  return t;
}
