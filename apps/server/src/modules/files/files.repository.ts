import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { appSettings, files } from '../../db/schema/index.ts';
import type { ImageMime } from './image-type.ts';

export async function insertFile(
  db: Tx,
  input: { companyId: number; kind: string; mime: ImageMime; data: Uint8Array; createdBy: number | null },
): Promise<number> {
  const [row] = await db
    .insert(files)
    .values({
      companyId: input.companyId,
      kind: input.kind,
      mime: input.mime,
      sizeBytes: input.data.byteLength,
      sha256: createHash('sha256').update(input.data).digest('hex'),
      data: input.data,
      createdBy: input.createdBy,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function findFile(db: DbOrTx, id: number) {
  const rows = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return rows[0];
}

export async function deleteFile(db: Tx, id: number): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

/** A server-wide setting, stored with `first` when it has none yet (concurrent starts agree on one). */
export async function settingOrFirst(tx: Tx, key: string, first: string): Promise<string> {
  await tx.insert(appSettings).values({ key, value: first }).onConflictDoNothing();
  const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`setting ${key} missing`);
  return row.value;
}
