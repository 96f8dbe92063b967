import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequestWithHeaders } from '@/lib/api-client';
import { companyQueryKey, keepPreviousDataOf } from '@/lib/company-query';
import { useSession } from '@/lib/session';

export const daybookDetailRecordSchema = z.object({
  account_id: z.number(),
  account_code: z.string().optional(),
  account_name: z.string().optional(),
  debit_amount: z.number(),
  credit_amount: z.number(),
  narration: z.string().nullable().optional(),
});

export const daybookEntryRecordSchema = z.object({
  entry_id: z.number(),
  entry_date: z.string(),
  voucher_type: z.string(),
  voucher_number: z.string(),
  reference_number: z.string().nullable().optional(),
  narration_code: z.string().nullable().optional(),
  narration_params: z.record(z.string(), z.string()).nullable().optional(),
  narration: z.string(),
  total_amount: z.number(),
  company_id: z.number(),
  created_at: z.string().nullable().optional(),
  /** 'manual' for daybook entries; 'pledge', 'payment'… for vouchers written by those screens. */
  source: z.string().optional(),
  /** False for vouchers of pledges and payments (docs/domain-rules.md §6.3): shown without Edit and Delete. */
  is_editable: z.boolean().optional(),
  daybook_details: z.array(daybookDetailRecordSchema),
});
export type DaybookEntry = z.infer<typeof daybookEntryRecordSchema>;

export interface DaybookFilters {
  from: string;
  to: string;
  voucherType: string;
  page: number;
}

export const DAYBOOK_PAGE_SIZE = 20;

export const daybookEntriesQueryKey = ['daybook-entries'] as const;

/** One page of vouchers and the count of all that match the filters. */
export interface DaybookPage {
  /** Where this page starts (the list shows the previous page while the next one loads). */
  skip: number;
  rows: DaybookEntry[];
  total: number;
  hasMore: boolean;
}

/**
 * GET /daybook-entries, one page, newest first, with the count of all matches from X-Total-Count.
 * A 404 means nothing to list (spec §2: empty state).
 */
export async function getDaybookEntries(filters: DaybookFilters): Promise<DaybookPage> {
  const skip = filters.page * DAYBOOK_PAGE_SIZE;
  try {
    const { body, headers } = await apiRequestWithHeaders<unknown>('/daybook-entries', {
      query: {
        skip,
        limit: DAYBOOK_PAGE_SIZE,
        from: filters.from,
        to: filters.to,
        voucher_type: filters.voucherType,
      },
    });
    const rows = z.array(daybookEntryRecordSchema).parse(body);
    const header = Number(headers.get('x-total-count'));
    if (headers.has('x-total-count') && Number.isFinite(header)) {
      return { skip, rows, total: header, hasMore: skip + rows.length < header };
    }
    // Without the count (a server that does not send it), a full page may have a next one.
    return { skip, rows, total: skip + rows.length, hasMore: rows.length === DAYBOOK_PAGE_SIZE };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { skip, rows: [], total: 0, hasMore: false };
    throw error;
  }
}

export function useDaybookEntries(filters: DaybookFilters) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: companyQueryKey(daybookEntriesQueryKey, companyId, filters),
    queryFn: () => getDaybookEntries(filters),
    placeholderData: keepPreviousDataOf<DaybookPage>(companyId),
  });
}

/** A voucher the daybook screen may change: manual ones only (the server answers 409 to the others). */
export function isEditableEntry(entry: DaybookEntry): boolean {
  if (entry.is_editable !== undefined) return entry.is_editable;
  return entry.source === undefined || entry.source === 'manual';
}
