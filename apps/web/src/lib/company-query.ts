import type { QueryKey } from '@tanstack/react-query';
import { useSession } from './session';

/** What a company-scoped query key carries: the branch whose records the answer holds. */
export interface CompanyKeyPart {
  companyId: number | null;
}

function isCompanyKeyPart(value: unknown): value is CompanyKeyPart {
  return typeof value === 'object' && value !== null && 'companyId' in value;
}

/**
 * The key of a company-scoped query: the feature's base, the selected company, then the rest
 * (`['customers', {companyId: 2}, {skip: 0, …}]`). Every call carries `X-Company-Id`, so an answer
 * belongs to one branch; with the company in the key, one branch's cached rows can never be served for
 * another. The company sits after the base, so `invalidateQueries({queryKey: base})` still
 * reaches every entry of the feature.
 */
export function companyQueryKey<const B extends readonly unknown[], const R extends readonly unknown[]>(
  base: B,
  companyId: number | null,
  ...rest: R
): readonly [...B, CompanyKeyPart, ...R] {
  return [...base, { companyId }, ...rest] as const;
}

/** {@link companyQueryKey} for the company selected in this session. */
export function useCompanyQueryKey<const B extends readonly unknown[], const R extends readonly unknown[]>(
  base: B,
  ...rest: R
): readonly [...B, CompanyKeyPart, ...R] {
  const { company } = useSession();
  return companyQueryKey(base, company?.id ?? null, ...rest);
}

/** The company a key was made for by {@link companyQueryKey}, or undefined for a key without one. */
export function companyOfKey(queryKey: QueryKey): number | null | undefined {
  const part = queryKey.find(isCompanyKeyPart);
  return part ? part.companyId : undefined;
}

/**
 * `placeholderData` for a paged list: the previous page stays on screen while the next one loads
 * (TanStack's keepPreviousData), but only when it came from the same company. A list still mounted
 * when the branch changes shows its spinner, never the other branch's rows.
 */
export function keepPreviousDataOf<T>(companyId: number | null) {
  return (previousData: T | undefined, previousQuery: { queryKey: QueryKey } | undefined) =>
    previousQuery && companyOfKey(previousQuery.queryKey) === companyId ? previousData : undefined;
}
