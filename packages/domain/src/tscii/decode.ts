/**
 * TSCII 1.7 to Unicode Tamil and back (fixtures/README.md). Customer names and addresses from the
 * old system arrive as TSCII bytes. We decode from raw bytes: a `windows-1252` or `latin1` text decoder
 * loses or changes bytes 0x80-0x9F (README rule 5).
 */

/** Unicode code points for bytes 0x80-0xFF (the glibc TSCII 1.7 charmap, table.md's left column). */
const HIGH_TABLE: readonly (readonly number[])[] = [
  /* 80 */ [0x0be6],
  /* 81 */ [0x0be7],
  /* 82 */ [0x0bb8, 0x0bcd, 0x0bb0, 0x0bc0],
  /* 83 */ [0x0b9c],
  /* 84 */ [0x0bb7],
  /* 85 */ [0x0bb8],
  /* 86 */ [0x0bb9],
  /* 87 */ [0x0b95, 0x0bcd, 0x0bb7],
  /* 88 */ [0x0b9c, 0x0bcd],
  /* 89 */ [0x0bb7, 0x0bcd],
  /* 8A */ [0x0bb8, 0x0bcd],
  /* 8B */ [0x0bb9, 0x0bcd],
  /* 8C */ [0x0b95, 0x0bcd, 0x0bb7, 0x0bcd],
  /* 8D */ [0x0be8],
  /* 8E */ [0x0be9],
  /* 8F */ [0x0bea],
  /* 90 */ [0x0beb],
  /* 91 */ [0x2018],
  /* 92 */ [0x2019],
  /* 93 */ [0x201c],
  /* 94 */ [0x201d],
  /* 95 */ [0x0bec],
  /* 96 */ [0x0bed],
  /* 97 */ [0x0bee],
  /* 98 */ [0x0bef],
  /* 99 */ [0x0b99, 0x0bc1],
  /* 9A */ [0x0b9e, 0x0bc1],
  /* 9B */ [0x0b99, 0x0bc2],
  /* 9C */ [0x0b9e, 0x0bc2],
  /* 9D */ [0x0bf0],
  /* 9E */ [0x0bf1],
  /* 9F */ [0x0bf2],
  /* A0 */ [0x00a0],
  /* A1 */ [0x0bbe],
  /* A2 */ [0x0bbf],
  /* A3 */ [0x0bc0],
  /* A4 */ [0x0bc1],
  /* A5 */ [0x0bc2],
  /* A6 */ [0x0bc6],
  /* A7 */ [0x0bc7],
  /* A8 */ [0x0bc8],
  /* A9 */ [0x00a9],
  /* AA */ [0x0bd7],
  /* AB */ [0x0b85],
  /* AC */ [0x0b86],
  /* AD */ [0x0b87],
  /* AE */ [0x0b88],
  /* AF */ [0x0b89],
  /* B0 */ [0x0b8a],
  /* B1 */ [0x0b8e],
  /* B2 */ [0x0b8f],
  /* B3 */ [0x0b90],
  /* B4 */ [0x0b92],
  /* B5 */ [0x0b93],
  /* B6 */ [0x0b94],
  /* B7 */ [0x0b83],
  /* B8 */ [0x0b95],
  /* B9 */ [0x0b99],
  /* BA */ [0x0b9a],
  /* BB */ [0x0b9e],
  /* BC */ [0x0b9f],
  /* BD */ [0x0ba3],
  /* BE */ [0x0ba4],
  /* BF */ [0x0ba8],
  /* C0 */ [0x0baa],
  /* C1 */ [0x0bae],
  /* C2 */ [0x0baf],
  /* C3 */ [0x0bb0],
  /* C4 */ [0x0bb2],
  /* C5 */ [0x0bb5],
  /* C6 */ [0x0bb4],
  /* C7 */ [0x0bb3],
  /* C8 */ [0x0bb1],
  /* C9 */ [0x0ba9],
  /* CA */ [0x0b9f, 0x0bbf],
  /* CB */ [0x0b9f, 0x0bc0],
  /* CC */ [0x0b95, 0x0bc1],
  /* CD */ [0x0b9a, 0x0bc1],
  /* CE */ [0x0b9f, 0x0bc1],
  /* CF */ [0x0ba3, 0x0bc1],
  /* D0 */ [0x0ba4, 0x0bc1],
  /* D1 */ [0x0ba8, 0x0bc1],
  /* D2 */ [0x0baa, 0x0bc1],
  /* D3 */ [0x0bae, 0x0bc1],
  /* D4 */ [0x0baf, 0x0bc1],
  /* D5 */ [0x0bb0, 0x0bc1],
  /* D6 */ [0x0bb2, 0x0bc1],
  /* D7 */ [0x0bb5, 0x0bc1],
  /* D8 */ [0x0bb4, 0x0bc1],
  /* D9 */ [0x0bb3, 0x0bc1],
  /* DA */ [0x0bb1, 0x0bc1],
  /* DB */ [0x0ba9, 0x0bc1],
  /* DC */ [0x0b95, 0x0bc2],
  /* DD */ [0x0b9a, 0x0bc2],
  /* DE */ [0x0b9f, 0x0bc2],
  /* DF */ [0x0ba3, 0x0bc2],
  /* E0 */ [0x0ba4, 0x0bc2],
  /* E1 */ [0x0ba8, 0x0bc2],
  /* E2 */ [0x0baa, 0x0bc2],
  /* E3 */ [0x0bae, 0x0bc2],
  /* E4 */ [0x0baf, 0x0bc2],
  /* E5 */ [0x0bb0, 0x0bc2],
  /* E6 */ [0x0bb2, 0x0bc2],
  /* E7 */ [0x0bb5, 0x0bc2],
  /* E8 */ [0x0bb4, 0x0bc2],
  /* E9 */ [0x0bb3, 0x0bc2],
  /* EA */ [0x0bb1, 0x0bc2],
  /* EB */ [0x0ba9, 0x0bc2],
  /* EC */ [0x0b95, 0x0bcd],
  /* ED */ [0x0b99, 0x0bcd],
  /* EE */ [0x0b9a, 0x0bcd],
  /* EF */ [0x0b9e, 0x0bcd],
  /* F0 */ [0x0b9f, 0x0bcd],
  /* F1 */ [0x0ba3, 0x0bcd],
  /* F2 */ [0x0ba4, 0x0bcd],
  /* F3 */ [0x0ba8, 0x0bcd],
  /* F4 */ [0x0baa, 0x0bcd],
  /* F5 */ [0x0bae, 0x0bcd],
  /* F6 */ [0x0baf, 0x0bcd],
  /* F7 */ [0x0bb0, 0x0bcd],
  /* F8 */ [0x0bb2, 0x0bcd],
  /* F9 */ [0x0bb5, 0x0bcd],
  /* FA */ [0x0bb4, 0x0bcd],
  /* FB */ [0x0bb3, 0x0bcd],
  /* FC */ [0x0bb1, 0x0bcd],
  /* FD */ [0x0ba9, 0x0bcd],
  /* FE */ [0x0b87],
  /* FF */ [],
];

const REPLACEMENT = 0xfffd;
const VIRAMA = 0x0bcd;
const SIGN_E = 0x0bc6;
const SIGN_EE = 0x0bc7;
const SIGN_AI = 0x0bc8;
const SIGN_AA = 0x0bbe;
const SIGN_O = 0x0bca;
const SIGN_OO = 0x0bcb;
const SIGN_AU = 0x0bcc;
const AU_LENGTH_MARK = 0x0bd7;
const LETTER_O = 0x0b92;
const LETTER_AU = 0x0b94;

const BYTE_E = 0xa6;
const BYTE_EE = 0xa7;
const BYTE_AI = 0xa8;
const BYTE_AA = 0xa1;
const BYTE_AU_MARK = 0xaa;

/** Code units for every byte 0x00-0xFF; ASCII maps to itself, 0xFF to U+FFFD (README rule 6). */
const DECODE_UNITS: readonly Uint16Array[] = Array.from({ length: 256 }, (_, byte) => {
  if (byte < 0x80) return Uint16Array.of(byte);
  const cps = HIGH_TABLE[byte - 0x80] ?? [];
  return cps.length === 0 ? Uint16Array.of(REPLACEMENT) : Uint16Array.from(cps);
});

/** A dependent vowel sign: follows a consonant in Unicode. */
function isVowelSign(cp: number): boolean {
  return (cp >= 0x0bbe && cp <= 0x0bc2) || (cp >= 0x0bc6 && cp <= 0x0bc8) || (cp >= 0x0bca && cp <= 0x0bcc);
}

/** Bytes a prefix sign (0xA6-0xA8) moves behind: consonants, grantha 0x83-0x86 and ksha 0x87 (rule 2). */
const IS_PREFIX_BASE: readonly boolean[] = Array.from(
  { length: 256 },
  (_, byte) => (byte >= 0xb8 && byte <= 0xc9) || (byte >= 0x83 && byte <= 0x87),
);

/** Bytes whose first code point needs the look-back in `push` (a sign or the AU length mark). */
const NEEDS_LOOK_BACK: readonly boolean[] = DECODE_UNITS.map((units) => {
  const first = units[0] ?? 0;
  return isVowelSign(first) || first === AU_LENGTH_MARK;
});

const utf16 = new TextDecoder('utf-16le');

/**
 * Decodes TSCII bytes to NFC Unicode Tamil. Never throws: an unmapped byte becomes U+FFFD.
 *
 * NFC is produced directly rather than by `String.prototype.normalize`: the only compositions that
 * can arise are e+aa -> o, ee+aa -> oo, e+au mark -> au and letter o + au mark -> letter au, and a
 * vowel sign after a pulli replaces the pulli (glibc's `ஸ்` + `ு` spelling of `ஸு`).
 */
export function decodeTscii(bytes: Uint8Array): string {
  // Typed as Uint8Array, but legacy callers pass whatever a driver returned: never throw (rule 6).
  if (bytes == null || typeof bytes.length !== 'number') return '';
  const length = bytes.length;
  if (length === 0) return '';
  const out = new Uint16Array(length * 4);
  let n = 0;

  // Appends one code unit, applying the look-back rules above.
  const push = (cp: number): void => {
    if (n > 0) {
      const last = out[n - 1]!;
      if (last === VIRAMA && isVowelSign(cp)) {
        out[n - 1] = cp;
        return;
      }
      if (cp === SIGN_AA) {
        if (last === SIGN_E) {
          out[n - 1] = SIGN_O;
          return;
        }
        if (last === SIGN_EE) {
          out[n - 1] = SIGN_OO;
          return;
        }
      } else if (cp === AU_LENGTH_MARK) {
        if (last === SIGN_E) {
          out[n - 1] = SIGN_AU;
          return;
        }
        if (last === LETTER_O) {
          out[n - 1] = LETTER_AU;
          return;
        }
      }
    }
    out[n++] = cp;
  };

  let i = 0;
  while (i < length) {
    const byte = bytes[i]! & 0xff;
    if (byte < 0x80) {
      out[n++] = byte;
      i++;
      continue;
    }
    if (
      (byte === BYTE_E || byte === BYTE_EE || byte === BYTE_AI) &&
      i + 1 < length &&
      IS_PREFIX_BASE[bytes[i + 1]!]
    ) {
      // Prefix sign stored before the consonant (README rule 2), maybe split around it (rule 3).
      const base = DECODE_UNITS[bytes[i + 1]!]!;
      for (let k = 0; k < base.length; k++) out[n++] = base[k]!;
      const after = i + 2 < length ? bytes[i + 2]! : -1;
      if (byte !== BYTE_AI && after === BYTE_AA) {
        out[n++] = byte === BYTE_E ? SIGN_O : SIGN_OO;
        i += 3;
      } else if (byte !== BYTE_AI && after === BYTE_AU_MARK) {
        // 0xA6 C 0xAA is canonical; 0xA7 C 0xAA is what glibc writes, accepted too.
        out[n++] = SIGN_AU;
        i += 3;
      } else {
        out[n++] = byte === BYTE_E ? SIGN_E : byte === BYTE_EE ? SIGN_EE : SIGN_AI;
        i += 2;
      }
      continue;
    }
    const units = DECODE_UNITS[byte]!;
    if (NEEDS_LOOK_BACK[byte]) {
      for (let k = 0; k < units.length; k++) push(units[k]!);
    } else {
      for (let k = 0; k < units.length; k++) out[n++] = units[k]!;
    }
    i++;
  }
  return utf16.decode(out.subarray(0, n));
}
