import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';

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
  narration: z.string(),
  total_amount: z.number(),
  company_id: z.number(),
  created_at: z.string().nullable().optional(),
  /** 'manual' for daybook entries; 'pledge', 'payment'… for vouchers written by those screens. */
  source: z.string().optional(),
  /** False for vouchers of pledges and payments (DOMAIN-RULES §6): shown without Edit and Delete. */
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

/**
 * GET /daybook-entries, one page, newest first. One row more than a page is asked for, so the screen
 * knows whether a next page exists without counting. A 404 means nothing to list (spec §2: empty state).
 */
export async function getDaybookEntries(
  filters: DaybookFilters,
): Promise<{ rows: DaybookEntry[]; hasMore: boolean }> {
  try {
    const body = await apiRequest<unknown>('/daybook-entries', {
      query: {
        skip: filters.page * DAYBOOK_PAGE_SIZE,
        limit: DAYBOOK_PAGE_SIZE + 1,
        from: filters.from,
        to: filters.to,
        voucher_type: filters.voucherType,
      },
    });
    const rows = z.array(daybookEntryRecordSchema).parse(body);
    return { rows: rows.slice(0, DAYBOOK_PAGE_SIZE), hasMore: rows.length > DAYBOOK_PAGE_SIZE };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { rows: [], hasMore: false };
    throw error;
  }
}

export function useDaybookEntries(filters: DaybookFilters) {
  return useQuery({
    queryKey: [...daybookEntriesQueryKey, filters],
    queryFn: () => getDaybookEntries(filters),
    placeholderData: keepPreviousData,
  });
}

/** A voucher the daybook screen may change: manual ones only (the server answers 409 to the others). */
export function isEditableEntry(entry: DaybookEntry): boolean {
  if (entry.is_editable !== undefined) return entry.is_editable;
  return entry.source === undefined || entry.source === 'manual';
}
