import { z } from '../zod.ts';

// The audit trail: one event per write, never changed once written.

/** An audit event as GET /audit answers it. Money inside before/after is in rupees, as in the API. */
export const auditEventSchema = z.object({
  id: z.number().int(),
  /** When, ISO 8601 UTC. */
  at: z.string(),
  company_id: z.number().int().nullable(),
  /** Who: null for the system (first start, demo data, command-line tools) or an unknown name. */
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /**
   * The record as staff name it: a pledge, receipt or voucher number, a customer
   * code, a user's name…; null when it has none (show the entity and its id).
   */
  record: z.string().nullable().default(null),
  /** The names of the users whose ids the snapshots hold (`created_by`, `approved_by`…), by id. */
  user_names: z.record(z.string(), z.string()).default({}),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  request_id: z.string().nullable(),
  route: z.string().nullable(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

/** GET /audit (X-Total-Count): newest first. */
export const auditListSchema = z.array(auditEventSchema);
