import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTscii } from './decode.ts';
import { encodeTscii, TsciiEncodeError } from './encode.ts';

// The repository's own copy of the TSCII vectors (fixtures/), so a clone with nothing beside it
// passes: fixtures/README.md says where they come from.
const here = dirname(fileURLToPath(import.meta.url));
const sharedTscii = resolve(here, 'fixtures');

interface Vector {
  tscii_hex: string;
  unicode: string;
  note: string;
  category: string;
}
interface RoundTrip {
  group: string;
  unicode: string;
  tscii_hex: string;
}

const vectors = JSON.parse(readFileSync(resolve(sharedTscii, 'vectors.json'), 'utf8')) as Vector[];
const roundTrips = JSON.parse(readFileSync(resolve(sharedTscii, 'roundtrip.json'), 'utf8')) as RoundTrip[];

const fromHex = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));
const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('TSCII decode vectors (fixtures/vectors.json)', () => {
  it('has the shared vectors', () => {
    expect(vectors.length).toBeGreaterThan(100);
  });
  it.each(vectors.map((v) => [`${v.category}: ${v.note} (${v.tscii_hex})`, v] as const))('%s', (_name, v) => {
    expect(decodeTscii(fromHex(v.tscii_hex))).toBe(v.unicode);
  });
});

describe('TSCII round trip (fixtures/roundtrip.json)', () => {
  it('has the shared round-trip set', () => {
    expect(roundTrips.length).toBeGreaterThan(100);
  });
  it.each(roundTrips.map((r) => [`${r.group}: ${r.unicode}`, r] as const))('%s', (_name, r) => {
    const bytes = encodeTscii(r.unicode);
    expect(toHex(bytes)).toBe(r.tscii_hex);
    expect(decodeTscii(bytes)).toBe(r.unicode);
  });
  it('decode(encode(s)) = s for any mix of round-trip strings, ASCII and spaces', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...roundTrips.map((r) => r.unicode)),
            fc.constantFrom(' ', ', ', '12', 'A.'),
          ),
          {
            maxLength: 8,
          },
        ),
        (parts) => {
          const s = parts.join('');
          expect(decodeTscii(encodeTscii(s))).toBe(s);
        },
      ),
    );
  });
});

describe('TSCII decoding rules (fixtures/README.md)', () => {
  it('passes ASCII through (rule 1)', () => {
    const ascii = Uint8Array.from({ length: 128 }, (_, i) => i);
    expect(decodeTscii(ascii)).toBe(String.fromCharCode(...ascii));
  });
  it('decodes 0xAD and 0xFE both to இ and encodes இ as 0xFE (rule 4)', () => {
    expect(decodeTscii(Uint8Array.of(0xad))).toBe('இ');
    expect(decodeTscii(Uint8Array.of(0xfe))).toBe('இ');
    expect(toHex(encodeTscii('இ'))).toBe('fe');
  });
  it('decodes bytes 0x80-0x9F from raw bytes, not through windows-1252 (rule 5)', () => {
    expect(decodeTscii(Uint8Array.of(0x80, 0x91, 0x9f))).toBe('௦‘௲');
  });
  it('turns the unmapped byte 0xFF into U+FFFD (rule 6)', () => {
    expect(decodeTscii(Uint8Array.of(0xb8, 0xff, 0xb8))).toBe('க\uFFFDக');
  });
  it('keeps ௌ typed with ள as written (rule 7)', () => {
    expect(decodeTscii(fromHex('a6b8c7'))).toBe('கெள');
  });
  it('accepts the non-canonical 0xA7 C 0xAA for ௌ (rule 3)', () => {
    expect(decodeTscii(fromHex('a7b8aa'))).toBe('கௌ');
  });
  it('leaves a prefix sign with no consonant after it in place', () => {
    expect(decodeTscii(fromHex('a6'))).toBe('\u0BC6');
    expect(decodeTscii(fromHex('b8a620'))).toBe('க\u0BC6 ');
  });
  it('decodes a Node Buffer like any Uint8Array', () => {
    expect(decodeTscii(Buffer.from('d3d5b8fd', 'hex'))).toBe('முருகன்');
  });
  it('decodes empty input to an empty string', () => {
    expect(decodeTscii(new Uint8Array(0))).toBe('');
  });
  it('never throws on random bytes and always returns NFC', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const s = decodeTscii(bytes);
        expect(s.normalize('NFC')).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
  it('never throws on random bytes biased to prefix signs, marks and consonants', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(0xa6, 0xa7, 0xa8, 0xa1, 0xaa, 0xb4, 0xb8, 0x83, 0x87, 0x8a, 0xec, 0xa4, 0xff, 0x20),
        ),
        (arr) => {
          const s = decodeTscii(Uint8Array.from(arr));
          expect(s.normalize('NFC')).toBe(s);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('TSCII encoding (fixtures/README.md)', () => {
  it('writes the canonical bytes', () => {
    expect(toHex(encodeTscii('கொ'))).toBe('a6b8a1');
    expect(toHex(encodeTscii('கோ'))).toBe('a7b8a1');
    expect(toHex(encodeTscii('கௌ'))).toBe('a6b8aa');
    expect(toHex(encodeTscii('க\u0BC6\u0BD7'))).toBe('a6b8aa'); // decomposed ௌ
    expect(toHex(encodeTscii('ஜு'))).toBe('83a4');
    expect(toHex(encodeTscii('டி'))).toBe('ca');
    expect(toHex(encodeTscii('க்ஷ்'))).toBe('8c');
  });
  it('names a character with no TSCII code and its position', () => {
    expect(() => encodeTscii('அஶ')).toThrow(TsciiEncodeError);
    expect(() => encodeTscii('அஶ')).toThrow(/ஶ.*U\+0BB6.*position 1/);
    expect(() => encodeTscii('ௐ')).toThrow(/ௐ/);
    expect(() => encodeTscii('\u0BC6க')).toThrow(TsciiEncodeError);
  });
});
