import { type AuditEventView, auditListSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '@/lib/api-client';
import { companyQueryKey, keepPreviousDataOf } from '@/lib/company-query';
import { useSession } from '@/lib/session';

export type { AuditEventView };

/** The filters of GET /audit, as the API names them; empty ones are left out of the address. */
export interface AuditQuery {
  from?: string | undefined;
  to?: string | undefined;
  user_id?: number | undefined;
  entity?: string | undefined;
  entity_id?: string | undefined;
  /** A record as staff type it: a pledge, receipt or voucher number, a customer code, or a record id. */
  record?: string | undefined;
  action?: string | undefined;
  /** 'none': the events of no branch (sign-in attempts with names nobody has). */
  company?: 'none' | undefined;
  skip: number;
  limit: number;
}

export interface AuditPage {
  events: AuditEventView[];
  total: number;
}

export const auditKey = ['audit'] as const;

/** GET /audit: one page of the trail, newest first, and the count of every event the filters match. */
export async function getAuditEvents(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  const { body, headers } = await apiRequestWithHeaders<unknown>('/audit', {
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
  const events = auditListSchema.parse(body);
  const header = Number(headers.get('x-total-count'));
  return { events, total: Number.isSafeInteger(header) ? header : events.length };
}

export function useAuditEvents(query: AuditQuery, enabled = true) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: companyQueryKey(auditKey, companyId, query),
    queryFn: ({ signal }: { signal: AbortSignal }) => getAuditEvents(query, signal),
    placeholderData: keepPreviousDataOf<AuditPage>(companyId),
    // The trail grows with every write: a screen opened again reads it again.
    staleTime: 0,
    enabled,
  });
}
