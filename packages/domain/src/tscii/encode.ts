/**
 * Unicode Tamil to TSCII 1.7, writing the one canonical byte sequence of fixtures/README.md:
 * a ligature byte wherever the table has one, prefix signs before the consonant, ொ = 0xA6 C 0xA1,
 * ோ = 0xA7 C 0xA1, ௌ = 0xA6 C 0xAA, grantha + u/uu as letter byte + 0xA4/0xA5, இ as 0xFE.
 * Used to write test data and to search legacy records.
 */

export class TsciiEncodeError extends Error {
  override name = 'TsciiEncodeError';
  constructor(
    readonly character: string,
    readonly position: number,
  ) {
    const cp = character.codePointAt(0) ?? 0;
    super(
      `Cannot encode "${character}" (U+${cp.toString(16).toUpperCase().padStart(4, '0')}) at position ${position} in TSCII`,
    );
  }
}

const VIRAMA = 0x0bcd;

interface ConsonantBytes {
  base: number;
  pulli: number;
  /** Ligature bytes for consonant + u / + uu; absent for grantha, which take 0xA4 / 0xA5. */
  u?: number;
  uu?: number;
}

// Tamil consonants in the order of bytes 0xB8-0xC9, their pulli bytes 0xEC-0xFD and the u/uu ligatures.
const TAMIL_CONSONANTS = [
  0x0b95, 0x0b99, 0x0b9a, 0x0b9e, 0x0b9f, 0x0ba3, 0x0ba4, 0x0ba8, 0x0baa, 0x0bae, 0x0baf, 0x0bb0, 0x0bb2,
  0x0bb5, 0x0bb4, 0x0bb3, 0x0bb1, 0x0ba9,
];
// u ligatures: ங and ஞ live at 0x99/0x9A, the other sixteen at 0xCC-0xDB in table order.
const U_LIGATURE: Record<number, number> = { 2969: 0x99, 2974: 0x9a };
const UU_LIGATURE: Record<number, number> = { 2969: 0x9b, 2974: 0x9c };
{
  let u = 0xcc;
  let uu = 0xdc;
  for (const cp of TAMIL_CONSONANTS) {
    if (cp === 0x0b99 || cp === 0x0b9e) continue;
    U_LIGATURE[cp] = u++;
    UU_LIGATURE[cp] = uu++;
  }
}

const CONSONANTS = new Map<number, ConsonantBytes>();
TAMIL_CONSONANTS.forEach((cp, index) => {
  CONSONANTS.set(cp, { base: 0xb8 + index, pulli: 0xec + index, u: U_LIGATURE[cp]!, uu: UU_LIGATURE[cp]! });
});
// Grantha letters ஜ ஷ ஸ ஹ.
[0x0b9c, 0x0bb7, 0x0bb8, 0x0bb9].forEach((cp, index) => {
  CONSONANTS.set(cp, { base: 0x83 + index, pulli: 0x88 + index });
});
/** க்ஷ as one letter: 0x87, with pulli 0x8C. */
const KSSA: ConsonantBytes = { base: 0x87, pulli: 0x8c };

/** Characters that are a single byte on their own. */
const SINGLE = new Map<number, number>([
  // independent vowels; இ is written 0xFE (README rule 4), ஃ is 0xB7
  [0x0b85, 0xab],
  [0x0b86, 0xac],
  [0x0b87, 0xfe],
  [0x0b88, 0xae],
  [0x0b89, 0xaf],
  [0x0b8a, 0xb0],
  [0x0b8e, 0xb1],
  [0x0b8f, 0xb2],
  [0x0b90, 0xb3],
  [0x0b92, 0xb4],
  [0x0b93, 0xb5],
  [0x0b94, 0xb6],
  [0x0b83, 0xb7],
  // digits and numbers
  [0x0be6, 0x80],
  [0x0be7, 0x81],
  [0x0be8, 0x8d],
  [0x0be9, 0x8e],
  [0x0bea, 0x8f],
  [0x0beb, 0x90],
  [0x0bec, 0x95],
  [0x0bed, 0x96],
  [0x0bee, 0x97],
  [0x0bef, 0x98],
  [0x0bf0, 0x9d],
  [0x0bf1, 0x9e],
  [0x0bf2, 0x9f],
  // punctuation
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x00a0, 0xa0],
  [0x00a9, 0xa9],
  // vowel signs that follow their consonant, also valid on their own
  [0x0bbe, 0xa1],
  [0x0bbf, 0xa2],
  [0x0bc0, 0xa3],
  [0x0bc1, 0xa4],
  [0x0bc2, 0xa5],
  [0x0bd7, 0xaa],
]);

const SIGN_AA = 0x0bbe;
const SIGN_I = 0x0bbf;
const SIGN_II = 0x0bc0;
const SIGN_U = 0x0bc1;
const SIGN_UU = 0x0bc2;
const SIGN_E = 0x0bc6;
const SIGN_EE = 0x0bc7;
const SIGN_AI = 0x0bc8;
const SIGN_O = 0x0bca;
const SIGN_OO = 0x0bcb;
const SIGN_AU = 0x0bcc;

/**
 * Encodes text to canonical TSCII bytes. The text is first brought to NFC, so decomposed and composed
 * spellings of ொ, ோ, ௌ, ஔ encode alike. Throws `TsciiEncodeError` naming the first character that has
 * no TSCII code (ஶ, ௐ, a Latin letter with an accent, …) and its position (code point index in the NFC text),
 * or a prefix vowel sign that follows no consonant (it would decode onto the next letter).
 */
export function encodeTscii(text: string): Uint8Array {
  const cps = Array.from(text.normalize('NFC'), (c) => c.codePointAt(0)!);
  const out: number[] = [];
  let i = 0;
  while (i < cps.length) {
    const cp = cps[i]!;
    if (cp < 0x80) {
      out.push(cp);
      i++;
      continue;
    }
    // ஸ்ரீ is the single byte 0x82 (README rule 4).
    if (cp === 0x0bb8 && cps[i + 1] === VIRAMA && cps[i + 2] === 0x0bb0 && cps[i + 3] === SIGN_II) {
      out.push(0x82);
      i += 4;
      continue;
    }
    let consonant: ConsonantBytes | undefined;
    let width = 1;
    if (cp === 0x0b95 && cps[i + 1] === VIRAMA && cps[i + 2] === 0x0bb7) {
      consonant = KSSA;
      width = 3;
    } else {
      consonant = CONSONANTS.get(cp);
    }
    if (consonant) {
      const base = consonant.base;
      const next = cps[i + width];
      i += width + 1;
      switch (next) {
        case VIRAMA:
          out.push(consonant.pulli);
          break;
        case SIGN_U:
          if (consonant.u !== undefined) out.push(consonant.u);
          else out.push(base, 0xa4);
          break;
        case SIGN_UU:
          if (consonant.uu !== undefined) out.push(consonant.uu);
          else out.push(base, 0xa5);
          break;
        case SIGN_I:
          out.push(...(cp === 0x0b9f && width === 1 ? [0xca] : [base, 0xa2]));
          break;
        case SIGN_II:
          out.push(...(cp === 0x0b9f && width === 1 ? [0xcb] : [base, 0xa3]));
          break;
        case SIGN_AA:
          out.push(base, 0xa1);
          break;
        case SIGN_E:
          out.push(0xa6, base);
          break;
        case SIGN_EE:
          out.push(0xa7, base);
          break;
        case SIGN_AI:
          out.push(0xa8, base);
          break;
        case SIGN_O:
          out.push(0xa6, base, 0xa1);
          break;
        case SIGN_OO:
          out.push(0xa7, base, 0xa1);
          break;
        case SIGN_AU:
          out.push(0xa6, base, 0xaa);
          break;
        default:
          out.push(base);
          i--; // `next` was not part of this letter
      }
      continue;
    }
    const single = SINGLE.get(cp);
    if (single === undefined) {
      throw new TsciiEncodeError(String.fromCodePoint(cp), i);
    }
    out.push(single);
    i++;
  }
  return Uint8Array.from(out);
}
