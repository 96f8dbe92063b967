import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { type IdDocumentKind, verhoeffCheckDigit } from '@pledge-desk/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/open-db.ts';
import { customerIdDocuments, customers, files } from '../db/schema/index.ts';
import { between, pick, type Rng, sampleMobile, seededRandom } from './sample-people.ts';

/**
 * The demo's KYC (issue 33), as a branch that started asking for it some months ago would have it:
 * most customers with an ID document (an Aadhaar kept as its last four digits), a photograph and
 * often a nominee; some with a PAN or a Form 60; and some still incomplete, among them a few whose old
 * ID-proof image, kept before the masking dialog, is waiting for review. Its own random stream, so the
 * customers, pledges and payments the demo makes stay as they were.
 */

/** A nominee's name with a relation that fits it whoever the customer is (a spouse would need the customer's sex). */
const NOMINEES = [
  ['Kavitha', 'Daughter'],
  ['Ramesh', 'Son'],
  ['Priya', 'Daughter'],
  ['Saravanan', 'Brother'],
  ['Meena', 'Sister'],
  ['Anand', 'Son'],
  ['Lakshmi', 'Mother'],
  ['Murugan', 'Brother'],
] as const;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A small head-and-shoulders portrait (PNG, 60 × 72), a silhouette on a coloured ground: the demo's
 * stand-in for a photograph taken at the counter. `hue` picks the ground's colour.
 */
export function demoPortrait(hue: number): Buffer {
  const width = 60;
  const height = 72;
  const grounds = [
    [206, 224, 240],
    [232, 222, 204],
    [214, 236, 214],
    [236, 214, 222],
  ] as const;
  const ground = grounds[hue % grounds.length]!;
  const skin = [120, 84, 62];
  const shirt = [58, 72, 110 + (hue % 3) * 30];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const head = (x - 30) ** 2 / 13 ** 2 + (y - 28) ** 2 / 16 ** 2 <= 1;
      const shoulders = y > 50 && (x - 30) ** 2 / 27 ** 2 + (y - 76) ** 2 / 24 ** 2 <= 1;
      const hair = head && y < 20;
      const [r, g, b] = hair ? [30, 24, 22] : head ? skin : shoulders ? shirt : ground;
      row.writeUInt8(r!, 1 + x * 3);
      row.writeUInt8(g!, 2 + x * 3);
      row.writeUInt8(b!, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (rng: Rng, n: number) => Array.from({ length: n }, () => pick(rng, [...LETTERS])).join('');
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => String(between(rng, 0, 9))).join('');

/** A kept number of `kind` that passes its check: an Aadhaar's last four digits only. */
function keptNumberOf(rng: Rng, kind: IdDocumentKind): string {
  switch (kind) {
    case 'aadhaar': {
      const eleven = `${between(rng, 2, 9)}${digits(rng, 10)}`;
      return `${eleven}${verhoeffCheckDigit(eleven)}`.slice(8);
    }
    case 'pan':
      return `${letters(rng, 3)}P${letters(rng, 1)}${digits(rng, 4)}${letters(rng, 1)}`;
    case 'voter_id':
      return `${letters(rng, 3)}${digits(rng, 7)}`;
    case 'driving_licence':
      return `TN${String(between(rng, 1, 99)).padStart(2, '0')}${between(rng, 2005, 2024)}${digits(rng, 7)}`;
    case 'passport':
      return `${letters(rng, 1)}${digits(rng, 7)}`;
    default:
      return `${between(rng, 10, 38)}${letters(rng, 1)}${digits(rng, 7)}`;
  }
}

/** Seeds the KYC of the company's customers (made just before, with their ids). */
export async function seedDemoKyc(
  tx: Tx,
  companyId: number,
  seed: number,
  createdBy: number | null,
): Promise<void> {
  const rng = seededRandom(seed);
  const people = await tx
    .select({ id: customers.id, createdAt: customers.createdAt })
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .orderBy(customers.id);
  const fileOf = async (kind: string, data: Buffer) => {
    const [row] = await tx
      .insert(files)
      .values({
        companyId,
        kind,
        mime: 'image/png',
        sizeBytes: data.byteLength,
        sha256: createHash('sha256').update(data).digest('hex'),
        data,
        createdBy,
      })
      .returning({ id: files.id });
    return row!.id;
  };
  const documents: (typeof customerIdDocuments.$inferInsert)[] = [];
  for (const person of people) {
    // One customer in eight registered before KYC was asked for: nothing on file yet.
    if (rng() < 0.125) continue;
    const kind = pick<IdDocumentKind>(rng, [
      'aadhaar',
      'aadhaar',
      'aadhaar',
      'voter_id',
      'ration_card',
      'driving_licence',
    ]);
    const dated = kind === 'driving_licence';
    const issued = dated ? `${between(rng, 2012, 2022)}-0${between(rng, 1, 9)}-1${between(rng, 0, 9)}` : null;
    documents.push({
      companyId,
      customerId: person.id,
      kind,
      keptNumber: keptNumberOf(rng, kind),
      issuedOn: issued,
      expiresOn: issued ? `${Number(issued.slice(0, 4)) + 20}${issued.slice(4)}` : null,
      createdBy,
    });
    if (rng() < 0.3) {
      documents.push({
        companyId,
        customerId: person.id,
        kind: 'pan',
        keptNumber: keptNumberOf(rng, 'pan'),
        createdBy,
      });
    }
    const set: Partial<typeof customers.$inferInsert> = {};
    // Nine in ten of them were photographed at the counter.
    if (rng() < 0.9) set.photoFileId = await fileOf('customer_photo', demoPortrait(person.id));
    if (rng() < 0.45) {
      const [name, relation] = pick(rng, NOMINEES);
      set.nomineeName = name;
      set.nomineeRelation = relation;
      set.nomineeMobile = rng() < 0.7 ? sampleMobile(rng) : null;
    }
    if (rng() < 0.08) set.form60DeclaredOn = String(person.createdAt).slice(0, 10);
    // A few kept an ID-proof image from before the masking dialog, not looked at yet.
    if (rng() < 0.03) {
      set.idProofFileId = await fileOf('id_proof', demoPortrait(person.id + 1));
      set.idProofNeedsReview = true;
    }
    if (Object.keys(set).length > 0) {
      await tx
        .update(customers)
        .set(set)
        .where(and(eq(customers.companyId, companyId), eq(customers.id, person.id)));
    }
  }
  for (let i = 0; i < documents.length; i += 500) {
    await tx.insert(customerIdDocuments).values(documents.slice(i, i + 500));
  }
}
