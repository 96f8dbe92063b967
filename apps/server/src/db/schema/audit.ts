import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail: one row per write, appended in the write's own transaction
 * (plugins/audit.ts). Migration 0022 adds triggers that refuse UPDATE, DELETE and TRUNCATE, so no code
 * path and no admin can rewrite it.
 *
 * No foreign keys, on purpose: a row outlives what it names (a deleted voucher, user or company stays
 * readable here whole), and emptying the companies (tests, `truncate companies cascade`) must not reach
 * it. The company, user and record are kept as plain values, the user's name beside the id.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** The branch the change was made in (null: a sign-in attempt for no known user). */
    companyId: integer('company_id'),
    /** Who: null for the system (first start, demo seed, command-line tools) or an unknown sign-in. */
    userId: integer('user_id'),
    username: text('username'),
    /** What was done: create, update, delete, or the state change's name (release, reverse, close…). */
    action: text('action').notNull(),
    /** What it was done to (pledge, receipt, voucher, customer, company_settings…) and its key. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** The record before and after, money in rupees as in the API; null for a create's before. */
    before: jsonb('before'),
    after: jsonb('after'),
    /** The reason the user gave, where one was asked (reversal, reopening a day, write-off…). */
    reason: text('reason'),
    requestId: text('request_id'),
    /** 'POST /api/pledges/with-items': the route that made the change. */
    route: text('route'),
  },
  (t) => [
    index('audit_events_company_at_idx').on(t.companyId, t.at, t.id),
    index('audit_events_record_idx').on(t.companyId, t.entity, t.entityId, t.at, t.id),
    index('audit_events_user_idx').on(t.companyId, t.userId, t.at, t.id),
    check('audit_events_action_check', sql`length(${t.action}) between 1 and 40`),
    check('audit_events_entity_check', sql`length(${t.entity}) between 1 and 40`),
  ],
);
