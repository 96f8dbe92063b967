import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { fillSentence, type SentenceCode } from '@pledge-desk/domain';

// A backup file (docs/operations.md, "Backups"):
//
//   PLEDGE-DESK-BACKUP 1\n          the magic line
//   {header as JSON}\n              what the payload is, when, and each table's rows at the copy
//   payload                         gzip of the database's copy; AES-256-GCM of that with BACKUP_KEY
//   [16-byte GCM tag]               only when encrypted
//   \nPLEDGE-DESK-END <sha256>\n    SHA-256 of everything before this line
//
// The last line is written last: a file cut short (a full disk, a killed process) has none and is
// refused as incomplete; a changed byte anywhere fails the checksum (or, encrypted, the GCM tag too).
// The header is in the clear (table names and counts, no customer's data) and, when encrypted, bound
// to the payload as GCM's additional data, so it cannot be changed either.

const MAGIC = 'PLEDGE-DESK-BACKUP 1\n';
const TRAILER_PREFIX = '\nPLEDGE-DESK-END ';
const TRAILER_LENGTH = TRAILER_PREFIX.length + 64 + 1;
const TAG_LENGTH = 16;
const MAX_HEADER = 1024 * 1024;
/** Read in 1 MiB pieces: a busy server's event loop then reads a file in few turns. */
const CHUNK = 1024 * 1024;
/** scrypt's cost: about 0.1 s and 32 MiB per backup or restore, to slow a guess at a short key. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

export type BackupFormat = 'pglite-datadir' | 'pg-dump-custom';

export interface BackupHeader {
  format: BackupFormat;
  created_at: string;
  /** The installation's name in file names (its first branch's), and the app's version. */
  installation: string;
  app_version: string;
  /** Each table's rows in the copy, counted in the same snapshot the copy was taken from. */
  counts: Record<string, number>;
  encryption: null | {
    cipher: 'aes-256-gcm';
    kdf: 'scrypt';
    salt: string;
    iv: string;
    n: number;
    r: number;
    p: number;
    /** A hash of a second key derived with the first: tells a wrong BACKUP_KEY from a damaged file. */
    key_check: string;
  };
}

/** A backup file refused, with the sentence that says why (packages/domain SENTENCES). */
export class BackupFileError extends Error {
  constructor(
    readonly sentence: SentenceCode,
    readonly params: Record<string, string>,
  ) {
    super(fillSentence(sentence, params));
    this.name = 'BackupFileError';
  }
}

function scrypt(key: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(key, salt, 64, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, out) =>
      err ? reject(err) : resolve(out),
    ),
  );
}

async function deriveKeys(key: string, salt: Buffer, n: number, r: number, p: number) {
  const both = await scrypt(key, salt, n, r, p);
  return {
    cipherKey: both.subarray(0, 32),
    keyCheck: createHash('sha256').update(both.subarray(32)).digest('hex').slice(0, 32),
  };
}

export interface WrittenBackup {
  sizeBytes: number;
}

/**
 * Writes a backup file of `payload` (the database's copy, uncompressed) to `file`, which must not
 * exist: gzip, then with `key` AES-256-GCM, then the checksum line; flushed to the disk before it
 * resolves. On any error the partial file is removed and the error thrown.
 */
export async function writeBackupFile(
  file: string,
  header: Omit<BackupHeader, 'encryption'>,
  payload: Readable,
  key: string | undefined,
): Promise<WrittenBackup> {
  let cipherKey: Buffer | undefined;
  let encryption: BackupHeader['encryption'] = null;
  let iv: Buffer | undefined;
  if (key) {
    const salt = randomBytes(16);
    iv = randomBytes(12);
    const keys = await deriveKeys(key, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p);
    cipherKey = keys.cipherKey;
    encryption = {
      cipher: 'aes-256-gcm',
      kdf: 'scrypt',
      salt: salt.toString('base64'),
      iv: iv.toString('base64'),
      n: SCRYPT.N,
      r: SCRYPT.r,
      p: SCRYPT.p,
      key_check: keys.keyCheck,
    };
  }
  const headerLine = Buffer.from(`${MAGIC}${JSON.stringify({ ...header, encryption })}\n`, 'utf8');
  const handle = await fs.promises.open(file, 'wx');
  let size = 0;
  const hash = createHash('sha256');
  const write = async (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
    let at = 0;
    while (at < chunk.length) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten;
  };
  try {
    await write(headerLine);
    const cipher = cipherKey && iv ? createCipheriv('aes-256-gcm', cipherKey, iv) : null;
    cipher?.setAAD(headerLine);
    const sink = async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) await write(chunk);
    };
    if (cipher) await pipeline(payload, createGzip({ level: 6, chunkSize: CHUNK }), cipher, sink);
    else await pipeline(payload, createGzip({ level: 6, chunkSize: CHUNK }), sink);
    if (cipher) await write(cipher.getAuthTag());
    const digest = hash.digest('hex');
    const trailer = Buffer.from(`${TRAILER_PREFIX}${digest}\n`, 'utf8');
    let at = 0;
    while (at < trailer.length) at += (await handle.write(trailer, at, trailer.length - at)).bytesWritten;
    size += trailer.length;
    await handle.sync();
    await handle.close();
    return { sizeBytes: size };
  } catch (err) {
    await handle.close().catch(() => {});
    await fs.promises.rm(file, { force: true }).catch(() => {});
    throw err;
  }
}

/** The header of a backup file, after checking that the file is whole (its checksum line matches). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  return (await checkWhole(file)).header;
}

interface WholeFile {
  header: BackupHeader;
  headerLine: Buffer;
  /** Where the payload (after the header line) starts and ends (before the tag and the checksum line). */
  payloadStart: number;
  payloadEnd: number;
}

async function checkWhole(file: string): Promise<WholeFile> {
  const name = path.basename(file);
  const handle = await fs.promises.open(file, 'r');
  let headerLine: Buffer;
  let size: number;
  let trailer: string;
  try {
    size = (await handle.stat()).size;
    const head = Buffer.alloc(Math.min(size, MAX_HEADER + MAGIC.length + 1));
    await handle.read(head, 0, head.length, 0);
    if (!head.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) {
      throw new BackupFileError('backups.file.notBackup', { file: name });
    }
    const end = head.indexOf(0x0a, MAGIC.length);
    if (end < 0) throw new BackupFileError('backups.file.incomplete', { file: name });
    headerLine = head.subarray(0, end + 1);
    const tail = Buffer.alloc(TRAILER_LENGTH);
    if (size < headerLine.length + TRAILER_LENGTH) {
      throw new BackupFileError('backups.file.incomplete', { file: name });
    }
    await handle.read(tail, 0, TRAILER_LENGTH, size - TRAILER_LENGTH);
    trailer = tail.toString('latin1');
  } finally {
    await handle.close();
  }
  const match = /^\nPLEDGE-DESK-END ([0-9a-f]{64})\n$/.exec(trailer);
  if (!match) throw new BackupFileError('backups.file.incomplete', { file: name });
  let header: BackupHeader;
  try {
    header = JSON.parse(headerLine.subarray(MAGIC.length).toString('utf8')) as BackupHeader;
  } catch {
    throw new BackupFileError('backups.file.damaged', { file: name });
  }
  if (
    (header.format !== 'pglite-datadir' && header.format !== 'pg-dump-custom') ||
    typeof header.counts !== 'object'
  ) {
    throw new BackupFileError('backups.file.damaged', { file: name });
  }
  const hash = createHash('sha256');
  await pipeline(
    fs.createReadStream(file, { start: 0, end: size - TRAILER_LENGTH - 1, highWaterMark: CHUNK }),
    async (chunks) => {
      for await (const chunk of chunks) hash.update(chunk as Buffer);
    },
  );
  const expected = Buffer.from(match[1] as string, 'hex');
  if (!timingSafeEqual(hash.digest(), expected))
    throw new BackupFileError('backups.file.damaged', { file: name });
  const payloadEnd = size - TRAILER_LENGTH - (header.encryption ? TAG_LENGTH : 0);
  return { header, headerLine, payloadStart: headerLine.length, payloadEnd };
}

/**
 * Checks a backup file whole, then writes its payload (the database's copy, uncompressed) to `out`:
 * decrypted with `key` when the file is encrypted. Refuses with a BackupFileError a file that is not a
 * backup, is cut short or damaged, or needs a key it was not given or was given the wrong one.
 */
export async function extractBackupPayload(
  file: string,
  out: string,
  key: string | undefined,
): Promise<BackupHeader> {
  const name = path.basename(file);
  const whole = await checkWhole(file);
  const { header } = whole;
  const source = fs.createReadStream(file, {
    start: whole.payloadStart,
    end: whole.payloadEnd - 1,
    highWaterMark: CHUNK,
  });
  const gunzip = createGunzip({ chunkSize: CHUNK });
  try {
    if (header.encryption) {
      const e = header.encryption;
      if (!key) throw new BackupFileError('backups.file.needsKey', { file: name });
      const keys = await deriveKeys(key, Buffer.from(e.salt, 'base64'), e.n, e.r, e.p);
      if (keys.keyCheck !== e.key_check) throw new BackupFileError('backups.file.wrongKey', { file: name });
      const tag = Buffer.alloc(TAG_LENGTH);
      const handle = await fs.promises.open(file, 'r');
      try {
        await handle.read(tag, 0, TAG_LENGTH, whole.payloadEnd);
      } finally {
        await handle.close();
      }
      const decipher = createDecipheriv('aes-256-gcm', keys.cipherKey, Buffer.from(e.iv, 'base64'));
      decipher.setAAD(whole.headerLine);
      decipher.setAuthTag(tag);
      await pipeline(source, decipher, gunzip, fs.createWriteStream(out, { flags: 'w', mode: 0o600 }));
    } else {
      await pipeline(source, gunzip, fs.createWriteStream(out, { flags: 'w', mode: 0o600 }));
    }
  } catch (err) {
    await fs.promises.rm(out, { force: true }).catch(() => {});
    if (err instanceof BackupFileError) throw err;
    // The checksum matched, so a failing tag or gzip means a file written wrong, or changed and
    // re-summed: refused the same way.
    throw new BackupFileError('backups.file.damaged', { file: name });
  }
  return header;
}

/** A Readable of one Blob (PGlite's dump of its data directory). */
export function blobStream(blob: Blob): Readable {
  // Slice by slice: the dump of a 100,000-pledge branch is some hundreds of MB, not copied whole again.
  return Readable.from(
    (async function* () {
      for (let at = 0; at < blob.size; at += CHUNK) {
        yield Buffer.from(await blob.slice(at, at + CHUNK).arrayBuffer());
      }
    })(),
  );
}
