import fs from 'node:fs';

/**
 * Test files of the old system, written byte by byte here and not by the libraries the importer reads
 * them with, so a library that changed bytes on both sides could not hide it.
 */

export interface DbfField {
  name: string;
  size: number;
}

/**
 * A dBASE III file (version 0x03) with character fields only, as FoxPro wrote them: records padded with
 * spaces to the field width; a record is active (0x20) or deleted (0x2A).
 */
export function writeDbf(
  file: string,
  fields: DbfField[],
  records: { values: Uint8Array[]; deleted?: boolean }[],
): void {
  const recordLength = 1 + fields.reduce((n, f) => n + f.size, 0);
  const headerLength = 32 + 32 * fields.length + 1;
  const header = Buffer.alloc(headerLength);
  header[0] = 0x03;
  header[1] = 98; // 1998
  header[2] = 6;
  header[3] = 15;
  header.writeUInt32LE(records.length, 4);
  header.writeUInt16LE(headerLength, 8);
  header.writeUInt16LE(recordLength, 10);
  fields.forEach((f, i) => {
    const at = 32 + 32 * i;
    header.write(f.name.toUpperCase().slice(0, 10), at, 'latin1');
    header[at + 11] = 'C'.charCodeAt(0);
    header[at + 16] = f.size;
  });
  header[headerLength - 1] = 0x0d;
  const body = Buffer.alloc(records.length * recordLength + 1, 0x20);
  records.forEach((r, i) => {
    let at = i * recordLength;
    body[at] = r.deleted ? 0x2a : 0x20;
    at += 1;
    fields.forEach((f, j) => {
      const value = r.values[j] ?? new Uint8Array();
      if (value.length > f.size) throw new Error(`${f.name}: ${value.length} bytes do not fit ${f.size}`);
      body.set(value, at);
      at += f.size;
    });
  });
  body[body.length - 1] = 0x1a;
  fs.writeFileSync(file, Buffer.concat([header, body]));
}

/** A CSV file from rows of byte fields, joined as given (the caller quotes what needs quoting). */
export function writeCsvBytes(file: string, rows: (string | Uint8Array)[][], eol = '\r\n'): void {
  const parts: Buffer[] = [];
  for (const row of rows) {
    row.forEach((field, i) => {
      if (i > 0) parts.push(Buffer.from(','));
      parts.push(typeof field === 'string' ? Buffer.from(field, 'latin1') : Buffer.from(field));
    });
    parts.push(Buffer.from(eol));
  }
  fs.writeFileSync(file, Buffer.concat(parts));
}
