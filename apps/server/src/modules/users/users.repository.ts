import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
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
  db: Tx,
  input: { companyId: number; username: string; email: string; role: 'admin' | 'user'; passwordHash: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...input, username: input.username.trim(), email: input.email.trim() })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The users of a company, newest first (ARCHITECTURE §4). */
export async function listUsers(
  db: DbOrTx,
  companyId: number,
  page: { skip: number; limit: number },
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(page.skip)
    .limit(page.limit);
}

export async function findUserInCompany(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .limit(1);
  return rows[0];
}

/** The row locked for the rest of the transaction. */
export async function lockUser(db: Tx, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).for('update');
  return rows[0];
}

/**
 * Every admin row, locked in id order for the rest of the transaction. Two requests that would each
 * remove one of the last two admins queue here; the second then sees one admin and is refused.
 * Callers lock these before any other user row, so the lock order is always the same.
 */
export async function lockAdminIds(db: Tx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Whether another user (not `exceptId`) has this username or email, compared ignoring case. */
export async function findNameClashes(
  db: DbOrTx,
  input: { username: string; email: string; exceptId?: number },
): Promise<{ username: boolean; email: boolean }> {
  const username = input.username.trim();
  const email = input.email.trim();
  const rows = await db
    .select({
      username: sql<boolean>`lower(${users.username}) = lower(${username})`,
      email: sql<boolean>`lower(${users.email}) = lower(${email})`,
    })
    .from(users)
    .where(
      and(
        or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`),
        input.exceptId === undefined ? undefined : ne(users.id, input.exceptId),
      ),
    );
  return { username: rows.some((r) => r.username), email: rows.some((r) => r.email) };
}

export async function updateUser(
  db: Tx,
  id: number,
  input: {
    companyId: number;
    username: string;
    email: string;
    role: 'admin' | 'user';
    passwordHash?: string;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      companyId: input.companyId,
      username: input.username.trim(),
      email: input.email.trim(),
      role: input.role,
      ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The user's interface language ('en' or 'ta'). */
export async function setUserLanguage(
  db: Tx,
  id: number,
  language: 'en' | 'ta',
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ language, updatedAt: new Date().toISOString() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUser(db: Tx, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
