import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/open-db.ts';
import { settingOrFirst } from './files.repository.ts';

/** How long a file link works. An <img> cannot send a bearer token, so the link carries the right. */
export const FILE_LINK_SECONDS = 60 * 60;

export interface FileLinks {
  url(fileId: number, now?: number): string;
  verify(fileId: number, exp: number, sig: string, now?: number): 'ok' | 'expired' | 'invalid';
}

/** The signing secret is made on first start and kept in the database, so every process shares it. */
export async function loadFileLinks(db: Db): Promise<FileLinks> {
  const value = await db.transaction((tx) =>
    settingOrFirst(tx, 'file_link_secret', randomBytes(32).toString('hex')),
  );
  const secret = Buffer.from(value, 'hex');
  const sign = (fileId: number, exp: number) =>
    createHmac('sha256', secret).update(`file:${fileId}:${exp}`).digest('base64url');
  return {
    url(fileId, now = Date.now()) {
      const exp = Math.floor(now / 1000) + FILE_LINK_SECONDS;
      return `/api/files/${fileId}?exp=${exp}&sig=${sign(fileId, exp)}`;
    },
    verify(fileId, exp, sig, now = Date.now()) {
      const expected = Buffer.from(sign(fileId, exp));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      return exp * 1000 < now ? 'expired' : 'ok';
    },
  };
}
