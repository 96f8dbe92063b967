import { sql } from 'drizzle-orm';
import type { Db, Tx } from './open-db.ts';

/**
 * Bookkeeping that need not wait for the disk: a session's idle clock, an Idempotency-Key's
 * reservation and answer. The work runs in its own transaction with `synchronous_commit = off` for that
 * transaction only. PostgreSQL flushes its log in order, so the next transaction that does wait (a
 * payment's, a pledge's) makes this one durable too; a crash can lose only such bookkeeping written
 * after the last waiting commit (a session then looks idle a little early; a lost answer replays as
 * 'saved, but its answer was lost'). On PGlite the setting is accepted and changes nothing that matters.
 */
export function withoutDiskWait<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return work(tx);
  });
}
