import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function insertUser(
  db: DbOrTx,
  input: { companyId: number; username: string; email: string; role: 'admin' | 'user'; passwordHash: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...input, username: input.username.trim(), email: input.email.trim() })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
