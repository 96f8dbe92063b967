import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { companies, users } from './core.ts';

/**
 * Answers of money-moving POSTs by Idempotency-Key (apps/server/README.md, "Money POSTs and the
 * Idempotency-Key"), per company and user: a retry with the same key and body gets the first answer
 * back and nothing is done twice. A row without a status is a request still running; past its lease
 * it is one cut off (the process killed), and a retry takes the key over, unless its work had committed
 * (committed_at). Kept for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** 'POST /api/daybook-entries' and the SHA-256 of the body: the same key must come with both. */
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code'),
    responseBody: jsonb('response_body'),
    /** Until when the request that reserved the key may still be running (plugins/idempotency.ts). */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now() + interval '2 minutes'`),
    /**
     * Set inside the money transaction itself (markIdempotentCommit): a row with this and no status
     * is a request whose work committed but whose answer was lost, which no retry may redo.
     */
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
