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

/**
 * The same for one statement without a transaction of its own (begin, set local, the statement, commit:
 * four round trips instead of one): a common table expression that turns the disk wait off for the
 * statement's own transaction, for the statement to read from
 * (`with ${NO_DISK_WAIT} insert into … select … from no_disk_wait`,
 * `with ${NO_DISK_WAIT} update … from no_disk_wait where …`). `set_config(…, true)` lasts until the end
 * of the statement's implicit transaction, whose commit then does not wait for the disk.
 */
export const NO_DISK_WAIT = sql.raw(
  "no_disk_wait as (select set_config('synchronous_commit', 'off', true) as synchronous_commit)",
);
