import {
  type CollectionReport,
  collectionReportSchema,
  type DisbursementReport,
  disbursementReportSchema,
  OPS_REPORT_MAX_PAGE_SIZE,
  type OverdueList,
  overdueListSchema,
  type RatioReport,
  ratioReportSchema,
} from '@pledge-desk/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';
import { downloadCsv } from '@/shared/api/download-csv';

export type { CollectionReport, DisbursementReport, OverdueList, RatioReport };

/** The operational registers, their API path and the parser of one page. */
export const registerApis = {
  overdue: { path: '/registers/overdue', parse: (v: unknown) => overdueListSchema.parse(v) },
  // The pledges past their loan-to-value tier (JSON only; its CSV is written here).
  rbiRatio: { path: '/reports/rbi-ratio', parse: (v: unknown) => ratioReportSchema.parse(v) },
  collections: { path: '/reports/collections', parse: (v: unknown) => collectionReportSchema.parse(v) },
  disbursements: { path: '/reports/disbursements', parse: (v: unknown) => disbursementReportSchema.parse(v) },
} as const;

export type RegisterKind = keyof typeof registerApis;
export type RegisterAnswer<K extends RegisterKind> = ReturnType<(typeof registerApis)[K]['parse']>;

/** The parameters of a register: `as_of` for the overdue list, `from` and `to` for the others. */
export type RegisterParams = Record<string, string>;

/** GET one page of a register. */
export async function getRegisterPage<K extends RegisterKind>(
  kind: K,
  params: RegisterParams,
  page: number,
  pageSize: number,
): Promise<RegisterAnswer<K>> {
  const api = registerApis[kind];
  const body = await apiRequest<unknown>(api.path, {
    query: { ...params, page: String(page), page_size: String(pageSize) },
  });
  return api.parse(body) as RegisterAnswer<K>;
}

/** One page of a register on screen; the previous page stays shown while the next loads. */
export function useRegisterPage<K extends RegisterKind>(
  kind: K,
  params: RegisterParams,
  page: number,
  pageSize: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: useCompanyQueryKey(['operations-reports', kind], params, page, pageSize),
    queryFn: () => getRegisterPage(kind, params, page, pageSize),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every row of the range for the print view, page by page (200 rows a request), reporting progress;
 * the first page's totals and summaries come with it.
 */
export async function getWholeRegister<K extends RegisterKind>(
  kind: K,
  params: RegisterParams,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<RegisterAnswer<K>> {
  const first = await getRegisterPage(kind, params, 1, OPS_REPORT_MAX_PAGE_SIZE);
  const rows: unknown[] = [...first.rows];
  onProgress(rows.length, first.total_count);
  const pages = Math.ceil(first.total_count / OPS_REPORT_MAX_PAGE_SIZE);
  for (let page = 2; page <= pages; page++) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const next = await getRegisterPage(kind, params, page, OPS_REPORT_MAX_PAGE_SIZE);
    rows.push(...next.rows);
    onProgress(rows.length, first.total_count);
  }
  return { ...first, rows } as RegisterAnswer<K>;
}

/** Saves the whole range as CSV (the shared download keeps the byte order mark). */
export function downloadRegisterCsv(kind: RegisterKind, params: RegisterParams, filename: string) {
  return downloadCsv(registerApis[kind].path, params, filename);
}
