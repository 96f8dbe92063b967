/**
 * The old system's customer file as a lender brings it: CSV, CRLF lines, names and addresses
 * in TSCII bytes, with the pitfalls of shared/tscii/README.md: ௌ typed as ள (rule 7), இ as 0xAD
 * (rule 4), ligature bytes 0x80-0x9F (ஸ்ரீ, க்ஷ், ஙு), fixed-width padding, an unmapped 0xFF, English
 * ASCII-only rows, a few rows without a number and a number repeated. Seeded: the same seed and count
 * give the same bytes.
 *
 *   node --import tsx apps/server/scripts/legacy-sample.ts [rows=3000] [out=apps/server/fixtures/legacy/legacy-customers.csv]
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodeTscii } from '@pledge-desk/domain';
import { between, pick, type Rng, seededRandom } from '../src/seed/sample-people.ts';

export const SAMPLE_SEED = 1_998;
export const SAMPLE_FILE = path.resolve(import.meta.dirname, '../fixtures/legacy/legacy-customers.csv');

export const TAMIL_GIVEN = [
  'முருகன்',
  'செல்வி',
  'லக்ஷ்மி',
  'கௌசல்யா',
  'கௌரி',
  'ஸ்ரீதேவி',
  'ஸ்ரீநிவாசன்',
  'இளங்கோ',
  'இந்திரா',
  'பொன்னம்மாள்',
  'கோபால்',
  'சோமசுந்தரம்',
  'ஜெயலட்சுமி',
  'ராஜேஸ்வரி',
  'செந்தில்',
  'வள்ளியம்மை',
  'பாண்டியன்',
  'தமிழ்செல்வி',
  'மீனாட்சி',
  'சுப்பிரமணியன்',
  'கணேசன்',
  'அன்னம்மாள்',
  'ஜோதி',
  'பெருமாள்',
  'கருப்பையா',
  'சரஸ்வதி',
  'அழகர்',
  'மாரியம்மாள்',
  'தங்கராஜ்',
  'பூங்கொடி',
] as const;
const TAMIL_FAMILY = [
  'ராமசாமி',
  'கந்தசாமி',
  'பழனிசாமி',
  'முத்துக்கருப்பன்',
  'சுப்பையா',
  'அண்ணாமலை',
  'வேலுசாமி',
  'சின்னசாமி',
  'மாரியப்பன்',
  'நடராஜன்',
  'சண்முகம்',
  'கௌதமன்',
  'ஸ்ரீராமன்',
  'இருளப்பன்',
] as const;
export const ENGLISH_GIVEN = [
  'MURUGAN',
  'SELVI',
  'LAKSHMI',
  'KARTHIK',
  'MEENA',
  'RAJESH',
  'PRIYA',
  'SURESH',
  'KAVITHA',
  'SENTHIL',
  'GOWRI',
  'ARUN',
  'DEVI',
  'BALU',
  'SARASWATHI',
  'GANESAN',
] as const;
const ENGLISH_FAMILY = ['RAMASAMY', 'KANDASAMY', 'PERUMAL', 'MUTHU', 'SUBBAIAH', 'PALANISAMY', 'NATARAJAN'];

export const TAMIL_PLACES = [
  {
    town: 'மதுரை',
    pin: 625001,
    streets: ['மேல மாசி வீதி', 'தெற்கு வெளி வீதி', 'பெரியார் சாலை'],
    areas: ['சிம்மக்கல்', 'கோரிப்பாளையம்', 'அண்ணா நகர்'],
  },
  {
    town: 'சென்னை',
    pin: 600001,
    streets: ['உஸ்மான் சாலை', 'அண்ணா சாலை', 'காமராஜர் சாலை'],
    areas: ['தி. நகர்', 'மயிலாப்பூர்', 'தாம்பரம்'],
  },
  {
    town: 'திருச்சி',
    pin: 620001,
    streets: ['பெரிய கடை வீதி', 'ராஜகோபுரம் தெரு'],
    areas: ['ஸ்ரீரங்கம்', 'உறையூர்', 'தில்லை நகர்'],
  },
  {
    town: 'திருநெல்வேலி',
    pin: 627001,
    streets: ['சன்னதி தெரு', 'தெற்கு ரத வீதி'],
    areas: ['பாளையங்கோட்டை', 'மேலப்பாளையம்'],
  },
  { town: 'தஞ்சாவூர்', pin: 613001, streets: ['கிழக்கு ராஜ வீதி', 'காந்திஜி சாலை'], areas: ['கரந்தை', 'வல்லம்'] },
  { town: 'சேலம்', pin: 636001, streets: ['செர்ரி சாலை', 'ஓமலூர் மெயின் ரோடு'], areas: ['அம்மாபேட்டை', 'சூரமங்கலம்'] },
] as const;
export const ENGLISH_PLACES = [
  {
    town: 'MADURAI',
    pin: 625001,
    streets: ['WEST MASI STREET', 'NORTH VELI STREET'],
    areas: ['SIMMAKKAL', 'K.PUDUR'],
  },
  {
    town: 'KARUR',
    pin: 639001,
    streets: ['JAWAHAR BAZAAR', 'COVAI ROAD'],
    areas: ['THANTHONIMALAI', 'VENGAMEDU'],
  },
  {
    town: 'DINDIGUL',
    pin: 624001,
    streets: ['MAIN ROAD', 'SPENCER COMPOUND'],
    areas: ['BEGAMPUR', 'NEHRUJI NAGAR'],
  },
] as const;

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** ௌ the way legacy clerks typed it: 0xA6 C 0xC7 (ெ + C + ள) instead of 0xA6 C 0xAA (README rule 7). */
function auAsLla(bytes: Uint8Array): Uint8Array {
  const out = Uint8Array.from(bytes);
  for (let i = 0; i + 2 < out.length; i++) if (out[i] === 0xa6 && out[i + 2] === 0xaa) out[i + 2] = 0xc7;
  return out;
}

/** இ as 0xAD, the other byte that decodes to it (README rule 4). */
const iAsAd = (bytes: Uint8Array) => bytes.map((b) => (b === 0xfe ? 0xad : b));

const pad = (bytes: Uint8Array, width: number) =>
  bytes.length >= width ? bytes : Buffer.concat([bytes, Buffer.alloc(width - bytes.length, 0x20)]);

const mobile = (rng: Rng) =>
  `${pick(rng, ['9', '8', '7', '6'])}${String(between(rng, 0, 999_999_999)).padStart(9, '0')}`;

export interface SampleRow {
  pno: string;
  name: Uint8Array;
  address: Uint8Array;
  phoneno: string;
  mobile: string;
  cust_refno: string;
}

/** `count` rows of the old file, numbered from 1001 with gaps (closed accounts were purged). */
export function* legacySampleRows(count: number, seed = SAMPLE_SEED): Generator<SampleRow> {
  const rng = seededRandom(seed);
  let pno = 1000;
  for (let i = 0; i < count; i++) {
    pno += rng() < 0.9 ? 1 : between(rng, 2, 6);
    const tamil = rng() < 0.7;
    const door =
      rng() < 0.3 ? `${between(rng, 1, 120)}/${between(rng, 1, 12)}` : String(between(rng, 1, 250));
    let name: Uint8Array;
    let address: Uint8Array;
    if (tamil) {
      const place = pick(rng, TAMIL_PLACES);
      name = encodeTscii(`${pick(rng, TAMIL_GIVEN)} ${pick(rng, TAMIL_FAMILY)}`);
      address = encodeTscii(
        `${door}, ${pick(rng, place.streets)}, ${pick(rng, place.areas)}, ${place.town} - ${place.pin + between(rng, 0, 20)}`,
      );
      if (rng() < 0.5) name = auAsLla(name);
      if (rng() < 0.3) {
        name = iAsAd(name);
        address = iAsAd(address);
      }
    } else {
      const place = pick(rng, ENGLISH_PLACES);
      name = latin1(
        rng() < 0.5
          ? `${pick(rng, ENGLISH_GIVEN)} ${pick(rng, ENGLISH_FAMILY)}`
          : `${pick(rng, ENGLISH_FAMILY)[0]}. ${pick(rng, ENGLISH_GIVEN)}`,
      );
      address = latin1(
        `NO.${door} ${pick(rng, place.streets)}, ${pick(rng, place.areas)}, ${place.town} ${place.pin + between(rng, 0, 20)}`,
      );
    }
    // A third of the file came from a fixed-width export: padded with spaces.
    if (rng() < 0.3) {
      name = pad(name, 40);
      address = pad(address, 80);
    }
    // A stray byte no TSCII table maps; it shows as U+FFFD.
    if (rng() < 0.002) name = Buffer.concat([name, Uint8Array.of(0xff)]);
    const std = rng() < 0.4 ? `0${between(rng, 41, 462)}-${between(rng, 220_000, 299_999)}` : '';
    const cell = rng() < 0.85 ? (rng() < 0.1 ? `+91 ${mobile(rng)}` : mobile(rng)) : '';
    const ref =
      rng() < 0.5
        ? `${pick(rng, ['MDU', 'TPJ', 'KRR'])}/${between(rng, 1994, 2012)}/${between(rng, 1, 9999)}`
        : '';
    // A handful of damaged rows: no number, or a number typed twice.
    const damaged = rng();
    const number = damaged < 0.001 ? '' : damaged < 0.002 && i > 0 ? String(pno - 1) : String(pno);
    yield { pno: number, name, address, phoneno: std, mobile: cell, cust_refno: ref };
  }
}

/** One CSV field: quoted when it holds a comma, quote or line break (TSCII bytes are all ≥ 0x80). */
function csvField(value: Uint8Array): Buffer {
  const b = Buffer.from(value);
  if (!b.some((x) => x === 0x2c || x === 0x22 || x === 0x0a || x === 0x0d)) return b;
  const doubled = Buffer.from(b.toString('latin1').replace(/"/g, '""'), 'latin1');
  return Buffer.concat([latin1('"'), doubled, latin1('"')]);
}

/** Writes the rows as the old system's CSV export (header `pno,name,address,phoneno,mobile,cust_refno`). */
export async function writeLegacyCsv(file: string, rows: Iterable<SampleRow>): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const out = fs.createWriteStream(file);
  const write = (chunk: Buffer) =>
    out.write(chunk) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(latin1('pno,name,address,phoneno,mobile,cust_refno\r\n'));
  const crlf = latin1('\r\n');
  const comma = latin1(',');
  let chunk: Buffer[] = [];
  for (const r of rows) {
    const fields = [
      latin1(r.pno),
      r.name,
      r.address,
      latin1(r.phoneno),
      latin1(r.mobile),
      latin1(r.cust_refno),
    ];
    fields.forEach((f, i) => {
      if (i > 0) chunk.push(comma);
      chunk.push(csvField(f));
    });
    chunk.push(crlf);
    if (chunk.length > 5_000) {
      await write(Buffer.concat(chunk));
      chunk = [];
    }
  }
  await write(Buffer.concat(chunk));
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const count = Number(process.argv[2] ?? 3_000);
  const file = path.resolve(process.argv[3] ?? SAMPLE_FILE);
  await writeLegacyCsv(file, legacySampleRows(count));
  console.log(`Wrote ${count} legacy customers to ${file}`);
}
