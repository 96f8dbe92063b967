import { relative } from 'node:path';
import { createIntl } from '@formatjs/intl';
import { MESSAGE_CODES } from '@pledge-desk/domain';
import { describe, expect, it } from 'vitest';
import { type Catalogue, defineCatalogue, isCatalogue } from '../catalogue';
import { messageText, registerMessages, translateMessage } from '../messages';
import { englishIn, SRC, sourceFiles } from './english-walk';

// Every key in both catalogues, both texts valid ICU with the same arguments, the Tamil text
// in Tamil; and no visible English left outside the catalogues in the web app's components.

const modules = import.meta.glob(['../../../**/i18n.ts', '../messages.ts'], { eager: true });
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

/** Texts that are the same in both languages: names, not words to translate. */
const SAME_IN_BOTH = /^(?:[^A-Za-z]*|.*\b(?:RBI|API|CSV|PDF|WhatsApp|Pledge Desk)\b.*)$/;
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
  it('has every code the server may send (MESSAGE_CODES) in both languages, with the same English text', () => {
    const english = messageText.en as Record<string, string>;
    const missing = Object.entries(MESSAGE_CODES).filter(([code, text]) => english[code] !== text);
    expect(missing).toEqual([]);
  });

  it('shows a coded sentence, an uncoded one and a pattern in Tamil, and an unknown one as sent', () => {
    expect(translateMessage('Username is required', 'ta', 'USERNAME_REQUIRED')).toBe('பயனர் பெயர் தேவை');
    expect(translateMessage('Username is required', 'ta')).toBe('பயனர் பெயர் தேவை');
    expect(translateMessage('Too many failed sign-in attempts. Try again in 30 seconds.', 'ta')).toBe(
      'பலமுறை தவறான உள்நுழைவு முயற்சிகள். 30 விநாடிகள் கழித்து முயலவும்.',
    );
    expect(translateMessage('Pledge GL7 is closed.', 'ta', 'PLEDGE_CLOSED')).toBe('Pledge GL7 is closed.');
    expect(translateMessage('Username is required', 'en', 'USERNAME_REQUIRED')).toBe('Username is required');
  });

  it("knows a feature's registered sentences, plain and with arguments, once its catalogue is registered", () => {
    const feature = defineCatalogue(
      'test/registered',
      { plain: 'Lot name is required for this test', withArgs: 'Lot {lot} has {count} pledges in this test' },
      { plain: 'இந்தச் சோதனைக்கு லாட் பெயர் தேவை', withArgs: 'இந்தச் சோதனையில் லாட் {lot} இல் {count} அடகுகள்' },
    );
    expect(translateMessage('Lot name is required for this test', 'ta')).toBe(
      'Lot name is required for this test',
    );
    registerMessages(feature);
    expect(translateMessage('Lot name is required for this test', 'ta')).toBe('இந்தச் சோதனைக்கு லாட் பெயர் தேவை');
    expect(translateMessage('Lot L7 has 3 pledges in this test', 'ta')).toBe(
      'இந்தச் சோதனையில் லாட் L7 இல் 3 அடகுகள்',
    );
    expect(translateMessage('Lot L7 has 3 pledges in this test', 'en')).toBe(
      'Lot L7 has 3 pledges in this test',
    );
  });

  it('takes the pattern with more words of its own when two match one sentence', () => {
    const short = defineCatalogue(
      'test/short-pattern',
      { sold: 'Parcel {parcel} was sold in this test on {date}.' },
      { sold: 'சோதனை: பொதி {parcel} {date} அன்று விற்கப்பட்டது.' },
    );
    const long = defineCatalogue(
      'test/long-pattern',
      { sold: 'Parcel {parcel} was sold in this test on {date} (lot {lot}): it is gone.' },
      { sold: 'சோதனை: பொதி {parcel} {date} அன்று விற்கப்பட்டது (தொகுதி {lot}): அது போய்விட்டது.' },
    );
    registerMessages(short);
    registerMessages(long);
    expect(
      translateMessage('Parcel P1 was sold in this test on 12/11/2026 (lot L3): it is gone.', 'ta'),
    ).toBe('சோதனை: பொதி P1 12/11/2026 அன்று விற்கப்பட்டது (தொகுதி L3): அது போய்விட்டது.');
    expect(translateMessage('Parcel P1 was sold in this test on 12/11/2026.', 'ta')).toBe(
      'சோதனை: பொதி P1 12/11/2026 அன்று விற்கப்பட்டது.',
    );
  });
});
