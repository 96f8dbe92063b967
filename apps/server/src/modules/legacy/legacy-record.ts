import { decodeTscii } from '@pledge-desk/domain';

/** The six fields of a customer in the old system (shell-and-masters §3, Migration customer). */
export const LEGACY_FIELDS = ['pno', 'name', 'address', 'phoneno', 'mobile', 'cust_refno'] as const;
export type LegacyField = (typeof LEGACY_FIELDS)[number];

/** A row as the old system held it: every field as bytes, name and address in TSCII. */
export type RawLegacyRow = Record<LegacyField, Uint8Array>;

/** A legacy customer as the Migrate screen reads one. */
export interface LegacyRecord {
  pno: string;
  /** Unicode Tamil (NFC) or English, trimmed. */
  name: string;
  address: string;
  phoneno: string;
  mobile: string;
  cust_refno: string;
  /** The text as the old system showed it: each byte as the Latin-1 character of that code. */
  name_original: string;
  address_original: string;
}

/**
 * What the old screen displayed for TSCII bytes: each byte as the character with that code (Latin-1).
 * Bytes 0x80-0x9F come out as C1 control characters; they are kept, not replaced, so the original is
 * exact and the bytes can be recovered from it (the upstream service sends the same form).
 */
export function latin1Text(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** TSCII bytes to Unicode, trimmed: legacy fields are often padded with spaces (fixed-width files). */
export function decodeLegacyText(bytes: Uint8Array): string {
  return decodeTscii(bytes).trim();
}

/** The windows-1252 characters a careless upstream may send for bytes 0x80-0x9F, back to the bytes. */
const WINDOWS_1252_HIGH: ReadonlyMap<number, number> = new Map(
  [
    0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
    0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
    0x0153, 0, 0x017e, 0x0178,
  ]
    .map((code, i) => [code, 0x80 + i] as const)
    .filter(([code]) => code !== 0),
);

/**
 * The bytes behind a legacy text field sent as JSON by the old system's service: it reads TSCII bytes
 * as Latin-1, so each character code up to 0xFF is one byte. A windows-1252 reading of 0x80-0x9F
 * (€, ‚, “ …) is mapped back too. Text holding anything else (Tamil already in Unicode, say) is not
 * TSCII: null, and the caller keeps it as it is.
 */
export function legacyTextBytes(text: string): Uint8Array | null {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0xff) out[i] = code;
    else {
      const byte = WINDOWS_1252_HIGH.get(code);
      if (byte === undefined) return null;
      out[i] = byte;
    }
  }
  return out;
}

/** A row from a file or the upstream service, decoded for the screen. */
export function decodeLegacyRow(raw: RawLegacyRow): LegacyRecord {
  return {
    pno: decodeLegacyText(raw.pno),
    name: decodeLegacyText(raw.name),
    address: decodeLegacyText(raw.address),
    phoneno: decodeLegacyText(raw.phoneno),
    mobile: decodeLegacyText(raw.mobile),
    cust_refno: decodeLegacyText(raw.cust_refno),
    name_original: latin1Text(raw.name),
    address_original: latin1Text(raw.address),
  };
}
