import { relative } from 'node:path';
import { createIntl } from '@formatjs/intl';
import { SENTENCES, type SentenceCode } from '@pledge-desk/domain';
import { describe, expect, it } from 'vitest';
import { type Catalogue, isCatalogue } from '../catalogue';
import { translateMessage } from '../messages';
import { serverSentences } from '../server-sentences';
import { englishIn, SRC, sourceFiles } from './english-walk';

// Every key in both catalogues, both texts valid ICU with the same arguments, the Tamil text
// in Tamil; and no visible English left outside the catalogues in the web app's components.

const modules = import.meta.glob(
  ['../../../**/i18n.ts', '../../../**/*-i18n.ts', '../messages.ts', '../server-sentences.ts'],
  {
    eager: true,
  },
);
const catalogues: Catalogue[] = Object.values(modules).flatMap((m) =>
  Object.values(m as Record<string, unknown>).filter(isCatalogue),
);

/** The arguments and tags a message uses: `{count, plural, …}` → count, `<b>…</b>` → <b>. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  for (const m of message.matchAll(/\{\s*(\w+)\s*[,}]/g)) names.add(m[1]!);
  for (const m of message.matchAll(/<(\w+)>/g)) names.add(`<${m[1]}>`);
  return [...names].sort();
}

/** Formats a message with every argument given, collecting ICU errors instead of printing them. */
function formatErrors(message: string, locale: string): string[] {
  const errors: string[] = [];
  const intl = createIntl({
    locale,
    messages: { m: message },
    onError: (e) => errors.push(String(e.message)),
  });
  const values: Record<string, unknown> = {};
  for (const name of argumentsOf(message)) {
    if (name.startsWith('<')) values[name.slice(1, -1)] = (chunks: unknown) => chunks;
    else values[name] = 1;
  }
  intl.formatMessage({ id: 'm' }, values as never);
  return errors;
}

/**
 * Texts that are the same in both languages: names, not words to translate. A label of just 'KYC' is
 * one (KYC stays as it is in Tamil, as the customers' KYC catalogue says).
 */
const SAME_IN_BOTH = /^(?:[^A-Za-z]*|DD\/MM\/YYYY|KYC|.*\b(?:RBI|API|CSV|PDF|WhatsApp|Pledge Desk)\b.*)$/;
const TAMIL = /[\u0B80-\u0BFF]/;

describe('the message catalogues', () => {
  it('are found (every feature i18n.ts and the shared messages)', () => {
    expect(catalogues.length).toBeGreaterThanOrEqual(6);
    expect(new Set(catalogues.map((c) => c.name)).size).toBe(catalogues.length);
  });

  it.each(catalogues.map((c) => [c.name, c] as const))('%s: the same keys in English and Tamil', (_n, c) => {
    expect(Object.keys(c.ta).sort()).toEqual(Object.keys(c.en).sort());
  });

  it.each(catalogues.map((c) => [c.name, c] as const))(
    '%s: every text is valid ICU, with the same arguments in both languages',
    (_n, c) => {
      const problems: string[] = [];
      for (const [key, english] of Object.entries(c.en)) {
        const tamil = (c.ta as Record<string, string>)[key] ?? '';
        for (const e of formatErrors(english, 'en-IN')) problems.push(`${key} (en): ${e}`);
        for (const e of formatErrors(tamil, 'ta-IN')) problems.push(`${key} (ta): ${e}`);
        if (argumentsOf(english).join() !== argumentsOf(tamil).join()) {
          problems.push(
            `${key}: en uses ${argumentsOf(english).join() || 'none'}, ta ${argumentsOf(tamil).join() || 'none'}`,
          );
        }
        if (!TAMIL.test(tamil) && !SAME_IN_BOTH.test(english))
          problems.push(`${key}: the Tamil text is not in Tamil`);
      }
      expect(problems).toEqual([]);
    },
  );
});

// The component walk: JSX text and the visible attributes of JSX elements with English words in them,
// outside the catalogues. Every component is translated: any English found fails.

describe('the components', () => {
  const files = sourceFiles(SRC).map((file) => [relative(SRC, file), file] as const);

  it('are many (the walk finds the web app)', () => {
    expect(files.length).toBeGreaterThan(150);
  });

  it('show no English outside the catalogues', () => {
    const left = files.flatMap(([name, file]) => englishIn(file).map((text) => `${name}: ${text}`));
    expect(left).toEqual([]);
  });
});

describe('the server sentences', () => {
  it('are one catalogue with every code the server may send (SENTENCES), the English the server writes', () => {
    expect(serverSentences.en).toBe(SENTENCES);
    expect(Object.keys(serverSentences.ta).sort()).toEqual(Object.keys(SENTENCES).sort());
  });

  it("read the same in Tamil where a screen's own check says a server sentence's English", () => {
    const tamilOf = new Map<string, string>(
      Object.entries(SENTENCES).map(([code, english]) => [english, serverSentences.ta[code as SentenceCode]]),
    );
    const differ = catalogues
      .filter((c) => c !== serverSentences)
      .flatMap((c) =>
        Object.entries(c.en)
          .filter(
            ([key, text]) => tamilOf.has(text) && tamilOf.get(text) !== (c.ta as Record<string, string>)[key],
          )
          .map(([key]) => `${c.name}.${key}`),
      );
    expect(differ).toEqual([]);
  });

  it('show a sentence by its code and parameters, whatever its English text', () => {
    expect(translateMessage('Username is required', 'ta', 'USERNAME_REQUIRED')).toBe('பயனர் பெயர் தேவை');
    expect(translateMessage('Some reworded English', 'ta', 'USERNAME_REQUIRED')).toBe('பயனர் பெயர் தேவை');
    expect(translateMessage('Too many attempts', 'ta', 'TOO_MANY_ATTEMPTS', { seconds: '30' })).toBe(
      'பலமுறை தவறான உள்நுழைவு முயற்சிகள். 30 விநாடிகள் கழித்து முயலவும்.',
    );
    expect(translateMessage('Username is required', 'en', 'USERNAME_REQUIRED')).toBe('Username is required');
  });

  it("show a shared schema's message the web checked itself by the code the domain finds for it", () => {
    expect(translateMessage('Too many failed sign-in attempts. Try again in 30 seconds.', 'ta')).toBe(
      'பலமுறை தவறான உள்நுழைவு முயற்சிகள். 30 விநாடிகள் கழித்து முயலவும்.',
    );
    expect(translateMessage('Must be at most 40 characters', 'ta')).toBe(
      translateMessage('x', 'ta', 'common.tooLong', { max: '40' }),
    );
  });

  it("show the web's own sentences in Tamil and an unknown sentence as sent", () => {
    expect(translateMessage('Network error. Please check your connection.', 'ta')).toBe(
      'இணைப்புப் பிழை. உங்கள் இணைய இணைப்பைச் சரிபார்க்கவும்.',
    );
    expect(translateMessage('A sentence nobody coded', 'ta', 'PLEDGE_CLOSED')).toBe(
      'A sentence nobody coded',
    );
  });
});
