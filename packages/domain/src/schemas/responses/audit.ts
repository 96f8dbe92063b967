import { z } from 'zod';

// The audit trail (issue 16 item 4): one event per write, never changed once written.

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
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  request_id: z.string().nullable(),
  route: z.string().nullable(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

/** GET /audit (X-Total-Count): newest first. */
export const auditListSchema = z.array(auditEventSchema);
